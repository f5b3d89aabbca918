import Testing
@testable import InkRecognition

/// Each language has its own character model since recognition version 14, and every model and
/// language is read at the balance tuned for English, but for the research models reading
/// English, which trust the English model more since version 20.
@Suite struct LanguageModelBalanceTests {
    @Test func everyModelAndLanguageIsReadAtTheTunedBalance() {
        for model in ShippedModel.allCases {
            let englishFirst: LanguageModelBalance = model == .open ? .english : .researchEnglish
            #expect(LanguageModelBalance.shipped(for: model, languages: []) == englishFirst)
            #expect(LanguageModelBalance.shipped(for: model, languages: [.english, .spanish]) == englishFirst)
            for language in RecognitionLanguage.all where language != .english {
                #expect(LanguageModelBalance.shipped(for: model, languages: [language, .english]) == .english)
            }
        }
        #expect(LanguageModelBalance.english.weight == CTCDecoder.defaultLanguageModelWeight)
        #expect(LanguageModelBalance.english.insertionBonus == CTCDecoder.defaultInsertionBonus)
        // More trust in the English model, with a bonus that still offsets its cost per letter.
        #expect(LanguageModelBalance.researchEnglish.weight > LanguageModelBalance.english.weight)
        #expect(LanguageModelBalance.researchEnglish.insertionBonus > LanguageModelBalance.english.insertionBonus)
    }

    @Test func theResearchModelReadsEnglishAtItsOwnBalance() throws {
        let english = DecodingOptions.shipped(for: .research, languages: [.english])
        #expect(english.languageModelWeight == LanguageModelBalance.researchEnglish.weight)
        #expect(english.insertionBonus == LanguageModelBalance.researchEnglish.insertionBonus)
        let open = DecodingOptions.shipped(for: .open, languages: [.english])
        #expect(open.languageModelWeight == LanguageModelBalance.english.weight)
        // Loading a model without naming languages reads English at that model's balance too.
        let research = try #require(try ShippedRecognizer.load(.research) as? NeuralLineRecognizer)
        #expect(research.decoding.languageModelWeight == LanguageModelBalance.researchEnglish.weight)
        #expect(research.decoding.insertionBonus == LanguageModelBalance.researchEnglish.insertionBonus)
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
