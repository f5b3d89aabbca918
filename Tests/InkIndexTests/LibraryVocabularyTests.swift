import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

/// Query words expanded into keys (`terms`, probed in memory by `LibraryKeys`) as the in-memory
/// index expands them; candidates read level by level (`postings_by_probability`); the
/// migrations from version 3.
@Suite struct LibraryVocabularyTests {
    /// Notes of benchmark lines: every word read as itself (probability 0.55–0.95) and as up to
    /// two look-alike misreadings.
    private func library(_ lines: [String], notes: Int) async throws -> (NoteLibrary, URL, SearchIndex<String>) {
        let (library, directory) = try makeTemporaryLibrary()
        var index = SearchIndex<String>()
        let perNote = lines.count / notes
        for n in 0..<notes {
            let id = "n\(n)"
            try await commit(BenchmarkText.note(Array(lines[(n * perNote)..<((n + 1) * perNote)]), number: n, ink: []), id: id, in: library)
            index.add(try await library.words(noteID: id), to: id)
        }
        return (library, directory, index)
    }

    private func commit(_ note: (Drawing, [WordToken]), id: String, version: Int = 1, in library: NoteLibrary) async throws {
        if try await !library.contains(id: id) { try await library.add(note.0, id: id) }
        let (_, checksum) = try await library.indexTarget(noteID: id)
        try await library.commitIndex(NoteIndex(recognitionVersion: version, words: note.1), noteID: id, drawingChecksum: checksum)
    }

    private static let sermon = [
        "in the beginning was the word", "and the word was with God", "grace upon grace in the fullness",
        "the light shines in the darkness", "there is no fear in love", "abide in the vine and bear fruit",
    ]

    @Test func limitedSearchesReturnTheBestHitsOfAnInMemoryIndex() async throws {
        let lines = (0..<120).map { Self.sermon[$0 % Self.sermon.count] + " \($0)" }
        let (library, directory, index) = try await library(lines, notes: 12)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Many hits each, of varied probability: the best few must be found at the first levels.
        for query in ["the", "th", "in the", "the word", "grace upon", "wor", "darknes", "in the fullnes"] {
            for limit in [1, 5, 30] {
                let expected = index.search(query).prefix(limit).map(\.hit.score)
                let found = try await library.search(query, limit: limit).map(\.score)
                #expect(found == Array(expected), "query \(query) limit \(limit)")
            }
        }
    }

    @Test func anotherConnectionsAddsReindexesAndDeletesAreSeenAtOnce() async throws {
        let (writer, directory, _) = try await library(Array(Self.sermon), notes: 1)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reader = try NoteLibrary(path: writer.path)
        #expect(try await reader.search("vine").map(\.noteID) == ["n0"])
        #expect(try await reader.search("glimmerwort").isEmpty)

        // New keys from another connection: exact, prefix and fuzzy (one edit; made-up words, as
        // an inexact match on a known word scores too low to be a hit).
        try await commit(BenchmarkText.note(["a glimmerwort and a fig"], number: 1, ink: []), id: "n1", in: writer)
        #expect(try await reader.search("glimmerwort").map(\.noteID) == ["n1"])
        #expect(try await reader.search("glimmerw").map(\.noteID) == ["n1"])
        #expect(try await reader.search("glimmerwart").map(\.noteID) == ["n1"])

        // Reindexed with other readings: the new ones are found, the old ones no longer.
        try await commit(BenchmarkText.note(["a cedar of Kelvanor"], number: 1, ink: []), id: "n1", version: 2, in: writer)
        #expect(try await reader.search("glimmerwort").isEmpty)
        #expect(try await reader.search("Kelvanor").map(\.noteID) == ["n1"])
        #expect(try await reader.search("Kelvamor").map(\.noteID) == ["n1"])

        try await writer.delete(id: "n1")
        #expect(try await reader.search("Kelvanor").isEmpty)
        #expect(try await reader.search("vine").map(\.noteID) == ["n0"])
    }

    @Test func aVersion3LibraryIsUpgradedWithoutReindexingOrTouchingInk() async throws {
        let (library, directory, _) = try await library(Array(Self.sermon), notes: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = library.path
        let queries = ["darkness", "darknes", "fullnes", "begin", "in the", "the word"]
        var before: [[String]] = []
        for query in queries { before.append(try await library.search(query).map { "\($0.noteID) \($0.reading) \($0.score)" }) }
        let bytes = try await library.drawingBytes(id: "n0")
        // Make the file what version 3 wrote.
        do {
            let db = try Database(path: path)
            try db.execute(LibrarySpatialTests.version6Undone + LibraryEvidenceTests.version5Undone + "DROP INDEX postings_by_probability; PRAGMA user_version = 3;")
        }
        let upgraded = try NoteLibrary(path: path)
        let db = try Database(path: path)
        #expect(try db.userVersion == NoteLibrary.schemaVersion)
        // Version 4 made `term_variants` again and version 11 dropped it: keys are probed in memory.
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'term_variants'") == 0)
        #expect(try await upgraded.drawingBytes(id: "n0") == bytes)
        #expect(try await upgraded.notesToIndex(version: 1).isEmpty)
        for (query, hits) in zip(queries, before) {
            #expect(try await upgraded.search(query).map { "\($0.noteID) \($0.reading) \($0.score)" } == hits, "query \(query)")
        }
        #expect(try await upgraded.check().isHealthy)
    }

    @Test func aPrefixRangeEndsAtTheNextString() {
        #expect(FormVocabulary.successor(of: "ab") == "ac")
        #expect(FormVocabulary.successor(of: "a\u{D7FF}") == "a\u{E000}")
        #expect(FormVocabulary.successor(of: "a\u{10FFFF}") == "b")
        #expect(FormVocabulary.successor(of: "\u{10FFFF}") == nil)
    }
}
