import Foundation
import InkTools
import Testing
@testable import InkIndex

/// `compact()`: a library made with 4 KiB pages (before schema 11) rewritten in 1 KiB pages
/// without its free space: smaller, every note and its index the same; refused while another
/// connection has the file open, changing nothing.
@Suite struct LibraryCompactTests {
    private func library(pageSize: Int) async throws -> (NoteLibrary, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("library.sqlite").path
        do {
            // A file as InkIndex made them before: its page size set while it held no page.
            let db = try Database(path: path)
            _ = try db.scalarText("PRAGMA journal_mode=DELETE")
            try db.execute("PRAGMA page_size=\(pageSize)")
            try db.execute("VACUUM")
        }
        let library = try NoteLibrary(path: path)
        let indexer = NoteIndexer(recognizer: TranscriptRecognizer())
        for n in 0..<30 {
            try await library.add(transcribedPage(["grace upon grace number \(n)", "the word was light"], id: "n\(n)", seed: UInt64(n + 1)),
                                  id: "n\(n)")
            try await library.index(noteID: "n\(n)", using: indexer)
        }
        for n in stride(from: 0, to: 30, by: 2) { try await library.delete(id: "n\(n)") }
        return (library, directory)
    }

    @Test func aLibraryOf4KiBPagesShrinksAndKeepsEveryNoteAndItsIndex() async throws {
        let (library, directory) = try await library(pageSize: 4_096)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Database(path: library.path).scalarInt("PRAGMA page_size") == 4_096)
        let notes = try await library.notes()
        var drawings: [String: Data] = [:]
        for note in notes { drawings[note.id] = try await library.drawingBytes(id: note.id) }
        let hits = try await library.search("grace").map { "\($0.noteID) \($0.reading) \($0.score)" }
        let changes = try await library.changes(since: 0)

        let (before, after) = try await library.compact()
        #expect(after < before, "\(before) → \(after)")
        let db = try Database(path: library.path)
        #expect(try db.scalarInt("PRAGMA page_size") == 1_024)
        #expect(try db.scalarText("PRAGMA journal_mode")?.lowercased() == "wal")
        #expect(try await library.notes() == notes)
        for note in notes { #expect(try await library.drawingBytes(id: note.id) == drawings[note.id]) }
        #expect(try await library.search("grace").map { "\($0.noteID) \($0.reading) \($0.score)" } == hits)
        #expect(try await library.changes(since: 0) == changes)
        #expect(try await library.check().isHealthy)
        // Writes go on as before.
        try await library.add(transcribedPage(["after compacting"], id: "later"), id: "later")
        #expect(try await library.notes().count == notes.count + 1)
    }

    @Test func anotherConnectionOpenRefusesItAndChangesNothing() async throws {
        let (library, directory) = try await library(pageSize: 4_096)
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try NoteLibrary(path: library.path)
        _ = try await other.notes()
        let bytes = try await library.stats().fileBytes
        await #expect(throws: LibraryError.inUse(path: library.path)) { try await library.compact() }
        #expect(try await library.stats().fileBytes == bytes)
        #expect(try Database(path: library.path).scalarInt("PRAGMA page_size") == 4_096)
        #expect(try await other.notes().count == 15)
        #expect(try await library.check().isHealthy)
    }
}
