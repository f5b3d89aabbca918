import Testing
@testable import InkRecognition

/// Each language has its own character model since recognition version 14, so every model and
/// language is read at one balance, the one tuned for English.
@Suite struct LanguageModelBalanceTests {
    @Test func everyModelAndLanguageIsReadAtTheTunedBalance() {
        for model in ShippedModel.allCases {
            #expect(LanguageModelBalance.shipped(for: model, languages: []) == .english)
            for language in RecognitionLanguage.all {
                #expect(LanguageModelBalance.shipped(for: model, languages: [language, .english]) == .english)
            }
        }
        #expect(LanguageModelBalance.english.weight == CTCDecoder.defaultLanguageModelWeight)
        #expect(LanguageModelBalance.english.insertionBonus == CTCDecoder.defaultInsertionBonus)
    }

    @Test func shippedDecodingCarriesTheBalanceIntoTheDecoder() throws {
        let spanish = DecodingOptions.shipped(for: .open, languages: [.spanish, .english], vocabulary: ["Okonkwo"])
        #expect(spanish.languageModelWeight == LanguageModelBalance.english.weight)
        #expect(spanish.insertionBonus == LanguageModelBalance.english.insertionBonus)
        #expect(spanish.vocabulary == ["Okonkwo"])
        var custom = spanish
        custom.languageModelWeight = 0.3
        custom.insertionBonus = 1.25
        let decoder = try custom.makeDecoder(alphabet: Alphabet(characters: Array(" ab")))
        #expect(decoder.languageModelWeight == 0.3 && decoder.insertionBonus == 1.25)
    }

    @Test func aShippedRecognizerForAnotherLanguageReadsWithThatLanguagesModel() throws {
        let danish = try ShippedRecognizer.load(.open, languages: [.danish])
        #expect(danish.decoding.languageModelWeight == LanguageModelBalance.english.weight)
        #expect(danish.decoding.languages.first == .danish)
        let withWords = try ShippedRecognizer.load(.open, languages: [.danish], vocabulary: ["Kierkegaard"])
        #expect(withWords.decoding.insertionBonus == LanguageModelBalance.english.insertionBonus)
        #expect(withWords.decoding.vocabulary == ["Kierkegaard"])
    }
}
