import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

@Suite struct LibrarySearchTests {
    /// Three notes; "feet" is also read as "fact" (a less likely reading).
    private func library(recognizer: any LineRecognizing = TranscriptScriptedRecognizer(alternatives: ["feet": [("fact", -1.5)]])) async throws -> (NoteLibrary, URL) {
        let (library, directory) = try makeTemporaryLibrary()
        try await library.add(transcribedPage(["amazing grace how sweet", "the sound"], id: "hymn"), id: "hymn")
        try await library.add(transcribedPage(["Grace is a gift", "Jn 3:16 for God", "so loved"], id: "sermon"), id: "sermon")
        try await library.add(transcribedPage(["notebook of Ps 119:105", "a lamp unto my feet"], id: "psalm"), id: "psalm")
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: recognizer)).run()
        return (library, directory)
    }

    @Test func findsWordsInEveryNoteWithStrokesAndBounds() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try await library.search("grace")
        #expect(Set(hits.map(\.noteID)) == ["hymn", "sermon"])
        for hit in hits {
            let words = try await library.words(noteID: hit.noteID)
            let word = try #require(words.first { Set($0.strokeIDs) == Set(hit.strokeIDs) })
            #expect(word.bounds == hit.bounds)
            #expect(hit.reading.lowercased() == "grace")
        }
    }

    @Test func caseMatchingOnlyRespectsCase() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await library.search("Grace", caseMatchingOnly: true).map(\.noteID) == ["sermon"])
        #expect(try await library.search("grace", caseMatchingOnly: true).map(\.noteID) == ["hymn"])
    }

    @Test func prefixesMatchUnlessFullWordsOnly() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await library.search("note").map(\.reading) == ["notebook"])
        #expect(try await library.search("note", fullWordsOnly: true).isEmpty)
    }

    @Test func misreadingsAndNearMissesAreFound() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        // "fact" is only an alternative reading of the psalm's "feet", two edits away from it.
        let hits = try await library.search("fact", fullWordsOnly: true)
        #expect(hits.map(\.noteID) == ["psalm"])
        #expect(hits.first?.reading == "fact")
        let exact = try #require(try await library.search("feet").first)
        #expect(hits[0].score < exact.score)
        // Look-alike letters in the query still find the word.
        #expect(try await library.search("arnazlng").map(\.reading) == ["amazing"])
    }

    @Test func phrasesRunAcrossLineBreaksAndReferencesAreFound() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let phrase = try await library.search("sweet the sound")
        #expect(phrase.map(\.noteID) == ["hymn"])
        #expect(phrase.first?.reading == "sweet the sound")
        #expect(phrase.first?.strokeIDs.count ?? 0 > 10)
        #expect(try await library.search("Jn 3:16").map(\.noteID) == ["sermon"])
        #expect(try await library.search("Jn 3.16").map(\.noteID) == ["sermon"])
        #expect(try await library.search("Ps 119").map(\.noteID) == ["psalm"])
        #expect(try await library.search("lamp feet").isEmpty)
    }

    @Test func hitsAreRankedByReadingProbabilityAndLimited() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try await library.search("gra")
        #expect(hits == hits.sorted(by: LibraryHit.ranking))
        let both = try await library.search("grase")
        // The sermon's "Grase" reading is an unlikely alternative; the exact reading in hymn and
        // sermon ("grace", one edit away) may rank either way, but scores must be positive.
        #expect(both.allSatisfy { $0.score > 0 })
        #expect(try await library.search("a", limit: 2).count == 2)
        #expect(try await library.search("   ").isEmpty)
    }

    @Test func theOldIndexServesUntilTheNewOneCommits() async throws {
        let (library, directory) = try await library(recognizer: TranscriptRecognizer(recognitionVersion: 1))
        defer { try? FileManager.default.removeItem(at: directory) }
        // Version 2 reads "grace" as "favor" in the hymn; until it commits, search sees version 1.
        let v2 = TranscriptScriptedRecognizer(version: 2, alternatives: [:])
        let (drawing, checksum) = try await library.indexTarget(noteID: "hymn")
        var index = try await NoteIndexer(recognizer: v2).index(drawing)
        index.words[1].readings = [.init(text: "favor", probability: 1)]
        #expect(try await library.search("grace").contains { $0.noteID == "hymn" })
        #expect(try await library.search("favor").isEmpty)
        try await library.commitIndex(index, noteID: "hymn", drawingChecksum: checksum)
        #expect(try await library.search("grace").contains { $0.noteID == "hymn" } == false)
        #expect(try await library.search("favor").map(\.noteID) == ["hymn"])
    }

    @Test func aSecondConnectionSeesCommittedNotes() async throws {
        let (library, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reader = try NoteLibrary(path: library.path)
        #expect(try await reader.search("lamp").count == 1)
        try await library.add(transcribedPage(["lamplight"], id: "new"), id: "new")
        try await library.index(noteID: "new", using: NoteIndexer(recognizer: TranscriptRecognizer()))
        #expect(try await reader.search("lamp").count == 2)
    }
}
