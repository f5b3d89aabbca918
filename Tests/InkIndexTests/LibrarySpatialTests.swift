import Foundation
import Testing
@testable import InkIndex
import InkTools

/// Schema 6: clusters, marks and links stored beside the words; the migration from 5 keeps
/// every drawing and reads old words as body words until they are reindexed.
@Suite struct LibrarySpatialTests {
    /// Makes a file what version 5 wrote (SQL; the version is left to the caller), version 7's
    /// column (`LibraryModelTests`) undone first.
    static let version6Undone = LibraryModelTests.version8Undone + """
        ALTER TABLE note_index DROP COLUMN recognition_model;
        ALTER TABLE tokens DROP COLUMN cluster; ALTER TABLE tokens DROP COLUMN cluster_kind; ALTER TABLE tokens DROP COLUMN marks;
        DROP TABLE clusters; DROP TABLE token_marks; DROP TABLE link_tokens; DROP TABLE link_ends; DROP TABLE links;
        """

    @Test func migrationFromVersion5KeepsDrawingsAndOldWordsReadAsBody() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drawing = transcribedPage(["grace and peace", "see Rom 5"], id: "n0")
        try await library.add(drawing, id: "n0")
        try await library.index(noteID: "n0", using: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 4)))
        let bytes = try await library.drawingBytes(id: "n0")
        try Database(path: library.path).execute(Self.version6Undone + "PRAGMA user_version = 5;")
        let upgraded = try NoteLibrary(path: library.path)
        #expect(try Database(path: library.path).userVersion == NoteLibrary.schemaVersion)
        #expect(try await upgraded.drawingBytes(id: "n0") == bytes)
        let hit = try await upgraded.search("grace").first
        #expect(hit?.context == HitContext(cluster: .body, line: 0))
        #expect(try await upgraded.search("grace", filter: .inMargin).isEmpty)
        // Recognition version 5 covers the layout: the note is due for reindexing.
        #expect(try await upgraded.notesToIndex(version: 5) == ["n0"])
        #expect(try await upgraded.check().isHealthy)
    }

    @Test func reindexingReplacesTheMarkupRowsAndDeletingANoteRemovesThem() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["grace and peace"], id: "n0"), id: "n0")
        let words = try await NoteIndexer(recognizer: TranscriptRecognizer()).index(transcribedPage(["grace and peace"], id: "n0")).words
        var markup = PageMarkup(plain: words.count)
        markup.places[0].marks = [PageMarkup.Mark(kind: .underline, id: 0)]
        let linked = PageMarkup(places: markup.places, links: [PageMarkup.Link(kind: .points, mark: PageMarkup.Mark(kind: .arrow, id: 1), ends: [
            PageMarkup.End(role: .from, tokens: [0], strokeIDs: words[0].strokeIDs), PageMarkup.End(role: .to, tokens: [2], strokeIDs: words[2].strokeIDs),
        ])])
        for _ in 0..<2 {
            let (_, checksum) = try await library.indexTarget(noteID: "n0")
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words, markup: linked), noteID: "n0", drawingChecksum: checksum)
        }
        let grace = try await library.search("grace", filter: .emphasized)
        #expect(grace.map(\.reading) == ["grace"])
        #expect(grace.first?.context?.relations.map(\.reading) == ["peace"])
        #expect(try await library.linked(to: "peace").map(\.reading) == ["grace"])
        try await library.delete(id: "n0")
        let db = try Database(path: library.path)
        for table in ["clusters", "token_marks", "links", "link_ends", "link_tokens"] {
            #expect(try db.scalarInt("SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
    }
}
