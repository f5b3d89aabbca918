import Foundation
import InkRecognition
import Testing
@testable import InkSearch

@Suite struct CliticEndingTests {
    @Test func possessiveAndContractedEndingsComeOff() {
        #expect(CliticEndings.stem(of: "world's") == "world")
        #expect(CliticEndings.stem(of: "Christ’s") == "Christ")      // curly apostrophe
        #expect(CliticEndings.stem(of: "Paul\u{02BC}s.") == "Paul")  // modifier apostrophe, full stop after
        #expect(CliticEndings.stem(of: "we'll") == "we")
        #expect(CliticEndings.stem(of: "I'M") == "I")
        #expect(CliticEndings.stem(of: "they've,") == "they")
    }

    @Test func otherWordsKeepTheirEnding() {
        #expect(CliticEndings.stem(of: "worlds") == nil)     // a plural is another word
        #expect(CliticEndings.stem(of: "can't") == nil)      // not "ca"
        #expect(CliticEndings.stem(of: "'s") == nil)
        #expect(CliticEndings.stem(of: "o'clock") == nil)
        #expect(CliticEndings.stem(of: "") == nil)
    }

    func tokens(_ text: String) -> [WordToken] {
        WordTokenizer().tokens(for: LineRecognition(strokeIDs: [], candidates: [RecognitionCandidate(text: text, logProbability: 0)]),
                               line: 0, strokeBounds: [:])
    }

    @Test func aReadingWithAnEndingAlsoReadsAsItsStem() {
        let words = tokens("the world's rivers")
        #expect(words.map(\.best) == ["the", "world's", "rivers"])
        #expect(words[1].readings.map(\.text) == ["world's", "world"])
        #expect(words[1].readings[0].probability == words[1].readings[1].probability)
    }

    @Test func fullWordQueriesFindThePossessive() {
        var index = SearchIndex<Int>()
        index.add(tokens("the world's rivers"), to: 0)
        index.add(tokens("in Christ’s name"), to: 1)
        index.add(tokens("Paul's letter"), to: 2)
        index.add(tokens("whole worlds apart"), to: 3)
        let full = SearchOptions(fullWordsOnly: true)
        #expect(index.search("world", options: full).map(\.document) == [0])
        #expect(index.search("Christ", options: full).map(\.document) == [1])
        #expect(index.search("Paul", options: full).map(\.document) == [2])
        #expect(index.search("world's", options: full).map(\.document).contains(0))
        #expect(index.search("Paul's letter", options: full).map(\.document) == [2])
    }
}
