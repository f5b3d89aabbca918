import Testing
import InkRecognition
@testable import InkSearch

@Suite struct WordMatcherTests {
    let lexicon = Lexicon(words: ["about", "above", "note", "notebook"])

    @Test func inexactMatchOnAKnownWordScoresFarLower() throws {
        let term = SearchQuery("abave", options: SearchOptions(fullWordsOnly: true)).terms[0]
        let reading = WordReading(text: "above", probability: 0.9)
        let known = try #require(WordMatcher(lexicon: lexicon).match(term, reading: reading, caseMatchingOnly: false))
        let unknown = try #require(WordMatcher(lexicon: nil).match(term, reading: reading, caseMatchingOnly: false))
        #expect(known.distance == 0.5)
        #expect(abs(known.score - unknown.score * MatchPolicy.standard.knownWordFactor) < 1e-12)
        #expect(known.score < unknown.score * 0.2)
    }

    @Test func exactAndPrefixMatchesAreNotPenalizedForKnownWords() throws {
        let matcher = WordMatcher(lexicon: lexicon)
        let term = SearchQuery("note").terms[0]
        let whole = try #require(matcher.match(term, reading: WordReading(text: "note", probability: 1), caseMatchingOnly: false))
        let prefix = try #require(matcher.match(term, reading: WordReading(text: "notebook", probability: 1), caseMatchingOnly: false))
        #expect(whole.score == 1)
        #expect(prefix.prefix)
        #expect(prefix.score == MatchPolicy.standard.prefixFactor)
    }

    @Test func scoreFallsWithDistanceAndProbability() throws {
        let matcher = WordMatcher(lexicon: nil)
        let term = SearchQuery("recognition").terms[0]
        let near = try #require(matcher.match(term, reading: WordReading(text: "recognitian", probability: 0.8), caseMatchingOnly: false))
        let far = try #require(matcher.match(term, reading: WordReading(text: "recagnitian", probability: 0.8), caseMatchingOnly: false))
        let unlikely = try #require(matcher.match(term, reading: WordReading(text: "recognitian", probability: 0.2), caseMatchingOnly: false))
        #expect(near.score > far.score)
        #expect(near.score > unlikely.score)
        #expect(matcher.match(term, reading: WordReading(text: "recreation", probability: 1), caseMatchingOnly: false) == nil)
    }
    @Test func aPrefixCloserThanTheWholeWordIsMatchedAsAPrefix() throws {
        // "autumnal" is two insertions from "autumn" as a whole word but spells it as a prefix:
        // judged as the whole word it scored below the minimum and the note was missed.
        let matcher = WordMatcher(lexicon: nil)
        let reading = WordReading(text: "autumnal", probability: 0.85)
        let scalars = matcher.normalizer.collapsedScalars(reading.text)
        let prefix = try #require(matcher.match(SearchQuery("autumn").terms[0], collapsed: scalars, reading: reading, caseMatchingOnly: false, limit: 3))
        #expect(prefix.prefix && prefix.distance == 0)
        #expect(prefix.score >= MatchPolicy.standard.minimumScore)
        let whole = SearchQuery("autumn", options: SearchOptions(fullWordsOnly: true)).terms[0]
        let asWord = matcher.match(whole, collapsed: scalars, reading: reading, caseMatchingOnly: false, limit: 3)
        #expect(asWord.map { !$0.prefix && $0.distance > 0 } ?? true)
    }
}
