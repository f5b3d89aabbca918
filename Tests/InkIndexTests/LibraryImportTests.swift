import Foundation
import Testing
@testable import InkIndex
import InkTools

/// Files imported page by page (`NoteLibrary.importFile`): a changed file updates its notes,
/// pages and files that are gone take their notes with them, and an unchanged page is not
/// written again.
@Suite struct LibraryImportTests {
    @Test func aChangedFileUpdatesItsNotesAndDropsItsLostPages() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = (1...2).map { DrawingFile.pageID(fileIdentity: "notes/week1.xopp", pageNumber: $0).uuidString }
        let first = try await library.importFile(identity: "notes/week1.xopp", contentHash: 7, pages: [
            (ids[0], "week1.xopp, page 1", transcribedPage(["grace"], id: "p1")),
            (ids[1], "week1.xopp, page 2", transcribedPage(["peace"], id: "p2")),
        ])
        #expect(first == ids)
        #expect(try await library.importedFiles().map(\.noteIDs) == [ids])

        // The notebook changes: page 1 rewritten, page 2 removed.
        let second = try await library.importFile(identity: "notes/week1.xopp", contentHash: 8, pages: [
            (ids[0], "week1.xopp, page 1", transcribedPage(["mercy"], id: "p1")),
        ])
        #expect(second == [ids[0]])
        #expect(try await library.contains(id: ids[0]))
        #expect(try await !library.contains(id: ids[1]), "the lost page's note is deleted")
        #expect(try await library.notes().count == 1)
        #expect(try await library.importedFiles().first?.contentHash == 8)

        // The same bytes again: nothing is written.
        let modified = try await library.note(id: ids[0]).modified
        let third = try await library.importFile(identity: "notes/week1.xopp", contentHash: 8, pages: [
            (ids[0], "week1.xopp, page 1", transcribedPage(["mercy"], id: "p1")),
        ])
        #expect(third.isEmpty)
        #expect(try await library.note(id: ids[0]).modified == modified)

        #expect(try await library.forgetImportedFile(identity: "notes/week1.xopp") == 1)
        #expect(try await library.notes().isEmpty)
        #expect(try await library.importedFiles().isEmpty)
    }
}
