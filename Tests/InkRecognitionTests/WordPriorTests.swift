import Foundation
import Testing
@testable import InkRecognition

@Suite struct WordPriorTests {
    @Test func parsesZipfLinesAndSkipsComments() throws {
        // Values exact in Float: the table stores Zipf frequencies as Float.
        let prior = try WordPrior(text: "# header\n\nthe\t7.75\nPaul\t5.25\nregrouping\t2.5\n")
        #expect(prior.count == 3)
        #expect(prior.floorZipf == 2.5)
        #expect(prior.lookup(token: "the") == .known(zipf: 7.75))
        #expect(prior.lookup(token: "paul") == .known(zipf: 5.25))
    }

    @Test func looksUpLikeTheLexiconAndFallsBackFromPossessives() throws {
        let prior = try WordPrior(zipfFrequencies: ["paul": 5, "said": 6])
        #expect(prior.lookup(token: "Said,") == .known(zipf: 6))
        #expect(prior.lookup(token: "\"PAUL\"") == .known(zipf: 5))
        #expect(prior.lookup(token: "Paul's") == .known(zipf: 5))
        #expect(prior.lookup(token: "sadi") == .unknown)
        #expect(prior.lookup(token: "3:16") == .neutral)
        #expect(prior.lookup(token: "--") == .neutral)
    }

    @Test func theDecodersByteLookupAgreesWithTheTokenLookup() throws {
        let prior = try WordPrior(zipfFrequencies: ["paul": 5, "said": 6, "don't": 5.5])
        for token in ["Said,", "\"PAUL\"", "Paul's", "don't", "sadi", "3:16", "--", "", "café"] {
            #expect(prior.lookup(ascii: Array(token.utf8)) == prior.lookup(token: token), "\(token)")
        }
    }

    @Test func rejectsMalformedAndEmptyInput() {
        #expect(throws: WordPrior.LoadError.malformedLine(2)) { try WordPrior(text: "the\t7.7\nword 5\n") }
        #expect(throws: WordPrior.LoadError.malformedLine(1)) { try WordPrior(text: "the\tlots\n") }
        #expect(throws: WordPrior.LoadError.empty) { try WordPrior(text: "# nothing\n") }
    }

    @Test func theShippedPriorLoads() throws {
        let prior = try WordPrior.shipped()
        #expect(prior.count >= 40_000)
        guard case .known(let the) = prior.lookup(token: "The"), case .known(let regrouping) = prior.lookup(token: "regrouping") else {
            Issue.record("common words missing from the shipped prior")
            return
        }
        #expect(the > 7 && regrouping < 3)
        #expect(prior.lookup(token: "world's") != .unknown)
        #expect(prior.lookup(token: "xqzvw") == .unknown)
    }
}

@Suite struct WordPriorDecodingTests {
    let ab = Alphabet(characters: [" ", "a", "b"])

    /// Probabilities per frame by name ("_" is the blank); unnamed classes share the rest.
    func frames(_ rows: [[String: Double]]) -> CTCFrames {
        CTCFrames(probabilities: rows.map { row in
            let rest = max(0, 1 - row.values.reduce(0, +)) / Double(max(1, ab.classCount - row.count))
            return (0..<ab.classCount).map { k in row[k == 0 ? "_" : String(ab.characters[k - 1])] ?? max(rest, 1e-12) }
        })
    }

    @Test func aFrequentWordOutscoresAnUnknownOne() throws {
        let f = frames([["a": 0.5, "b": 0.45], ["_": 0.9], ["b": 0.9]])
        var decoder = CTCDecoder(alphabet: ab)
        #expect(decoder.decode(f, maxCandidates: 1).first?.text == "ab")
        decoder.wordPrior = try WordPrior(zipfFrequencies: ["bb": 5, "zz": 1])
        decoder.wordPriorWeight = 0.5
        #expect(decoder.decode(f, maxCandidates: 1).first?.text == "bb")
        decoder.wordPriorWeight = 0
        decoder.unknownWordPenalty = 1
        #expect(decoder.decode(f, maxCandidates: 1).first?.text == "bb")
    }

    @Test func eachCompletedWordEarnsItsFrequencyAboveTheFloor() throws {
        let f = frames([["a": 0.9], ["_": 0.9], [" ": 0.9], ["b": 0.9]])
        var decoder = CTCDecoder(alphabet: ab)
        let plain = try #require(decoder.decode(f, maxCandidates: 4).first { $0.text == "a b" })
        decoder.wordPrior = try WordPrior(zipfFrequencies: ["a": 6, "b": 3, "zz": 2])
        decoder.wordPriorWeight = 0.5
        let guided = try #require(decoder.decode(f, maxCandidates: 4).first { $0.text == "a b" })
        // "a" at its space (0.5 × 4) and "b" at the line's end (0.5 × 1).
        #expect(abs(guided.logProbability - plain.logProbability - 2.5) < 1e-6)
    }

    @Test func unknownWordsCostByLengthSoThatRunningThemTogetherGainsNothing() throws {
        // "ab ab": two unknown words, or one ("abab") where the network is unsure of the space.
        let f = frames([["a": 0.9], ["b": 0.9], [" ": 0.6, "_": 0.35], ["a": 0.9], ["b": 0.9]])
        var decoder = CTCDecoder(alphabet: ab)
        decoder.wordPrior = try WordPrior(zipfFrequencies: ["zz": 1])
        decoder.unknownWordPenalty = 3
        #expect(decoder.decode(f, maxCandidates: 1).first?.text == "abab")
        decoder.unknownWordPenalty = 0
        decoder.unknownWordPenaltyPerLetter = 0.7
        #expect(decoder.decode(f, maxCandidates: 1).first?.text == "ab ab")
        let both = decoder.decode(f, maxCandidates: 4)
        let apart = try #require(both.first { $0.text == "ab ab" }), together = try #require(both.first { $0.text == "abab" })
        decoder.unknownWordPenaltyPerLetter = 0
        let plain = decoder.decode(f, maxCandidates: 4)
        // 0.7 for each of the four letters, whichever way they are split.
        #expect(abs(apart.logProbability - plain.first { $0.text == "ab ab" }!.logProbability + 2.8) < 1e-6)
        #expect(abs(together.logProbability - plain.first { $0.text == "abab" }!.logProbability + 2.8) < 1e-6)
    }

    @Test func optionsLoadThePriorOnlyWhereItIsUsed() throws {
        var options = DecodingOptions()
        options.wordPriorWeight = 0.1
        #expect(options.usesWordPrior)
        #expect(try options.makeDecoder(alphabet: ab).wordPrior != nil)
        options.method = .greedy
        #expect(!options.usesWordPrior)
        options.method = .beamSearch
        options.wordPriorWeight = 0
        options.unknownWordPenalty = 0
        #expect(try options.makeDecoder(alphabet: ab).wordPrior != nil)
        options.unknownWordPenaltyPerLetter = 0
        #expect(try options.makeDecoder(alphabet: ab).wordPrior == nil)
    }
}
