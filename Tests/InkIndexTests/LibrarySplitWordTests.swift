import Foundation
import Testing
@testable import InkIndex

/// A word the recognizer read as two ("Whits table") is found whole by the library, as by
/// `SearchIndex` (`SplitWord`).
@Suite struct LibrarySplitWordTests {
    /// One token per word of each line, with stroke ids and bounds of their own; a word reads
    /// as itself with `probability[word]` (default 0.9), then as its `alternatives`.
    static func words(_ lines: [String], note: String, probability: [String: Double] = [:],
                      alternatives: [String: [(String, Double)]] = [:]) -> [WordToken] {
        lines.enumerated().flatMap { line, text in
            text.split(separator: " ").enumerated().map { position, word in
                let word = String(word)
                let readings = [WordReading(text: word, probability: probability[word] ?? 0.9)]
                    + (alternatives[word] ?? []).map { WordReading(text: $0.0, probability: $0.1) }
                return WordToken(strokeIDs: (0..<2).map { UUID(deterministicFrom: "\(note)/\(line)/\(position)/\($0)") },
                                 bounds: CGRect(x: 100 * position, y: 50 * line, width: 80, height: 40),
                                 line: line, position: position, readings: readings)
            }
        }
    }

    /// Notes committed in this order (so that a note's last token and the next note's first
    /// have consecutive ids), with an in-memory index of the same words.
    static let notes: [(id: String, words: [WordToken])] = [
        ("split", words(["oysters from Whits table"], note: "split", probability: ["Whits": 0.8], alternatives: ["table": [("tablo", 0.05)]])),
        ("whole", words(["Whitstable oysters"], note: "whole")),
        ("broken", words(["the harbour at Whit", "stable and calm"], note: "broken", probability: ["stable": 0.6])),
        ("apart", words(["Whits and table"], note: "apart")),
        ("short", words(["in to the gr ace"], note: "short")),
        ("endsWhits", words(["down by Whits"], note: "endsWhits")),
        ("startsTable", words(["table manners"], note: "startsTable")),
        ("lower", words(["whits table"], note: "lower", alternatives: ["whits": [("Whits", 0.5)]])),
    ]

    private func library() async throws -> (NoteLibrary, URL, SearchIndex<String>) {
        let (library, directory) = try makeTemporaryLibrary()
        var index = SearchIndex<String>()
        for (id, words) in Self.notes {
            try await library.add(transcribedPage(["note"], id: id), id: id)
            let (_, checksum) = try await library.indexTarget(noteID: id)
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words), noteID: id, drawingChecksum: checksum)
            index.add(try await library.words(noteID: id), to: id)
        }
        return (library, directory, index)
    }

    @Test func aWordReadAsTwoIsFoundWithBothWordsStrokesAndBounds() async throws {
        let (library, directory, _) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try await library.search("Whitstable")
        // Read whole first; then the split readings by their probabilities' product.
        #expect(hits.map(\.noteID) == ["whole", "lower", "split", "broken"])
        #expect(hits.first?.score ?? 0 > MatchPolicy.standard.splitFactor)
        let split = try #require(hits.first { $0.noteID == "split" })
        let words = Self.notes[0].words
        #expect(split.reading == "Whits table")
        #expect(split.strokeIDs == words[2].strokeIDs + words[3].strokeIDs)
        #expect(split.bounds == words[2].bounds.union(words[3].bounds))
        #expect(abs(split.score - 0.8 * 0.9 * MatchPolicy.standard.splitFactor) < 1e-9)
        // Broken over a line end: the next word in reading order.
        let broken = try #require(hits.first { $0.noteID == "broken" })
        #expect(broken.reading == "Whit stable")
        #expect(broken.bounds == Self.notes[2].words[3].bounds.union(Self.notes[2].words[4].bounds))
        // Not two words apart, nor the last word of one note and the first of the next.
        #expect(!hits.contains { ["apart", "endsWhits", "startsTable"].contains($0.noteID) })
        // Full words only changes nothing: the halves are whole words.
        #expect(try await library.search("whitstable", fullWordsOnly: true).map(\.noteID).sorted() == hits.map(\.noteID).sorted())
    }

    @Test func shortWordsAreNotLookedForInHalves() async throws {
        let (library, directory, _) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await library.search("into", fullWordsOnly: true).isEmpty)
        #expect(try await library.search("grace").isEmpty)   // five letters
        // Nor in phrases.
        #expect(try await library.search("oysters Whitstable").isEmpty)
    }

    @Test func caseMatchingOnlyIsCheckedOnTheJoinedReadings() async throws {
        let (library, directory, _) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let capital = try await library.search("Whitstable", caseMatchingOnly: true)
        #expect(Set(capital.map(\.noteID)) == ["whole", "split", "broken", "lower"])
        // "lower" answers by its second reading ("Whits", 0.5), not its first.
        #expect(capital.first { $0.noteID == "lower" }?.reading == "Whits table")
        let small = try await library.search("whitstable", caseMatchingOnly: true)
        #expect(small.map(\.noteID) == ["lower"])
        #expect(small.first?.reading == "whits table")
    }

    @Test func splitWordsThatCannotRankAreNotLookedFor() async throws {
        let (library, directory, _) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await library.search("Whitstable", limit: 1).map(\.noteID) == ["whole"])
        #expect(try await library.search("Whitstable", limit: 3).map(\.noteID) == ["whole", "lower", "split"])
    }

    @Test func theLibraryAndAnInMemoryIndexAgree() async throws {
        let (library, directory, index) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        for query in ["Whitstable", "whitstable", "whitstab", "Whitstables", "oysters", "harbour", "into", "grace", "Whits table"] {
            for (fullWords, caseMatching) in [(false, false), (true, false), (false, true)] {
                let found = try await library.search(query, fullWordsOnly: fullWords, caseMatchingOnly: caseMatching)
                let expected = index.search(query, options: SearchOptions(fullWordsOnly: fullWords, caseMatchingOnly: caseMatching))
                func place(_ note: String, _ reading: String, _ score: Double, _ strokes: [UUID]) -> String {
                    "\(note) \(reading) \((score * 1e9).rounded()) \(strokes)"
                }
                #expect(found.map { place($0.noteID, $0.reading, $0.score, $0.strokeIDs) }.sorted()
                        == expected.map { place($0.document, $0.hit.reading, $0.hit.score, $0.hit.strokeIDs) }.sorted(),
                        "query \(query) fullWordsOnly \(fullWords) caseMatchingOnly \(caseMatching)")
            }
        }
    }
}
