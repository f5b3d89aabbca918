import Testing
@testable import InkTools

@Suite struct SearchRelevanceTests {
    /// "world" should find "the world's rivers", so the benchmark counts that line relevant;
    /// the queries stay the words as written.
    @Test func possessiveLinesAreRelevantToTheStem() {
        let relevance = SearchRelevance(transcriptions: ["the world's rivers", "a new world", "Paul’s letter"])
        #expect(relevance.relevant(to: "world", fullWordsOnly: true) == [0, 1])
        #expect(relevance.relevant(to: "paul", fullWordsOnly: true) == [2])
        #expect(relevance.relevant(to: "worlds", fullWordsOnly: true) == [0])
        #expect(!relevance.queries.contains("paul"))
        #expect(relevance.queries.contains("pauls"))
    }
}
