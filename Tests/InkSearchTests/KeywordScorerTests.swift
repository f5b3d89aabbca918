import Foundation
import InkRecognition
import Testing
@testable import InkSearch

@Suite struct KeywordScorerTests {
    @Test func framePosteriorsKeepTheLikelyClassesAndSlice() {
        let frames = EvidenceFixtures.frames([[("a", 0.6), ("o", 0.39)], [("b", 0.99)]])
        let posteriors = FramePosteriors(frames, alphabet: EvidenceFixtures.alphabet)
        #expect(posteriors.frameCount == 5)
        let a = EvidenceFixtures.alphabet
        // a and o hold 99%, under the 99.5% coverage: the blank's 1% is kept too.
        let entries = posteriors.entries(ofFrame: 1)
        #expect(entries.map(\.classIndex) == [a.classIndex(of: "a")!, a.classIndex(of: "o")!, Alphabet.blank])
        #expect(abs(entries[0].logProbability - Float(log(0.6))) < 0.07)
        #expect(posteriors.entries(ofFrame: 0).map(\.classIndex) == [Alphabet.blank])
        let slice = posteriors.slice(2..<4)
        #expect(slice.frameCount == 2)
        #expect(slice.entries(ofFrame: 1).first?.classIndex == a.classIndex(of: "b"))
        #expect(posteriors.slice(3..<99).frameCount == 2)
    }

    @Test func theSpelledWordScoresAsTheBestPathAndOthersFarBelow() throws {
        let evidence = EvidenceFixtures.evidence(spelling: "about")
        let same = try #require(EvidenceFixtures.score("about", evidence))
        #expect(abs(same) < 0.1)
        let other = try #require(EvidenceFixtures.score("abort", evidence))
        #expect(other < -8)
        #expect(EvidenceFixtures.score("aboutabout", evidence) == nil || EvidenceFixtures.score("aboutabout", evidence)! < -20)
    }

    @Test func anUndecidedFrameCostsLittleEitherWay() throws {
        let evidence = EvidenceFixtures.evidence([[("d", 0.99)], [("o", 0.5), ("a", 0.49)], [("n", 0.99)], [("e", 0.99)]])
        #expect(try #require(EvidenceFixtures.score("done", evidence)) > -0.1)
        #expect(try #require(EvidenceFixtures.score("dane", evidence)) > -0.2)
        let dine = try #require(EvidenceFixtures.score("dine", evidence))
        #expect(dine < -6, "\(dine)")
    }

    @Test func caseFoldsUnlessCaseMatching() throws {
        let evidence = EvidenceFixtures.evidence(spelling: "Grace")
        #expect(try #require(EvidenceFixtures.score("grace", evidence)) > -0.1)
        #expect(try #require(EvidenceFixtures.score("grace", evidence, caseMatching: true)) < -8)
        #expect(try #require(EvidenceFixtures.score("Grace", evidence, caseMatching: true)) > -0.1)
    }

    @Test func prefixesLeaveTheRestFree() throws {
        let evidence = EvidenceFixtures.evidence(spelling: "notebook")
        #expect(try #require(EvidenceFixtures.score("note", evidence, prefix: true)) > -0.1)
        #expect(try #require(EvidenceFixtures.score("note", evidence)) < -8)
        #expect(try #require(EvidenceFixtures.score("book", evidence, prefix: true)) < -8)
    }

    @Test func theNeighboursCharactersAtTheEdgesAreOptional() throws {
        // Frames from the space before the word to the comma after it.
        let evidence = EvidenceFixtures.evidence([[(" ", 0.99)], [("s", 0.99)], [("o", 0.99)], [(",", 0.99)]], before: " ", after: ",")
        #expect(try #require(EvidenceFixtures.score("so", evidence)) > -0.1)
        let bare = EvidenceFixtures.evidence([[(" ", 0.99)], [("s", 0.99)], [("o", 0.99)], [(",", 0.99)]])
        #expect(try #require(EvidenceFixtures.score("so", bare)) < -8)
    }

    @Test func aQueryTheAlphabetCannotWriteHasNoLabel() {
        #expect(KeywordScorer.Label(Array("naïve"), alphabet: String(EvidenceFixtures.alphabet.characters), caseMatching: false) == nil)
        #expect(KeywordScorer.Label([], alphabet: "ab", caseMatching: false) == nil)
    }

    @Test func theEvidenceBoundKeepsWordsThatCanScoreAndDropsOthers() {
        var index = EvidenceIndex()
        index.add(EvidenceFixtures.evidence(spelling: "grace"), slot: 0, token: 0)
        index.add(EvidenceFixtures.evidence([[("l", 0.99)], [("o", 0.6), ("a", 0.39)], [("v", 0.99)], [("e", 0.99)]]), slot: 1, token: 4)
        func found(_ word: String, _ cost: Float) -> [Int32] {
            index.candidates(symbols: EvidenceIndex.symbols(of: word)!, maxCost: cost) { _ in true }.map(\.slot)
        }
        #expect(found("grace", 1) == [0])
        #expect(found("lave", 1) == [1])
        #expect(found("lave", 0.1).isEmpty)
        #expect(found("hope", 5).isEmpty)
        #expect(index.candidates(symbols: EvidenceIndex.symbols(of: "grace")!, maxCost: 1) { $0 != 0 }.isEmpty)
        #expect(EvidenceIndex.symbols(of: "a-b") == nil)
    }
}
