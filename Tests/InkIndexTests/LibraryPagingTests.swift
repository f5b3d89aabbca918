import Foundation
import Testing
@testable import InkIndex

/// Pages of notes newest first (`notes(newestFirst:after:)`): every note once, in order, notes
/// made at the same instant told apart by id, and read through the index by creation.
@Suite struct LibraryPagingTests {
    @Test func pagesGiveEveryNoteOnceNewestFirst() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for n in 0..<23 {
            // Pairs made at the same instant: the id decides between them.
            try await library.add(transcribedPage(["note \(n)"]), id: String(format: "n%02d", n),
                                  created: start.addingTimeInterval(Double(n / 2)))
        }
        var pages: [[String]] = []
        var page = try await library.notes(newestFirst: 5)
        while !page.isEmpty {
            pages.append(page.map(\.id))
            guard let last = page.last else { break }
            page = try await library.notes(newestFirst: 5, after: (last.created, last.id))
        }
        #expect(pages.map(\.count) == [5, 5, 5, 5, 3])
        let all = try await library.notes().sorted { ($0.created, $0.id) > ($1.created, $1.id) }.map(\.id)
        #expect(pages.flatMap { $0 } == all)
        #expect(all.prefix(3) == ["n22", "n21", "n20"])
        #expect(try await library.notes(newestFirst: 0).isEmpty)

        let plan = try Database(path: library.path).query(
            "EXPLAIN QUERY PLAN SELECT id FROM notes n WHERE (n.created < 1 OR (n.created = 1 AND n.id < 'a')) ORDER BY n.created DESC, n.id DESC LIMIT 5"
        ) { $0.text(3) }.joined(separator: " ")
        #expect(plan.contains("notes_by_created"), "\(plan)")
    }
}
