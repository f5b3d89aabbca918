import Testing
@testable import InkTools
import InkIndex

@Suite struct MetricsTests {
    @Test func levenshteinCountsEdits() {
        #expect(EditDistance.between(characters: "kitten", "sitting") == 3)
        #expect(EditDistance.between(characters: "", "abc") == 3)
        #expect(EditDistance.between(characters: "abc", "") == 3)
        #expect(EditDistance.between(characters: "same", "same") == 0)
        #expect(EditDistance.between(characters: "ab", "ba") == 2)
        #expect(EditDistance.between(words: "the cat sat", "the  cat sat down") == 1)
        #expect(EditDistance.between(words: "a b c", "a x c") == 1)
    }

    @Test(arguments: [
        ("Mr . Smith", "Mr. Smith"),
        ("Foot ' s line", "Foot's line"),
        ("They 'll be", "They'll be"),
        ("authority ,\" he retorted . \"I agree", "authority,\"he retorted.\"I agree"),
        ("( see above )", "(see above)"),
        ("  two   spaces ", "two spaces"),
        ("Why ? Because !", "Why? Because!"),
        ("Jn 3 : 16", "Jn 3: 16"),
    ])
    func punctuationSpacingNormalizes(raw: String, expected: String) {
        #expect(PunctuationSpacing.normalize(raw) == expected)
    }

    @Test func tokenizedAndWrittenFormsNormalizeAlike() {
        #expect(PunctuationSpacing.normalize("\" unsatisfactory . \"") == PunctuationSpacing.normalize("\"unsatisfactory.\""))
        #expect(PunctuationSpacing.normalize("executive ' s") == PunctuationSpacing.normalize("executive's"))
    }

    @Test func errorRatesPoolOverSamples() {
        var rates = ErrorRates()
        rates.add(reference: "Mr . Smith", hypothesis: "Mr. Smith")
        #expect(rates.cer == 0.1)
        #expect(rates.normalizedCER == 0)
        #expect(rates.wer == 2.0 / 3.0)  // "Mr" "." "Smith" vs "Mr." "Smith"
        #expect(rates.normalizedWER == 0)
        rates.add(reference: "abcdefghij", hypothesis: "abcdefghiX")
        #expect(rates.samples == 2)
        #expect(rates.cer == 2.0 / 20.0)
        #expect(rates.wer == 3.0 / 4.0)
    }

    @Test func oracleTakesTheClosestCandidate() {
        var rates = ErrorRates()
        rates.add(reference: "hello", hypothesis: "hallo", alternatives: ["hello", "hxllx"])
        #expect(rates.cer == 0.2)
        #expect(rates.oracleCER == 0)
        rates.add(reference: "world", hypothesis: "world", alternatives: ["wxrld"])
        #expect(rates.oracleCER == 0)
    }

    @Test func caselessRateIgnoresOnlyCase() {
        var rates = ErrorRates()
        rates.add(reference: "Australia", hypothesis: "AUSTRALIA")
        #expect(rates.cer == 8.0 / 9.0)
        #expect(rates.caselessCER == 0)
        rates.add(reference: "Aalen", hypothesis: "aaden")
        #expect(rates.caselessCER == 1.0 / 14.0)
    }

    @Test func emptyReferencesDoNotDivideByZero() {
        var rates = ErrorRates()
        #expect(rates.cer == 0)
        rates.add(reference: "", hypothesis: "")
        #expect(rates.cer == 0)
        rates.add(reference: "", hypothesis: "x")
        #expect(rates.cer == 1)
    }

    @Test func latencyPercentiles() {
        let summary = LatencySummary(milliseconds: [3, 1, 2, 10])
        #expect(summary.median == 2.5)
        #expect(abs(summary.p95 - 8.95) < 1e-9)
        #expect(LatencySummary(milliseconds: []).median == 0)
        #expect(LatencySummary(milliseconds: Array(stride(from: 1.0, through: 101, by: 1))).p95 == 96)
    }
}
