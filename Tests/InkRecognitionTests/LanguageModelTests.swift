import Foundation
import Testing
@testable import InkRecognition

@Suite struct LanguageModelTests {
    let lm: NGramLanguageModel

    init() throws { lm = try NGramLanguageModel.shipped() }

    @Test func shippedModelLoads() {
        #expect(lm.order == 7)
        #expect(lm.symbols.count == 95)
        #expect(lm.nodeCount > 10_000)
    }

    @Test(arguments: ["", "In the beginning God created th", "Jn 3:1", "xqzv", "Mr. Smith said that"])
    func probabilitiesSumToOneOverTheAlphabet(context: String) {
        let total = lm.symbols.map { exp(lm.logProbability(of: $0, after: context)) }.reduce(0, +)
        #expect(abs(total - 1) < 0.02, "sum \(total) after '\(context)'")
    }

    @Test func prefersEnglishToNoise() {
        #expect(lm.logProbability(of: "e", after: "In the beginning God created th") > log(0.5))
        #expect(lm.logProbability(ofText: "the word of the Lord") > lm.logProbability(ofText: "tbe wcrd af tke Lord") + 10)
        #expect(lm.logProbability(ofText: "Jn 3:16") > lm.logProbability(ofText: "Jn 3:1b"))
    }

    /// Since recognition version 20 the model has read modern prose besides the KJV (the World
    /// English Bible, the Jargon File, WordNet's glosses), so notes in today's English cost less
    /// than the same words in the KJV's; the KJV alone had it the other way round.
    @Test func modernEnglishCostsLessThanTheKJVs() {
        #expect(lm.logProbability(ofText: "you know that it has been said") > lm.logProbability(ofText: "ye know that it hath been said"))
        #expect(lm.logProbability(ofText: "he says to them") > lm.logProbability(ofText: "he saith to them"))
    }

    @Test func charactersWithoutAnASCIISpellingGetTheFloor() {
        #expect(lm.logProbability(of: "字", after: "caf") == lm.unknownLogProbability)
        #expect(lm.logProbability(of: "😀", after: "") == lm.unknownLogProbability)
    }

    /// The open model writes Latin letters the English model never saw: each is scored as its
    /// ASCII spelling at a fixed cost, so an accent costs ln 2, not an unknown symbol.
    @Test func latinLettersScoreAsTheirASCIISpelling() {
        let cost = NGramLanguageModel.foldedLogProbability
        #expect(abs(lm.logProbability(of: "é", after: "caf") - (lm.logProbability(of: "e", after: "caf") + cost)) < 1e-9)
        #expect(abs(lm.logProbability(ofText: "más") - (lm.logProbability(ofText: "mas") + cost)) < 1e-9)
        // Two-letter spellings read both letters, and the context goes on after them.
        #expect(abs(lm.logProbability(ofText: "Straße") - (lm.logProbability(ofText: "Strasse") + cost)) < 1e-9)
        // Where the English model knew only an unknown symbol, the letter now costs about what its base does.
        #expect(lm.logProbability(of: "ü", after: "") > lm.unknownLogProbability + 5)
        #expect(lm.logProbability(ofText: "«the Lord»") > lm.logProbability(ofText: "«tke Lcrd»") + 5)
    }

    @Test func latinFoldingSpellsLettersAndPunctuationInASCII() {
        let cases: [(Character, String?)] = [("é", "e"), ("Ñ", "N"), ("ß", "ss"), ("Œ", "OE"), ("ø", "o"), ("ł", "l"),
                                              ("ı", "i"), ("İ", "I"), ("ș", "s"), ("ő", "o"), ("«", "\""), ("–", "-"),
                                              ("¿", "?"), ("a", nil), ("字", nil)]
        for (character, ascii) in cases {
            #expect(LatinFolding.ascii(for: character) == ascii, "\(character)")
        }
    }

    @Test func stateAndStringQueriesAgree() {
        var state = lm.initialState
        var total = 0.0
        let text = "and God said, Let there be light"
        for (i, c) in text.enumerated() {
            let step = lm.score(c, after: state)
            let viaString = lm.logProbability(of: c, after: text.prefix(i))
            #expect(abs(step.logProbability - viaString) < 1e-9)
            total += step.logProbability
            state = step.state
        }
        #expect(abs(total - lm.logProbability(ofText: text)) < 1e-9)
    }

    @Test func rejectsDamagedFiles() throws {
        let url = try #require(NGramLanguageModel.shippedURL())
        let good = try Data(contentsOf: url)
        #expect(throws: NGramLanguageModel.LoadError.badMagic) { try NGramLanguageModel(data: Data("NOTAMODEL_______________________".utf8)) }
        #expect(throws: NGramLanguageModel.LoadError.self) { try NGramLanguageModel(data: good.prefix(good.count / 2)) }
        #expect(throws: NGramLanguageModel.LoadError.self) { try NGramLanguageModel(data: Data()) }
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        #expect(throws: NGramLanguageModel.LoadError.checksumMismatch) { try NGramLanguageModel(data: flipped) }
        var version = good
        version[8] = 9
        #expect(throws: NGramLanguageModel.LoadError.unsupportedVersion(9)) { try NGramLanguageModel(data: version) }
        #expect(throws: NGramLanguageModel.LoadError.self) { try NGramLanguageModel(data: good + Data([0])) }
        #expect(try NGramLanguageModel(data: good) == lm)
        #expect(throws: NGramLanguageModel.LoadError.self) {
            try NGramLanguageModel(contentsOf: URL(fileURLWithPath: "/nonexistent/charlm.bin"))
        }
    }

    @Test func shippedLexiconKnowsCommonAndBiblicalWords() throws {
        let lexicon = try #require(Lexicon.shipped)
        #expect(lexicon.contains(token: "beginning") == true)
        #expect(lexicon.contains(token: "Nebuchadnezzar") == true)
        #expect(lexicon.contains(token: "xqzvw") == false)
    }
}
