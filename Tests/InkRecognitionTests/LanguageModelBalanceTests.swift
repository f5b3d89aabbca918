import Testing
@testable import InkRecognition

@Suite struct LanguageModelBalanceTests {
    @Test func theOpenModelLeansLessOnTheEnglishModelWhenAnotherLanguageComesFirst() {
        #expect(LanguageModelBalance.shipped(for: .open, languages: [.danish, .english]) == .openOtherLanguages)
        #expect(LanguageModelBalance.shipped(for: .open, languages: [.english, .danish]) == .english)
        #expect(LanguageModelBalance.shipped(for: .open, languages: []) == .english)
        #expect(LanguageModelBalance.openOtherLanguages.weight < LanguageModelBalance.english.weight)
    }

    @Test func theResearchModelKeepsTheEnglishBalanceInEveryLanguage() {
        for language in RecognitionLanguage.all {
            #expect(LanguageModelBalance.shipped(for: .research, languages: [language]) == .english)
        }
    }

    @Test func shippedDecodingCarriesTheBalanceIntoTheDecoder() throws {
        let spanish = DecodingOptions.shipped(for: .open, languages: [.spanish, .english], vocabulary: ["Okonkwo"])
        #expect(spanish.languageModelWeight == 0.4 && spanish.insertionBonus == 1.5)
        #expect(spanish.vocabulary == ["Okonkwo"])
        let decoder = try spanish.makeDecoder(alphabet: Alphabet(characters: Array(" ab")))
        #expect(decoder.languageModelWeight == 0.4 && decoder.insertionBonus == 1.5)
        let english = DecodingOptions.shipped(for: .open, languages: [.english])
        #expect(english.languageModelWeight == DecodingOptions.shipped.languageModelWeight)
        #expect(english.insertionBonus == DecodingOptions.shipped.insertionBonus)
    }

    @Test func aShippedRecognizerForAnotherLanguageDecodesWithItsBalance() throws {
        let danish = try ShippedRecognizer.load(.open, languages: [.danish])
        #expect(danish.decoding.languageModelWeight == LanguageModelBalance.openOtherLanguages.weight)
        let withWords = try ShippedRecognizer.load(.open, languages: [.danish], vocabulary: ["Kierkegaard"])
        #expect(withWords.decoding.insertionBonus == LanguageModelBalance.openOtherLanguages.insertionBonus)
        let research = try ShippedRecognizer.load(.research, languages: [.danish])
        #expect(research.decoding.languageModelWeight == LanguageModelBalance.english.weight)
    }
}
