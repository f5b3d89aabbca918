import Foundation
import Testing
@testable import InkIndex
import InkTools

@Suite struct LibraryRevisionTests {
    @Test func everySaveGrowsTheRevisionAndAStaleOneChangesNothing() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = TranscribedInk.page(["in the beginning"], id: "a")
        let second = TranscribedInk.page(["was the word"], id: "b")
        try await library.add(first, id: "n", title: "John 1")
        #expect(try await library.note(id: "n").revision == 1)
        try await library.save(second, id: "n", ifRevision: 1)
        #expect(try await library.revision(id: "n") == 2)
        try await library.save(first, id: "n")
        #expect(try await library.revision(id: "n") == 3)

        await #expect(throws: LibraryError.staleRevision(id: "n", expected: 2, current: 3)) {
            try await library.save(second, id: "n", ifRevision: 2)
        }
        await #expect(throws: LibraryError.staleRevision(id: "n", expected: 1, current: 3)) {
            try await library.delete(id: "n", ifRevision: 1)
        }
        #expect(try await library.drawing(id: "n") == first, "a refused save changes nothing")
        await #expect(throws: LibraryError.noteNotFound("absent")) { try await library.save(first, id: "absent", ifRevision: 1) }
        #expect(try await !library.contains(id: "absent"), "a conditional save never creates a note")
        try await library.delete(id: "n", ifRevision: 3)
        #expect(try await !library.contains(id: "n"))
    }

    @Test func notesOfAnOlderSchemaStartAtRevisionOne() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(TranscribedInk.page(["old"]), id: "old")
        // Back to schema 8, as a file written before revisions were kept.
        let db = try Database(path: library.path)
        try db.execute(LibraryModelTests.version9Undone)
        try db.setUserVersion(8)
        let reopened = try NoteLibrary(path: library.path)
        #expect(try await reopened.note(id: "old").revision == 1)
        try await reopened.save(TranscribedInk.page(["new"]), id: "old", ifRevision: 1)
        #expect(try await reopened.revision(id: "old") == 2)
    }
}
