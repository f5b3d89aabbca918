import Testing
@testable import InkSearch

/// The rule for a word read as two, shared by `SearchIndex` and the library.
@Suite struct SplitWordTests {
    @Test func cutsLeaveTwoCharactersEachSideOfWordsLongEnough() {
        let rule = SplitWord()
        let term = SearchQuery("Whitstable").terms[0]
        let cuts = rule.cuts(of: term)
        #expect(cuts.count == term.scalars.count - 3)
        #expect(cuts.allSatisfy { $0.head.unicodeScalars.count >= 2 && $0.tail.unicodeScalars.count >= 2 && $0.head + $0.tail == term.key })
        #expect(rule.cuts(of: SearchQuery("grace").terms[0]).isEmpty)
        var policy = MatchPolicy.standard
        policy.minimumSplitLength = 0
        #expect(SplitWord(matcher: WordMatcher(policy: policy)).cuts(of: term).isEmpty)
    }

    @Test func aMatchScoresBothProbabilitiesBelowAWholeWordAndChecksCaseOnTheJoinedText() throws {
        let rule = SplitWord()
        let caseMatching = SearchOptions(caseMatchingOnly: true)
        let term = SearchQuery("Whitstable", options: caseMatching).terms[0]
        let first = WordReading(text: "Whits", probability: 0.8), second = WordReading(text: "table", probability: 0.9)
        let found = rule.match(term, first, second, caseMatchingOnly: true)
        let match = try #require(found)
        #expect(match.reading == "Whits table")
        #expect(abs(match.score - 0.8 * 0.9 * MatchPolicy.standard.splitFactor) < 1e-12)
        let lower = SearchQuery("whitstable", options: caseMatching).terms[0]
        let wrongCase = rule.match(lower, first, second, caseMatchingOnly: true), anyCase = rule.match(lower, first, second, caseMatchingOnly: false)
        #expect(wrongCase == nil)
        #expect(anyCase?.score == match.score)
        // Below the minimum score: no hit.
        let unlikely = rule.match(term, WordReading(text: "Whits", probability: 0.1), WordReading(text: "table", probability: 0.1), caseMatchingOnly: false)
        #expect(unlikely == nil)
        #expect(rule.minimumProbability(reaching: 0.2) == 0.2 / MatchPolicy.standard.splitFactor)
    }
}
