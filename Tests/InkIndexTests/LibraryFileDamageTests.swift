import Foundation
import Testing
@testable import InkIndex

/// Damage the `library` fuzz target found (Fuzz/Harnesses/LibraryFileHarness.swift): bytes of the
/// file changed under SQLite, not through it.
@Suite struct LibraryFileDamageTests {
    /// A library file with two notes, its WAL folded in, so that its bytes are the whole library.
    private func twoNoteFile() async throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-damage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("notes.sqlite").path
        let library = try NoteLibrary(path: path)
        try await library.add(FakePage(lines: ["grace"]).drawing, id: "note-a")
        try await library.add(FakePage(lines: ["mercy"]).drawing, id: "note-b")
        try Database(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return (path, directory)
    }

    /// The byte range of `page` (1-based) in the file.
    private func pageRange(_ page: Int, in path: String) throws -> Range<Int> {
        let db = try Database(path: path, readOnly: true)
        let size = Int(try db.scalarInt("PRAGMA page_size") ?? 4096)
        return (page - 1) * size..<page * size
    }

    /// The key of note-a in the notes' key index (not its row in the table) made to spell another
    /// id, one that keeps the index in order, so that note-b is still found through it.
    private func damageKeyOfNoteA(in path: String) throws {
        let indexPage = try Database(path: path, readOnly: true)
            .scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = 'sqlite_autoindex_notes_1'")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let page = try pageRange(Int(try #require(indexPage)), in: path)
        let key = try #require(bytes[page].firstRange(of: Data("note-a".utf8)))
        bytes[key.upperBound - 1] = UInt8(ascii: "0")
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test func aDamagedKeyIndexIsReportedAndTheOtherNotesReadBack() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try damageKeyOfNoteA(in: path)

        let library = try NoteLibrary(path: path)
        await #expect(throws: LibraryError.noteNotFound("note-a")) { try await library.drawing(id: "note-a") }
        let report = try await library.check()
        #expect(!report.isHealthy)
        #expect(report.problems.contains { $0.hasPrefix("database:") && $0.contains("sqlite_autoindex_notes_1") })
        #expect(try await library.drawing(id: "note-b") == FakePage(lines: ["mercy"]).drawing)
        #expect(try await library.notes().count == 2)
    }

    /// `repair()` mends a damaged key index from the table and touches no note.
    @Test func repairRebuildsADamagedKeyIndexAndChangesNoRecord() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = try Database(path: path, readOnly: true).query("SELECT id, checksum, drawing FROM notes ORDER BY rowid") {
            [$0.text(0), String($0.int(1)), $0.blob(2).base64EncodedString()]
        }
        try damageKeyOfNoteA(in: path)

        let library = try NoteLibrary(path: path)
        #expect(try await !library.check().isHealthy)
        let report = try await library.repair()
        #expect(!report.problemsBefore.isEmpty)
        #expect(report.isHealthy, "\(report.problemsAfter)")
        #expect(try await library.check().isHealthy)
        #expect(try await library.drawing(id: "note-a") == FakePage(lines: ["grace"]).drawing)
        #expect(try Database(path: path, readOnly: true).query("SELECT id, checksum, drawing FROM notes ORDER BY rowid") {
            [$0.text(0), String($0.int(1)), $0.blob(2).base64EncodedString()]
        } == rows)
        // A whole library needs nothing.
        #expect(try await library.repair().problemsBefore.isEmpty)
    }

    @Test func aKeyIndexEntryNamingAnotherRowIsAnErrorNotThatNotesStrokes() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let indexPage = try Database(path: path, readOnly: true)
            .scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = 'sqlite_autoindex_notes_1'")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let page = try pageRange(Int(try #require(indexPage)), in: path)
        // An index record is the key, then the rowid (one byte here): note-b's entry now names
        // row 1, note-a's.
        let key = try #require(bytes[page].firstRange(of: Data("note-b".utf8)))
        #expect(bytes[key.upperBound] == 2)
        bytes[key.upperBound] = 1
        try bytes.write(to: URL(fileURLWithPath: path))

        let library = try NoteLibrary(path: path)
        await #expect(throws: LibraryError.damagedNote(id: "note-b", reason: "its entry in the notes' key index names the row of note 'note-a'")) {
            try await library.drawing(id: "note-b")
        }
        #expect(try await library.drawing(id: "note-a") == FakePage(lines: ["grace"]).drawing)
        let report = try await library.check()
        #expect(report.problems.contains { $0.contains("sqlite_autoindex_notes_1") })
        #expect(report.problems.contains { $0.contains("'note-b'") })
    }

    @Test func aFileCutShorterThanItsHeaderIsRefusedNotMadeANewLibrary() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = URL(fileURLWithPath: path)
        for cut in [Data([9]), try Data(contentsOf: url).prefix(15), Data("not a library at all".utf8)] {
            try cut.write(to: url)
            #expect(throws: LibraryError.self) { try NoteLibrary(path: path) }
            #expect(try Data(contentsOf: url) == cut, "the file was written over")
        }
        try Data().write(to: url)
        #expect(try await NoteLibrary(path: path).notes().isEmpty)
    }

    @Test func aNegativeSchemaVersionIsATypedErrorNotATrap() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The header's user_version (bytes 60-63, big-endian) is the schema version; a high byte
        // of 0xF5 makes it negative, whatever the current version is.
        let stored = bytes[60..<64].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        bytes[60] = 0xF5
        try bytes.write(to: URL(fileURLWithPath: path))
        let damaged = Int32(bitPattern: 0xF500_0000 | (stored & 0x00FF_FFFF))
        #expect(throws: LibraryError.invalidSchemaVersion(path: path, found: Int(damaged))) { try NoteLibrary(path: path) }
    }

    @Test func aTruncatedFileIsATypedErrorOrAReportedProblem() async throws {
        let (path, directory) = try await twoNoteFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for length in [0, 50, 100, 4096, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: path))
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            do {
                let library = try NoteLibrary(path: path)
                let report = try await library.check()
                let readable = try await library.notes().count
                #expect(!report.isHealthy || readable == 2 || length == 0, "cut to \(length) bytes")
            } catch {
                #expect(error is SQLiteError || error is LibraryError || error is Migrator.Failure, "cut to \(length) bytes: \(error)")
            }
        }
    }
}
