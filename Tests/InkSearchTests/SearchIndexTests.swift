import Foundation
import InkRecognition
import Testing
@testable import InkSearch

@Suite struct SearchIndexTests {
    @Test func exactWordIsFoundWithItsStrokesAndBounds() throws {
        let tokens = TokenFixtures.tokens(["faith hope and love"])
        var index = SearchIndex<Int>()
        index.add(tokens, to: 7)
        let hits = index.search("hope")
        try #require(hits.count == 1)
        #expect(hits[0].document == 7)
        #expect(hits[0].hit.strokeIDs == tokens[1].strokeIDs)
        #expect(hits[0].hit.bounds == tokens[1].bounds)
        #expect(hits[0].hit.reading == "hope")
        #expect(hits[0].hit.tokens == 1..<2)
    }

    @Test func hyphenatedWordsAreFoundByTheirParts() {
        func tokens(_ text: String) -> [WordToken] {
            WordTokenizer().tokens(for: LineRecognition(strokeIDs: [], candidates: [RecognitionCandidate(text: text, logProbability: 0)]),
                                   line: 0, strokeBounds: [:])
        }
        #expect(tokens("the stock-index fell").map(\.best) == ["the", "stock", "index", "fell"])
        var index = SearchIndex<Int>()
        index.add(tokens("the stock-index fell"), to: 0)
        index.add(tokens("a stock index rose"), to: 1)   // the hyphen not read
        index.add(tokens("Jn 3:16-18"), to: 2)
        #expect(index.search("index", options: SearchOptions(fullWordsOnly: true)).map(\.document).sorted() == [0, 1])
        #expect(index.search("stock-index", options: SearchOptions(fullWordsOnly: true)).map(\.document).sorted() == [0, 1])
        #expect(index.search("John 3:17").map(\.document) == [2])
    }

    @Test func eitherSpellingFindsTheOther() {
        var index = SearchIndex<Int>()
        index.add(TokenFixtures.tokens(["our Saviour and his honour"]), to: 0)
        index.add(TokenFixtures.tokens(["the judgment of the Counselor"]), to: 1)
        #expect(index.search("Savior", options: SearchOptions(fullWordsOnly: true)).map(\.hit.reading) == ["Saviour"])
        #expect(index.search("honor").map(\.document) == [0])
        #expect(index.search("judgement counsellor", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(index.search("judgement of the counsellor", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [1])
        #expect(index.search("savior", options: SearchOptions(caseMatchingOnly: true)).isEmpty, "case still matters where asked")
    }

    @Test func aWordReadAsTwoIsFoundWhole() throws {
        let index = TokenFixtures.lineIndex(["oysters from Whits table", "Whitstable oysters", "in to the sea"])
        let hits = index.search("whitstable", options: SearchOptions(fullWordsOnly: true))
        #expect(hits.map(\.document) == [1, 0])          // read whole first
        let split = try #require(hits.last)
        #expect(split.hit.reading == "Whits table")
        #expect(split.hit.tokens == 2..<4)
        #expect(split.hit.score <= MatchPolicy.standard.splitFactor)
        // Short words are not looked for in halves ("into" is not "in to").
        #expect(index.search("into", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(index.search("Whitstable", options: SearchOptions(caseMatchingOnly: true)).map(\.document) == [1, 0])
        #expect(index.search("whitstable", options: SearchOptions(caseMatchingOnly: true)).isEmpty)
        var policy = MatchPolicy.standard
        policy.minimumSplitLength = 0
        var off = SearchIndex<Int>(policy: policy)
        off.add(TokenFixtures.tokens(["oysters from Whits table"]), to: 0)
        #expect(off.search("whitstable").isEmpty)
    }

    /// A word broken over a line end, with or without its hyphen, is found whole in the note
    /// it was written in, and its hit covers both halves.
    @Test func aWordBrokenOverALineEndIsFoundWhole() throws {
        var index = SearchIndex<Int>()
        index.add(TokenFixtures.tokens(["notes on the ser-", "mon on the mount"]), to: 0)
        index.add(TokenFixtures.tokens(["grace and peace to", "you from God"]), to: 1)
        index.add(TokenFixtures.tokens(["read the whole sermon", "again"]), to: 2)
        index.add(TokenFixtures.tokens(["the Beatitu", "des in Matthew"]), to: 3)
        let hits = index.search("sermon", options: SearchOptions(fullWordsOnly: true))
        #expect(hits.map(\.document) == [2, 0])
        let broken = try #require(hits.last)
        #expect(broken.hit.tokens == 3..<5)
        #expect(index.search("beatitudes", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [3])
    }

    @Test func prefixUnlessFullWordsOnly() {
        let index = TokenFixtures.index(["my notebook and a note"])
        #expect(index.search("note").map(\.hit.reading).sorted() == ["note", "notebook"])
        #expect(index.search("note", options: SearchOptions(fullWordsOnly: true)).map(\.hit.reading) == ["note"])
        // A whole word scores above a prefix.
        #expect(index.search("note").first?.hit.reading == "note")
    }

    @Test func caseMatchingOnly() {
        let index = TokenFixtures.index(["Job said job", "JOB"])
        #expect(index.search("job").count == 3)
        let cased = index.search("Job", options: SearchOptions(caseMatchingOnly: true))
        #expect(cased.map(\.hit.reading) == ["Job"])
        // Confusions still count under case matching: "J0b" is Job.
        let withConfusion = TokenFixtures.index(["J0b wrote"])
        #expect(withConfusion.search("Job", options: SearchOptions(caseMatchingOnly: true)).count == 1)
        #expect(withConfusion.search("job", options: SearchOptions(caseMatchingOnly: true)).isEmpty)
    }

    @Test func fuzzyWithinThresholdOnly() {
        let index = TokenFixtures.lineIndex(["the recogmtion works", "a faithfull servant", "that way", "than this"])
        #expect(index.search("recognition").map(\.document) == [0])
        #expect(index.search("faithful", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [1])
        // Short words are not matched across a real letter difference.
        #expect(index.search("that", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [2])
    }

    @Test func confusionsAreFoundBothWays() {
        let index = TokenFixtures.lineIndex(["Ps ll9 is long", "grace 0f God", "modem times"])
        #expect(index.search("of", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [1])
        #expect(index.search("modern").map(\.document) == [2])
    }

    @Test func phraseAcrossWordsAndLineBreaks() throws {
        let tokens = TokenFixtures.tokens(["love is patient love is", "kind and it does"])
        var index = SearchIndex<Int>()
        index.add(tokens, to: 0)
        let hits = index.search("love is kind")
        try #require(hits.count == 1)
        #expect(hits[0].hit.tokens == 3..<6)
        #expect(hits[0].hit.reading == "love is kind")
        #expect(hits[0].hit.strokeIDs == tokens[3].strokeIDs + tokens[4].strokeIDs + tokens[5].strokeIDs)
        #expect(hits[0].hit.bounds == tokens[3].bounds.union(tokens[4].bounds).union(tokens[5].bounds))
        #expect(index.search("is patient kind").isEmpty)
        // The last word of a phrase is a prefix unless full words only.
        #expect(index.search("it do").count == 1)
        #expect(index.search("it do", options: SearchOptions(fullWordsOnly: true)).isEmpty)
    }

    @Test func alternativeReadingsAreFoundAndScoreBelowTheBest() throws {
        let index = TokenFixtures.lineIndex(["clear water", "dear friend"]) // best readings
        let withAlt = TokenFixtures.index(["bread wine"], alternatives: ["bread": ["beard"]])
        let hit = try #require(withAlt.search("beard", options: SearchOptions(fullWordsOnly: true)).first)
        #expect(hit.hit.reading == "beard")
        #expect(hit.hit.score < 0.5)
        #expect(index.search("dear").count == 2)  // cl/d is a confusion class
    }

    @Test func removeAndReplaceDocuments() {
        var index = TokenFixtures.lineIndex(["alpha", "beta"])
        index.remove(0)
        #expect(index.search("alpha").isEmpty)
        index.add(TokenFixtures.tokens(["gamma"]), to: 1)
        #expect(index.search("beta").isEmpty)
        #expect(index.search("gamma").map(\.document) == [1])
        #expect(index.documentCount == 1)
    }

    @Test func manyRemovalsCompactWithoutLosingDocuments() {
        var index = SearchIndex<Int>()
        for round in 0..<3 {
            for k in 0..<600 { index.add(TokenFixtures.tokens(["w\(k) round\(round) shared"]), to: k) }
        }
        #expect(index.search("shared", options: SearchOptions(fullWordsOnly: true)).count == 600)
        #expect(index.search("round2").count == 600)
        #expect(index.search("round1", options: SearchOptions(fullWordsOnly: true)).allSatisfy { $0.hit.reading == "round2" })
    }

    @Test func emptyQueryFindsNothing() {
        let index = TokenFixtures.index(["something"])
        #expect(index.search("").isEmpty)
        #expect(index.search(" ,. ").isEmpty)
    }
}
