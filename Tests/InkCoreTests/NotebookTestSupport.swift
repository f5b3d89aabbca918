import Foundation
import Testing
@testable import InkCore

/// What the notebook readers' tests share: the kind of error a read throws, whether its pages
/// are sound, and a seeded generator for the mutation tests.
enum NotebookChecks {
    /// The kind of `NotebookError` the body throws (the readers throw nothing else), nil where it
    /// throws none.
    static func errorKind(_ body: () throws -> some Any) -> NotebookError.Kind? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? NotebookError)?.kind
        }
    }

    /// Pages numbered from 1, no stroke without points, every point finite.
    static func expectSoundPages(_ notebook: InkNotebook) {
        #expect(notebook.pages.enumerated().allSatisfy { $0.offset + 1 == $0.element.number })
        #expect(notebook.pages.allSatisfy { page in
            page.drawing.strokes.allSatisfy { !$0.points.isEmpty && $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } }
        })
    }

    /// How many random edits the mutation tests make: `INKINDEX_NOTEBOOK_MUTATIONS`, else 1,500.
    static var mutationRounds: Int { Int(ProcessInfo.processInfo.environment["INKINDEX_NOTEBOOK_MUTATIONS"] ?? "") ?? 1500 }
}

/// What a fixture generator (`Fixtures/<Format>/make_fixtures.py`) says its files hold, from
/// its `expected.json`: the format version and, per page, the strokes and points.
struct ExpectedNotebook {
    struct Page {
        var strokes: Int
        var points: [Int]
        var highlighter: Int
        var texts: [String]
        var skipped: [String: Int]
    }

    var version: String
    var pages: [Page]

    /// Every fixture's expectations in `Fixtures/<folder>/expected.json`.
    static func load(_ folder: String, filePath: String = #filePath) throws -> [String: ExpectedNotebook] {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(folder)/expected.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]])
        var result: [String: ExpectedNotebook] = [:]
        for (name, entry) in object {
            let pages = try #require(entry["pages"] as? [[String: Any]]).map { page in
                Page(strokes: page["strokes"] as? Int ?? -1, points: page["points"] as? [Int] ?? [],
                     highlighter: page["highlighter"] as? Int ?? -1, texts: page["texts"] as? [String] ?? [],
                     skipped: page["skipped"] as? [String: Int] ?? [:])
            }
            result[name] = ExpectedNotebook(version: try #require(entry["version"] as? String), pages: pages)
        }
        return result
    }

    /// The notebook read from `data` as `fileIdentity` is what the generator wrote: its version,
    /// hash, page numbers and ids, and per page the strokes, points, highlighter strokes, texts
    /// and skipped counts; every page goes through InkML.
    func expectMatched(by notebook: InkNotebook, data: Data, fileIdentity: String) {
        #expect(notebook.formatVersion == version)
        #expect(notebook.contentHash == Xournal.contentHash(of: data))
        #expect(notebook.pages.map(\.number) == Array(1..<(pages.count + 1)))
        #expect(notebook.pages.map(\.id) == notebook.pages.map { DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: $0.number) })
        for (page, want) in zip(notebook.pages, pages) {
            let name = "\(fileIdentity) page \(page.number)"
            #expect(page.drawing.strokes.count == want.strokes, "\(name)")
            #expect(page.drawing.strokes.map(\.points.count) == want.points, "\(name)")
            #expect(page.highlighterStrokes == want.highlighter, "\(name)")
            #expect(page.texts == want.texts, "\(name)")
            #expect(page.skipped == want.skipped, "\(name)")
            #expect(throws: Never.self) { try InkML.write(page.drawing) }
        }
    }
}

/// A small deterministic generator (SplitMix64) for the mutation tests.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 where the bound is 0).
    mutating func below(_ bound: Int) -> Int { bound > 0 ? Int(next() % UInt64(bound)) : 0 }
}
