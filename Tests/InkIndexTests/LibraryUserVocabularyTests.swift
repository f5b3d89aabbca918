import Foundation
import Testing
@testable import InkIndex
import InkTools

/// The library's vocabulary: title words, successful searches and a user's own words, capped,
/// listed and removed; a user's words outlive the cap.
@Suite struct LibraryUserVocabularyTests {
    @Test func titlesSearchesAndUserWordsAreKeptMostUsedFirst() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let t0 = Date(timeIntervalSince1970: 1_000)
        try await library.add(Drawing(strokes: []), id: "a", title: "Okonkwo's visit, 3 May", created: t0)
        try await library.save(Drawing(strokes: []), id: "a", title: "Visit to Capernaum", at: t0.addingTimeInterval(1))
        try await library.recordSuccessfulSearch("capernaum", at: t0.addingTimeInterval(2))
        try await library.addVocabulary(["Thandiwe", "an"], at: t0.addingTimeInterval(3))
        let words = try await library.vocabularyWords()
        #expect(words.map(\.word) == ["capernaum", "visit", "thandiwe", "may", "okonkwo's"])
        #expect(words.first { $0.word == "capernaum" }?.uses == 2)
        #expect(words.first { $0.word == "thandiwe" }?.source == .user)
        #expect(words.first { $0.word == "may" }?.source == .title)
        #expect(try await library.removeVocabulary(["MAY", "nothing"]) == 1)
        #expect(try await !library.vocabularyWords().map(\.word).contains("may"))
        try await library.recordSuccessfulSearch("3:16 !!")
        #expect(try await library.vocabularyWords().count == 4, "no word of three letters in it")
    }

    @Test func theCapDropsTheLeastUsedButNeverAUsersWord() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.addVocabulary(["keepme"], at: Date(timeIntervalSince1970: 0))
        // Distinct words of letters only: "wordaaa", "wordaab", …
        func letters(_ n: Int) -> String {
            String((0..<3).reversed().map { Character(UnicodeScalar(97 + (n / Int(pow(26.0, Double($0)))) % 26)!) })
        }
        let many = (0..<NoteLibrary.vocabularyCapacity).map { "word" + letters($0) }
        for (k, chunk) in stride(from: 0, to: many.count, by: 500).enumerated() {
            try await library.recordSuccessfulSearch(many[chunk..<min(chunk + 500, many.count)].joined(separator: " "),
                                                     at: Date(timeIntervalSince1970: Double(10 + k)))
        }
        let words = try await library.vocabularyWords()
        #expect(words.count == NoteLibrary.vocabularyCapacity)
        #expect(words.contains { $0.word == "keepme" })
        #expect(!words.contains { $0.word == many[0].lowercased() }, "the oldest search word made room")
    }

    @Test func wordsOfATextAreLettersOnly() {
        #expect(VocabularyWord.words(in: "Okonkwo's visit, 3 May") == ["okonkwo's", "visit", "may"])
        #expect(VocabularyWord.words(in: "Jesús JESÚS é") == ["jesús"])
        #expect(VocabularyWord.words(in: "x1y2 --- ab") == [])
    }
}
