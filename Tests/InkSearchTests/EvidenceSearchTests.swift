import Foundation
import InkRecognition
import Testing
@testable import InkSearch

/// Search on words that kept their network evidence: calibrated by `WordCalibration`.
@Suite struct EvidenceSearchTests {
    /// One word read `reading` (certain) whose frames spell `steps`.
    func word(_ reading: String, _ steps: [[(Character, Double)]], position: Int = 0) -> WordToken {
        WordToken(strokeIDs: [UUID(deterministicFrom: "\(reading)/\(position)")], bounds: .null, line: 0, position: position,
                  readings: [WordReading(text: reading, probability: 1)], evidence: EvidenceFixtures.evidence(steps))
    }

    func steps(_ text: String) -> [[(Character, Double)]] { text.map { [($0, 0.99)] } }

    @Test func theStandardPolicyCalibratesEveryTerm() {
        let hesitant: [[(Character, Double)]] = [[("a", 0.99)], [("b", 0.5)], [("o", 0.5)], [("u", 0.99)], [("t", 0.99)]]
        var index = SearchIndex<Int>()
        index.add([word("aut", hesitant)], to: 0)
        #expect(index.search("about", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [0])
        #expect(index.search("about").map(\.document) == [0])
        #expect(MatchPolicy.standard.calibration(allowingPrefix: false) == .standard)
        // Whole words by their readings alone: two edits are too many for five letters.
        var policy = MatchPolicy.standard
        policy.calibratesWholeWords = false
        var byReadings = SearchIndex<Int>(policy: policy)
        byReadings.add([word("aut", hesitant)], to: 0)
        #expect(byReadings.search("about", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(byReadings.search("about").map(\.document) == [0])
    }

    @Test func aReadingThatSpellsTheQueryIsFoundWhateverTheFramesSay() {
        // The frames say "alsa"; the decoder's language model read "also", and that is what the
        // user sees, so "also" must find it.
        let token = WordToken(strokeIDs: [UUID()], bounds: .null, line: 0, position: 0,
                              readings: [WordReading(text: "also", probability: 0.94), WordReading(text: "alsa", probability: 0.06)],
                              evidence: EvidenceFixtures.evidence(steps("alsa")))
        var index = SearchIndex<Int>()
        index.add([token], to: 0)
        #expect(index.search("also").map(\.document) == [0])
        #expect(index.search("also", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [0])
        var policy = MatchPolicy.standard
        policy.exactReadingsSuffice = false
        var overruled = SearchIndex<Int>(policy: policy)
        overruled.add([token], to: 0)
        #expect(overruled.search("also").isEmpty)
    }

    @Test func aReadingEqualOnlyUnderTheConfusionClassesIsJudgedByItsFrames() {
        // "clear" and "dear" share a key (cl/d), but these frames clearly say "clear": under the
        // calibration "dear" does not find it, though "clear" and "clea" do; without evidence
        // to weigh, the confusion class still makes it a hit.
        var index = SearchIndex<Int>()
        index.add([word("clear", steps("clear"))], to: 0)
        #expect(index.search("dear").isEmpty)
        #expect(index.search("dear", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(index.search("clear", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [0])
        #expect(index.search("clea").map(\.document) == [0])
        var plain = SearchIndex<Int>(policy: .uncalibrated)
        plain.add([word("clear", steps("clear"))], to: 0)
        #expect(plain.search("dear", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [0])
    }

    @Test func evidenceFindsAWordWhoseReadingIsTooFarForTextAlone() {
        // Read "aut" (not a word); the network half saw a "b" and an "o" in it.
        let hesitant: [[(Character, Double)]] = [[("a", 0.99)], [("b", 0.5)], [("o", 0.5)], [("u", 0.99)], [("t", 0.99)]]
        var index = SearchIndex<Int>()
        index.add([word("aut", hesitant)], to: 0)
        index.add([word("out", steps("out"))], to: 1)
        #expect(index.search("about", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [0])
        // Without calibration the evidence is ignored, and two edits are too many for five letters.
        var plain = SearchIndex<Int>(policy: .uncalibrated)
        plain.add([word("aut", hesitant)], to: 0)
        #expect(plain.search("about", options: SearchOptions(fullWordsOnly: true)).isEmpty)
    }

    @Test func evidenceAgainstACloseReadingRejectsIt() {
        // "broad" is one soft confusion from the known word "bread": certain frames for "bread"
        // turn it down, undecided frames accept it, under a calibration whose threshold lets
        // evidence rescue such a word (-1.4, recognition version 22's).
        var lenient = MatchPolicy.standard
        lenient.calibration?.threshold = -1.4
        let undecided: [[(Character, Double)]] = [[("b", 0.99)], [("r", 0.99)], [("e", 0.5), ("o", 0.49)], [("a", 0.99)], [("d", 0.99)]]
        var index = SearchIndex<Int>(policy: lenient)
        index.add([word("bread", steps("bread"))], to: 0)
        index.add([word("bread", undecided)], to: 1)
        #expect(index.search("broad", options: SearchOptions(fullWordsOnly: true)).map(\.document) == [1])
        #expect(index.search("bread", options: SearchOptions(fullWordsOnly: true)).map(\.document).sorted() == [0, 1])
        // The shipped threshold (-1.1, chosen for precision on testset_v's prefixes) leaves a
        // five-letter known word one soft confusion away to its reading, whatever the frames say.
        var shipped = SearchIndex<Int>()
        shipped.add([word("bread", undecided)], to: 1)
        shipped.add([word("bread", [[("b", 0.99)], [("r", 0.99)], [("o", 0.9), ("e", 0.09)], [("a", 0.99)], [("d", 0.99)]])], to: 2)
        #expect(shipped.search("broad", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(shipped.search("bread", options: SearchOptions(fullWordsOnly: true)).map(\.document).sorted() == [1, 2])
    }

    @Test func calibratedScoresAreProbabilitiesAndTheExactWordRanksFirst() throws {
        var index = SearchIndex<Int>()
        index.add([word("grace", steps("grace"))], to: 0)
        index.add([word("grace", [[("g", 0.99)], [("r", 0.99)], [("o", 0.6), ("a", 0.39)], [("c", 0.99)], [("e", 0.99)]])], to: 1)
        let hits = index.search("grace", options: SearchOptions(fullWordsOnly: true))
        try #require(hits.count == 2)
        #expect(hits.allSatisfy { $0.hit.score > 0 && $0.hit.score < 1 })
        #expect(hits[0].document == 0)
        #expect(hits[0].hit.score > hits[1].hit.score)
    }

    @Test func prefixesAndCaseOnEvidence() {
        var index = SearchIndex<Int>()
        index.add([word("Notebook", steps("Notebook"))], to: 0)
        #expect(index.search("note").map(\.document) == [0])
        #expect(index.search("note", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        #expect(index.search("notebook", options: SearchOptions(caseMatchingOnly: true)).isEmpty)
        #expect(index.search("Notebook", options: SearchOptions(caseMatchingOnly: true)).map(\.document) == [0])
    }

    @Test func phrasesUseEvidenceForEveryWord() {
        var index = SearchIndex<Int>()
        index.add([word("love", steps("love"), position: 0),
                   word("is", steps("is"), position: 1),
                   word("kird", [[("k", 0.99)], [("i", 0.99)], [("r", 0.5), ("n", 0.49)], [("d", 0.99)]], position: 2)], to: 0)
        #expect(index.search("love is kind").map(\.hit.tokens) == [0..<3])
    }

    @Test func featuresListEveryCandidateWord() {
        var index = SearchIndex<Int>()
        index.add([word("about", steps("about")), word("alone", steps("alone"), position: 1)], to: 3)
        let features = index.features("about", options: SearchOptions(fullWordsOnly: true), minimumLogRatio: -12)
        let exact = features.first { $0.token == 0 }
        #expect(exact?.text?.distance == 0)
        #expect(abs(exact?.logRatio ?? -99) < 0.1)
        #expect(features.allSatisfy { $0.document == 3 })
    }

    @Test func calibrationAcceptsAndRejectsAsFitted() {
        let c = WordCalibration.standard
        let exact = WordCalibration.TextMatch(probability: 0.95, distance: 0, knownWord: true)
        #expect(c.logit(text: exact, logRatio: 0, length: 6, prefixQuery: false) >= c.threshold)
        // A reading two edits away is turned down when the network was sure of something else.
        let twoEdits = WordCalibration.TextMatch(probability: 0.5, distance: 2, knownWord: false)
        #expect(c.logit(text: twoEdits, logRatio: -10, length: 6, prefixQuery: true) < c.threshold)
        // On evidence alone, only long words: short ones with no close reading rarely are the
        // query (since recognition version 22, whose readings come from two networks, 15+ letters).
        #expect(c.logit(text: nil, logRatio: -0.2, length: 16, prefixQuery: false) >= c.threshold)
        #expect(c.logit(text: nil, logRatio: -0.2, length: 12, prefixQuery: false) < c.threshold)
        #expect(c.logit(text: nil, logRatio: -0.2, length: 5, prefixQuery: false) < c.threshold)
        #expect(c.logit(text: nil, logRatio: nil, length: 8, prefixQuery: false) == -.infinity)
        #expect(c.minimumLogRatio(length: 5, prefixQuery: false) >= WordCalibration.evidenceFloor)
        #expect(abs(WordCalibration.probability(logit: 0) - 0.5) < 1e-12)
    }

    @Test func theTokenizerCutsEachWordsFramesBetweenItsNeighbours() throws {
        let frames = EvidenceFixtures.frames(spelling: "to be,")   // characters at frames 1, 3, 5, 7, 9, 11
        let best = RecognitionCandidate(text: "to be,", logProbability: -1, characterFrames: [1, 3, 5, 7, 9, 11])
        let line = LineRecognition(strokeIDs: [], candidates: [best], posteriors: FramePosteriors(frames, alphabet: EvidenceFixtures.alphabet))
        let tokens = WordTokenizer().tokens(for: line, line: 0, strokeBounds: [:])
        let first = try #require(tokens[0].evidence), second = try #require(tokens[1].evidence)
        #expect(first.posteriors.frameCount == 6)       // frames 0...5: start of line to the space
        #expect(first.before == nil && first.after == " ")
        #expect(second.posteriors.frameCount == 7)      // frames 5...11: the space to the comma
        #expect(second.before == " " && second.after == ",")
        #expect(try #require(EvidenceFixtures.score("be", second)) > -0.1)
        // No frames kept, no evidence.
        let bare = WordTokenizer().tokens(for: LineRecognition(strokeIDs: [], candidates: [best]), line: 0, strokeBounds: [:])
        #expect(bare.allSatisfy { $0.evidence == nil })
    }
}
