import Foundation
import Testing
@testable import InkRecognition

/// Every language but English ships its own character model (`charlm-<code>.bin`), and the
/// decoder reads with the first language's.
@Suite struct LanguageCharacterModelTests {
    /// Letters of a language that its wordfreq list never spells, so its model scores them as
    /// their `LatinFolding` spelling: wordfreq folds German "ß" to "ss", and French "æ", "ÿ" and
    /// Italian "î" are not in those languages' 50,000 most frequent words.
    static let lettersWordfreqLacks: [String: Set<Character>] = ["de": ["ß"], "fr": ["æ", "Æ", "ÿ", "Ÿ"], "it": ["î", "Î"]]

    @Test(arguments: RecognitionLanguage.all.dropFirst())
    func everyLanguageHasAModelThatWritesItsLetters(language: RecognitionLanguage) throws {
        let lm = try NGramLanguageModel.shipped(language)
        #expect(lm.order >= 4)
        #expect(lm.nodeCount > 10_000)
        let symbols = Set(lm.symbols).union(Self.lettersWordfreqLacks[language.code] ?? [])
        for letter in language.specialLetters {
            #expect(symbols.contains(letter), "\(language.code) lacks \(letter)")
            if let capital = letter.uppercased().first, letter.uppercased().count == 1 {
                #expect(symbols.contains(capital), "\(language.code) lacks \(capital)")
            }
        }
        // Printable ASCII stays: digits, punctuation and words of other languages are still written.
        #expect(symbols.isSuperset(of: (32...126).map { Character(Unicode.Scalar($0)!) }))
    }

    @Test func aLetterTheModelLacksCostsItsFoldedSpellingNotAnUnknownSymbol() throws {
        let german = try NGramLanguageModel.shipped(.german)
        #expect(!german.symbols.contains("ß"))
        let sharpS = german.logProbability(ofText: "Straße")
        let folded = german.logProbability(ofText: "Strasse") + NGramLanguageModel.foldedLogProbability
        #expect(abs(sharpS - folded) < 1e-9)
    }

    @Test(arguments: [RecognitionLanguage.polish, .czech, .turkish])
    func probabilitiesSumToOne(language: RecognitionLanguage) throws {
        let lm = try NGramLanguageModel.shipped(language)
        for context in ["", "prz", "Jan 3", "XQ"] {
            let total = lm.symbols.map { exp(lm.logProbability(of: $0, after: context)) }.reduce(0, +)
            #expect(abs(total - 1) < 0.02, "\(language.code): sum \(total) after '\(context)'")
        }
    }

    /// The point of a model per language: its own spellings cost far less than under the
    /// English model, and English ones more.
    @Test func aLanguagesModelPrefersItsOwnSpellings() throws {
        let english = try NGramLanguageModel.shipped()
        let cases: [(RecognitionLanguage, String)] = [
            (.polish, "szczęście przyjaciół"), (.czech, "čtvrtek představení"), (.turkish, "güzel kitabı"),
            (.german, "für die Straße"), (.hungarian, "köszönöm szépen"),
        ]
        for (language, text) in cases {
            let own = try NGramLanguageModel.shipped(language)
            #expect(own.logProbability(ofText: text) > english.logProbability(ofText: text) + 5, "\(language.code): \(text)")
        }
        let polish = try NGramLanguageModel.shipped(.polish)
        #expect(english.logProbability(ofText: "the weather") > polish.logProbability(ofText: "the weather"))
    }

    @Test func theDecoderReadsWithTheFirstLanguagesModel() throws {
        let alphabet = Alphabet(characters: Array("abcdefghijklmnopqrstuvwxyzęł "))
        var options = DecodingOptions.shipped
        options.languages = [.polish, .english]
        let polishFirst = try #require(options.makeDecoder(alphabet: alphabet).languageModel as? NGramLanguageModel)
        #expect(polishFirst == (try NGramLanguageModel.shipped(.polish)))
        options.languages = [.english, .polish]
        let englishFirst = try #require(options.makeDecoder(alphabet: alphabet).languageModel as? NGramLanguageModel)
        #expect(englishFirst == (try NGramLanguageModel.shipped()))
    }
    /// A line often starts with a capitalized word. Each word is in the models' text capitalized
    /// as well as in lower case and in capitals (recognition version 19), so a capital at the
    /// start is not taken to begin a word in capitals. Before, these words cost 3.5 to 3.7 nats
    /// more capitalized than in lower case (now 0.2 to 2.6), and the decoder dropped a capital
    /// the network had read ("Îndeplinit" read "îndeplinit").
    @Test func aCapitalizedWordCostsLittleMoreThanItsLowerCase() throws {
        let cases: [(RecognitionLanguage, String)] = [
            (.romanian, "îndeplinit"), (.romanian, "știință"), (.italian, "usciti"), (.spanish, "teléfono"),
            (.german, "über"), (.polish, "życie"),
        ]
        for (language, word) in cases {
            let lm = try NGramLanguageModel.shipped(language)
            let capitalized = word.prefix(1).uppercased() + word.dropFirst()
            let lower = lm.logProbability(ofText: word)
            let title = lm.logProbability(ofText: capitalized)
            #expect(title > lower - 3, "\(language.code): \(capitalized) \(title) against \(word) \(lower)")
        }
    }
}
