import Foundation
import Testing
@testable import InkRecognition

@Suite struct RecognitionLanguageTests {
    @Test func tagsAndLocalesMapOntoShippedLanguages() {
        #expect(RecognitionLanguage(code: "es-MX") == .spanish)
        #expect(RecognitionLanguage(code: "pt_BR") == .portuguese)
        #expect(RecognitionLanguage(code: "no") == .norwegianBokmal)
        #expect(RecognitionLanguage(code: "tl") == .filipino)
        #expect(RecognitionLanguage(code: "ja") == nil)
        #expect(RecognitionLanguage(Locale.Language(identifier: "de-CH")) == .german)
        #expect(RecognitionLanguage.resolve(["fr", "zz", "FR-ca", "en"]) == [.french, .english])
        #expect(RecognitionLanguage.all.count == 20)
    }

    @Test func codableAsItsCode() throws {
        let data = try JSONEncoder().encode([RecognitionLanguage.german, .turkish])
        #expect(String(decoding: data, as: UTF8.self) == #"["de","tr"]"#)
        #expect(try JSONDecoder().decode([RecognitionLanguage].self, from: data) == [.german, .turkish])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RecognitionLanguage].self, from: Data(#"["xx"]"#.utf8)) }
    }

    @Test func writabilityFollowsTheAlphabet() {
        let english = Array(" abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(RecognitionLanguage.english.isWritable(with: english))
        #expect(RecognitionLanguage.indonesian.isWritable(with: english), "Indonesian needs no letter beyond a–z")
        #expect(!RecognitionLanguage.spanish.isWritable(with: english))
        #expect(!RecognitionLanguage.spanish.isWritable(with: english + Array("áéíñóúü")), "the capitals are needed too")
        #expect(RecognitionLanguage.german.isWritable(with: english + Array("äöüßÄÖÜ")), "ß has no one-letter capital")
    }

    @Test func everyShippedLanguageHasAWordPrior() throws {
        for language in RecognitionLanguage.all {
            let prior = try WordPrior.shipped(language)
            #expect(prior.count >= 10_000, "\(language)")
        }
        guard case .known = try WordPrior.shipped(.spanish).lookup(token: "Más,") else {
            Issue.record("más is a Spanish word")
            return
        }
        #expect(try WordPrior.shipped(.german).lookup(token: "für") != .unknown)
    }

    @Test func mergedPriorsKeepPriorityAndVocabularyIsKnown() throws {
        let first = try WordPrior(zipfFrequencies: ["casa": 5, "de": 7, "rara": 3])
        let second = try WordPrior(zipfFrequencies: ["house": 5, "de": 4, "odd": 2])
        let merged = try WordPrior.merging([first, second])
        #expect(merged.lookup(token: "casa") == .known(zipf: 5))
        // The second list's floor (2) lines up with the first's (3), less one priority step.
        #expect(merged.lookup(token: "house") == .known(zipf: 5 + 1 - WordPrior.priorityStep))
        #expect(merged.lookup(token: "de") == .known(zipf: 7), "a word keeps its best value")
        #expect(merged.lookup(token: "odd") == .known(zipf: 3), "never below the first floor")
        let named = merged.adding(["Okonkwo,", "  ", "casa"])
        #expect(named.lookup(token: "okonkwo") == .known(zipf: WordPrior.vocabularyZipf))
        #expect(named.lookup(token: "casa") == .known(zipf: 5), "a vocabulary word never lowers a listed one")
        #expect(throws: WordPrior.LoadError.empty) { try WordPrior.merging([]) }
    }

    @Test func openModelReadsEveryShippedLanguage() {
        #expect(ShippedModel.open.supportedLanguages == RecognitionLanguage.all)
    }
}
