import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

/// Reference queries through the `citations` table (where each reference is written), the
/// version 2 → 3 migration that fills it, and agreement with an in-memory `SearchIndex`.
@Suite struct LibraryCitationTests {
    private func library() async throws -> (NoteLibrary, URL) {
        let (library, directory) = try makeTemporaryLibrary()
        try await library.add(transcribedPage(["God so loved the world", "John 3.16 and grace"], id: "john"), id: "john")
        try await library.add(transcribedPage(["love is patient", "read 1 Cor 13:4-7 today"], id: "cor13"), id: "cor13")
        try await library.add(transcribedPage(["pursue love 1 Cor 14:1", "Ps 119 a lamp"], id: "cor14"), id: "cor14")
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run()
        return (library, directory)
    }

    @Test func referencesAreFoundWhereTheyAreWritten() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let john = try await library.search("Jn 3:16")
        #expect(john.map(\.noteID) == ["john"])
        #expect(john.first?.reading == "John 3.16")
        let words = try await library.words(noteID: "john").filter { $0.line == 1 && $0.position < 2 }
        #expect(john.first?.strokeIDs == words.flatMap(\.strokeIDs))
        // A verse inside a written range; a verse of the next chapter is elsewhere.
        #expect(try await library.search("1 Cor 13:5").map(\.noteID) == ["cor13"])
        #expect(try await library.search("1 Cor 14:5").isEmpty)
        #expect(try await library.search("1 Cor 14").map(\.noteID) == ["cor14"])
        #expect(Set(try await library.search("1 Cor 13").map(\.noteID)) == ["cor13"])
        #expect(try await library.search("Ps 119:105").map(\.reading) == ["Ps 119"])
    }

    @Test func libraryHitsEqualAnInMemoryIndexOfTheSameWords() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        var index = SearchIndex<String>()
        for note in try await library.notes() { index.add(try await library.words(noteID: note.id), to: note.id) }
        for query in ["Jn 3:16", "1 Cor 13:5", "Corinthians", "1 Cor", "love", "lov", "the world", "love is patient", "grace", "Psalm 119"] {
            let expected = index.search(query).map { "\($0.document) \($0.hit.reading) \($0.hit.score)" }
            let found = try await library.search(query).map { "\($0.noteID) \($0.reading) \($0.score)" }
            #expect(Set(found) == Set(expected), "query \(query)")
        }
    }

    @Test func aVersion2LibraryIsUpgradedWithoutReindexingOrTouchingInk() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = library.path
        let bytes = try await library.drawingBytes(id: "john")
        let words = try await library.stats().words
        // Make the file what version 2 wrote: its citations table (books only) at user_version 2,
        // without version 4's tables.
        do {
            let db = try Database(path: path)
            try db.execute(LibrarySpatialTests.version6Undone + LibraryEvidenceTests.version5Undone + """
                DROP INDEX postings_by_probability;
                DROP TABLE citations;
                CREATE TABLE citations(book INTEGER NOT NULL, note TEXT NOT NULL, PRIMARY KEY(book, note)) WITHOUT ROWID;
                CREATE INDEX citations_by_note ON citations(note);
                INSERT INTO citations VALUES (43, 'john'), (46, 'cor13'), (46, 'cor14'), (19, 'cor14');
                PRAGMA user_version = 2;
                """)
        }
        let upgraded = try NoteLibrary(path: path)
        #expect(try Database(path: path).userVersion == NoteLibrary.schemaVersion)
        #expect(try await upgraded.drawingBytes(id: "john") == bytes)
        #expect(try await upgraded.stats().words == words)
        #expect(try await upgraded.notesToIndex(version: 1).isEmpty)
        #expect(try await upgraded.search("Jn 3:16").map(\.noteID) == ["john"])
        #expect(try await upgraded.search("1 Cor 13:5").map(\.noteID) == ["cor13"])
        #expect(try await upgraded.check().isHealthy)
    }
}

@Suite struct LibraryPhraseTests {
    /// A phrase whose last word is a one-letter prefix ("garden a") reads that word's postings
    /// only around the anchors; hits must equal those of an in-memory index of the same words.
    @Test func phrasesWithACommonWordEqualAnInMemoryIndex() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = (0..<60).map { "an apple and all after \($0) as any ant at axe" }
        lines[7] = "the garden , a lamp and an ark"
        lines[31] = "a garden any garden area"
        lines[44] = "garden : all"
        var index = SearchIndex<String>()
        for n in 0..<6 {
            let (drawing, words) = BenchmarkText.note(Array(lines[(n * 10)..<(n * 10 + 10)]), number: n, ink: [])
            let id = "n\(n)"
            try await library.add(drawing, id: id)
            let (_, checksum) = try await library.indexTarget(noteID: id)
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words), noteID: id, drawingChecksum: checksum)
            // As stored (probabilities keep 6 digits).
            index.add(try await library.words(noteID: id), to: id)
        }
        for query in ["garden a", "garden an", "garden , a", "apple a", "the garden a", "all after"] {
            let expected = index.search(query).map { "\($0.document) \($0.hit.reading) \($0.hit.score)" }
            let found = try await library.search(query, limit: 500).map { "\($0.noteID) \($0.reading) \($0.score)" }
            #expect(Set(found) == Set(expected), "query \(query)")
            #expect(!found.isEmpty, "query \(query)")
        }
    }
}
