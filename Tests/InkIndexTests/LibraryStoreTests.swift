import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

@Suite struct LibraryStoreTests {
    @Test func sqliteHasFTS5AndRTree() throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: library.path)
        #expect(db.hasCompileOption("ENABLE_FTS5"))
        #expect(db.hasCompileOption("ENABLE_RTREE"))
        try db.execute("CREATE VIRTUAL TABLE temp.f USING fts5(x); CREATE VIRTUAL TABLE temp.r USING rtree(id, a, b)")
        #expect(try db.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test func migratorStepsUpAndRefusesNewerSchemas() throws {
        let (_, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("m.sqlite").path)
        try Migrator(steps: ["CREATE TABLE a(x)"]).migrate(db)
        #expect(try db.userVersion == 1)
        try Migrator(steps: ["CREATE TABLE a(x)", "CREATE TABLE b(y)"]).migrate(db)
        #expect(try db.userVersion == 2)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')") == 2)
        #expect(throws: Migrator.Failure.newerSchema(found: 2, known: 1)) { try Migrator(steps: ["CREATE TABLE a(x)"]).migrate(db) }
    }

    @Test func followUpsRunOnceInTheirVersionsTransaction() throws {
        let (_, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f.sqlite").path
        let fill: @Sendable (Database) throws -> Void = { try $0.execute("INSERT INTO a(x) SELECT 1 + count(*) FROM a") }
        let migrator = Migrator(steps: ["CREATE TABLE a(x)", "SELECT 1"], followUps: [2: fill])
        try migrator.migrate(try Database(path: path))
        try migrator.migrate(try Database(path: path))
        #expect(try Database(path: path).scalarInt("SELECT count(*) FROM a") == 1)
        // A failing follow-up leaves its version untaken.
        struct Boom: Error {}
        let failing = Migrator(steps: migrator.steps + ["CREATE TABLE b(y)"], followUps: [3: { _ in throw Boom() }])
        #expect(throws: Boom.self) { try failing.migrate(try Database(path: path)) }
        #expect(try Database(path: path).userVersion == 2)
        #expect(try Database(path: path).scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'b'") == 0)
    }

    @Test func failedTransactionLeavesNothing() throws {
        let (_, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("t.sqlite").path)
        try db.execute("CREATE TABLE t(x)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t(x) VALUES (?)", [.int(1)])
                throw Boom()
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO missing VALUES (1)") }
    }

    @Test func recordBytesAreIdenticalAfterRecognitionAndReindexing() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drawing = transcribedPage(["amazing grace how sweet", "Jn 3:16 for God so loved"])
        try await library.add(drawing, id: "n1", title: "Sunday")
        let before = try await library.drawingBytes(id: "n1")
        try await library.index(noteID: "n1", using: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 1)))
        #expect(try await library.drawingBytes(id: "n1") == before)
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 2))).run()
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 2))).run(force: true)
        #expect(try await library.drawingBytes(id: "n1") == before)
        #expect(try await library.drawing(id: "n1") == drawing)
        #expect(try await library.indexState(noteID: "n1")?.recognitionVersion == 2)
        #expect(try await library.check().isHealthy)
    }

    @Test func checksumsTellDrawingsApart() {
        // The IEEE CRC-32 of bytes that end with their own CRC-32 is a constant; CRC-32C is not.
        let a = BinaryDrawingCodec.encode(transcribedPage(["grace"])), b = BinaryDrawingCodec.encode(transcribedPage(["mercy"]))
        #expect(CRC32C.checksum(a) != CRC32C.checksum(b))
        #expect(CRC32C.checksum(Data("123456789".utf8)) == 0xE306_9283)
    }

    @Test func checkFindsDamagedDrawings() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["grace"]), id: "good")
        try await library.add(transcribedPage(["mercy"]), id: "bad")
        let db = try Database(path: library.path)
        try db.execute("UPDATE notes SET drawing = substr(drawing, 2) WHERE id = 'bad'")
        let report = try await library.check()
        #expect(report.notesChecked == 2)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("'bad'") == true)
        await #expect(throws: LibraryError.damagedNote(id: "bad", reason: "checksum mismatch")) { try await library.drawing(id: "bad") }
        await #expect(throws: LibraryError.noteNotFound("nope")) { try await library.drawing(id: "nope") }
        await #expect(throws: LibraryError.duplicateNote("good")) { try await library.add(Drawing(), id: "good") }
    }

    @Test func anIndexOfInkThatChangedMeanwhileIsNotCommitted() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["grace"]), id: "n")
        let (drawing, checksum) = try await library.indexTarget(noteID: "n")
        try await library.save(transcribedPage(["mercy"]), id: "n")
        let index = try await NoteIndexer(recognizer: TranscriptRecognizer()).index(drawing)
        #expect(try await library.commitIndex(index, noteID: "n", drawingChecksum: checksum) == false)
        #expect(try await library.words(noteID: "n").isEmpty)
        #expect(try await library.notesToIndex(version: 1) == ["n"])
    }

    @Test func indexesCommittedTogetherSkipChangedInkAndFailAsOne() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let indexer = NoteIndexer(recognizer: TranscriptRecognizer())
        for (id, text) in [("a", "grace"), ("b", "peace")] { try await library.add(transcribedPage([text], id: id), id: id) }
        let a = try await library.indexTarget(noteID: "a"), b = try await library.indexTarget(noteID: "b")
        try await library.save(transcribedPage(["mercy"], id: "b"), id: "b")
        let committed = try await library.commitIndexes([
            (index: try await indexer.index(a.drawing), noteID: "a", drawingChecksum: a.checksum),
            (index: try await indexer.index(b.drawing), noteID: "b", drawingChecksum: b.checksum),
        ])
        #expect(committed == [true, false])
        #expect(try await library.search("grace").map(\.noteID) == ["a"])
        #expect(try await library.notesToIndex(version: 1) == ["b"])

        // A missing note fails the whole batch: the note before it keeps no new rows.
        let fresh = try await library.indexTarget(noteID: "b")
        await #expect(throws: LibraryError.noteNotFound("gone")) {
            try await library.commitIndexes([
                (index: try await indexer.index(fresh.drawing), noteID: "b", drawingChecksum: fresh.checksum),
                (index: try await indexer.index(fresh.drawing), noteID: "gone", drawingChecksum: fresh.checksum),
            ])
        }
        #expect(try await library.search("mercy").isEmpty)
        #expect(try await library.notesToIndex(version: 1) == ["b"])
    }

    @Test func notesToIndexAreOldestFirstAndByVersion() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        for id in ["a", "b", "c"] { try await library.add(transcribedPage([id + "word"], id: id), id: id) }
        let v1 = NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 1))
        for (id, time) in [("b", 100.0), ("a", 200.0)] {
            let (drawing, checksum) = try await library.indexTarget(noteID: id)
            try await library.commitIndex(try await v1.index(drawing), noteID: id, drawingChecksum: checksum, at: Date(timeIntervalSince1970: time))
        }
        #expect(try await library.notesToIndex(version: 1) == ["c"])
        #expect(try await library.notesToIndex(version: 2) == ["c", "b", "a"])
        let stats = try await library.stats(currentVersion: 2)
        #expect(stats.notes == 3 && stats.indexedNotes == 2 && stats.outdatedNotes == 3 && stats.recognitionVersions == [1: 2])
        // Where the file's bytes go, table by table (SQLite's dbstat): the ink in `notes`, the
        // rest derived; the pages add up to the file.
        #expect((stats.tableBytes["notes"] ?? 0) >= stats.drawingBytes && (stats.tableBytes["tokens"] ?? 0) > 0)
        #expect(stats.tableBytes.values.reduce(0, +) <= stats.fileBytes)
    }

    @Test func wordsAreStoredWithStrokesBoundsAndASpatialIndex() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drawing = transcribedPage(["amazing grace", "how sweet"])
        try await library.add(drawing, id: "n")
        try await library.index(noteID: "n", using: NoteIndexer(recognizer: TranscriptRecognizer()))
        let words = try await library.words(noteID: "n")
        #expect(words.map { $0.readings.first?.text } == ["amazing", "grace", "how", "sweet"])
        #expect(words[0].line == words[1].line && words[1].line < words[2].line && words[2].line == words[3].line)
        let grace = words[1]
        #expect(grace.bounds == Drawing(strokes: drawing.strokes(withIDs: Set(grace.strokeIDs))).bounds)
        let inRegion = try await library.words(noteID: "n", in: grace.bounds.insetBy(dx: 2, dy: 2))
        #expect(inRegion.map { $0.readings.first?.text } == ["grace"])
        try await library.delete(id: "n")
        #expect(try await library.words(noteID: "n").isEmpty)
        #expect(try await library.stats().words == 0)
    }
}

@Suite struct LibraryMigrationTests {
    @Test func version2RebuildsTheDerivedTablesAndKeepsEveryDrawing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let drawing = transcribedPage(["grace"])
        let bytes = BinaryDrawingCodec.encode(drawing)
        do {
            let db = try Database(path: path)
            try Migrator(steps: [LibrarySchema.version1]).migrate(db)
            try db.execute("INSERT INTO notes(id, title, created, modified, drawing, checksum) VALUES ('n', 't', 0, 0, ?, ?)",
                           [.blob(bytes), .int(Int64(CRC32C.checksum(bytes)))])
            try db.execute("INSERT INTO note_index VALUES ('n', 1, 0, ?, 0)", [.int(Int64(CRC32C.checksum(bytes)))])
        }
        let library = try NoteLibrary(path: path)
        #expect(try Database(path: path).userVersion == NoteLibrary.schemaVersion)
        #expect(try await library.drawingBytes(id: "n") == bytes)
        #expect(try await library.notesToIndex(version: 1) == ["n"])
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run()
        #expect(try await library.search("grace").map(\.noteID) == ["n"])
    }

    @Test func exportedSVGHighlightsTheHits() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["amazing grace"]), id: "n")
        try await library.index(noteID: "n", using: NoteIndexer(recognizer: TranscriptRecognizer()))
        let hits = try await library.search("grace")
        let svg = LibraryExport.svg(try await library.drawing(id: "n"), highlighting: hits)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains(">grace</text>"))
        #expect(svg.components(separatedBy: "<path").count - 1 == (try await library.drawing(id: "n")).strokes.count)
    }
}
