import Foundation
import Testing
import InkRecognition
@testable import InkSearch

@Suite struct WordTokenizerTests {
    let a = UUID(deterministicFrom: "a"), b = UUID(deterministicFrom: "b"), c = UUID(deterministicFrom: "c")
    var bounds: [UUID: CGRect] {
        [a: CGRect(x: 0, y: 0, width: 40, height: 20), b: CGRect(x: 50, y: 0, width: 40, height: 20),
         c: CGRect(x: 100, y: 0, width: 40, height: 20)]
    }

    @Test func wordsTakeTheirStrokesFromTheCharacterAlignment() {
        let best = RecognitionCandidate(text: "Jn 3:16", logProbability: -1,
                                        characterStrokeIDs: [[a], [a], [], [b], [c], [c], [c]])
        let tokens = WordTokenizer().tokens(for: LineRecognition(strokeIDs: [a, b, c], candidates: [best]), line: 4, strokeBounds: bounds)
        #expect(tokens.map(\.best) == ["Jn", "3:16"])
        #expect(tokens.map(\.strokeIDs) == [[a], [b, c]])
        #expect(tokens[1].bounds == bounds[b]!.union(bounds[c]!))
        #expect(tokens.map(\.line) == [4, 4])
        #expect(tokens.map(\.position) == [0, 1])
        #expect(tokens[0].readings.first?.probability == 1)
    }

    @Test func alternativesAlignByStrokesAndCarryTheirProbability() throws {
        let ids: [[UUID]] = [[a], [a], [], [b], [c], [c], [c]]
        let recognition = LineRecognition(strokeIDs: [a, b, c], candidates: [
            RecognitionCandidate(text: "Jn 3:16", logProbability: -1, characterStrokeIDs: ids),
            RecognitionCandidate(text: "Jm 3:16", logProbability: -2, characterStrokeIDs: ids),
            RecognitionCandidate(text: "Jn 3:18", logProbability: -3, characterStrokeIDs: ids),
            RecognitionCandidate(text: "In 3:76", logProbability: -20, characterStrokeIDs: ids),  // outside the margin
        ])
        let tokens = WordTokenizer(logProbabilityMargin: 6).tokens(for: recognition, line: 0, strokeBounds: bounds)
        #expect(tokens[0].readings.map(\.text) == ["Jn", "Jm"])
        #expect(tokens[1].readings.map(\.text) == ["3:16", "3:18"])
        let p = tokens[0].readings.map(\.probability)
        #expect(p[0] > p[1])
        #expect(abs(p[0] - (1 + exp(-2)) / (1 + exp(-1) + exp(-2) + exp(-19))) < 1e-9)
    }

    @Test func alternateReadingsAddTheirWordsWeightedByAgreement() throws {
        let ids: [[UUID]] = [[a], [a], [], [b], [c], [c], [c]]
        let line = LineRecognition(strokeIDs: [a, b, c], candidates: [
            RecognitionCandidate(text: "Jn 3:16", logProbability: -1, characterStrokeIDs: ids),
        ], alternates: [
            // The ink read narrower: the second word differs.
            LineRecognition(strokeIDs: [a, b, c], candidates: [RecognitionCandidate(text: "Jn 3:18", logProbability: -4, characterStrokeIDs: ids)]),
            // Read wider, as two words where the line's own reading has one.
            LineRecognition(strokeIDs: [a, b, c], candidates: [RecognitionCandidate(text: "Jn 3: 16", logProbability: -2,
                                                                                     characterStrokeIDs: [[a], [a], [], [b], [b], [], [c], [c]])]),
        ])
        let tokens = WordTokenizer().tokens(for: line, line: 0, strokeBounds: bounds)
        #expect(tokens.map(\.best) == ["Jn", "3:16"], "the line's own reading stays the text")
        #expect(tokens[0].readings.map(\.text) == ["Jn"])
        #expect(tokens[0].readings[0].probability == 1, "all three readings agree")
        // "3:" and "16" both fall on the word "3:16" and are joined again.
        #expect(tokens[1].readings.map(\.text) == ["3:16", "3:18"])
        let p = tokens[1].readings.map(\.probability)
        #expect(abs(p[0] - 2.0 / 3) < 1e-9 && abs(p[1] - 1.0 / 3) < 1e-9)
        #expect(tokens[1].strokeIDs == [b, c], "strokes come from the line's own reading")
    }

    @Test func aStrokeJoiningTwoWordsKeepsThemApart() {
        // Cursive across a space: stroke b ends "solid," and begins "and", which has no other.
        let ids: [[UUID]] = [[a], [a], [a], [a], [b], [b], [], [b], [b], [b]]
        let recognition = LineRecognition(strokeIDs: [a, b], candidates: [
            RecognitionCandidate(text: "solid, and", logProbability: -1, characterStrokeIDs: ids),
            RecognitionCandidate(text: "solid, end", logProbability: -2, characterStrokeIDs: ids),
        ])
        let tokens = WordTokenizer().tokens(for: recognition, line: 0, strokeBounds: bounds)
        #expect(tokens.map(\.best) == ["solid,", "and"])
        #expect(tokens[0].readings.map(\.text) == ["solid,"])
        #expect(tokens[1].readings.map(\.text) == ["and", "end"])
    }

    @Test func withoutAlignmentStrokesAreSharedOutByX() {
        // Strokes given out of x order; no characterStrokeIDs.
        let recognition = LineRecognition(strokeIDs: [c, a, b], candidates: [RecognitionCandidate(text: "ab cd ef", logProbability: 0)])
        let tokens = WordTokenizer().tokens(for: recognition, line: 0, strokeBounds: bounds)
        #expect(tokens.map(\.strokeIDs) == [[a], [b], [c]])
    }

    @Test func aSplitAlternativeJoinsIntoOneReading() {
        let recognition = LineRecognition(strokeIDs: [a, b], candidates: [
            RecognitionCandidate(text: "notebook", logProbability: -1, characterStrokeIDs: Array(repeating: [a], count: 4) + Array(repeating: [b], count: 4)),
            RecognitionCandidate(text: "note book", logProbability: -2, characterStrokeIDs: Array(repeating: [a], count: 4) + [[]] + Array(repeating: [b], count: 4)),
        ])
        let tokens = WordTokenizer().tokens(for: recognition, line: 0, strokeBounds: bounds)
        #expect(tokens.count == 1)
        #expect(tokens[0].readings.map(\.text) == ["notebook"])
        #expect(tokens[0].readings[0].probability > 0.99)
    }

    @Test func noCandidatesNoTokens() {
        #expect(WordTokenizer().tokens(for: LineRecognition(strokeIDs: [a], candidates: []), line: 0, strokeBounds: bounds).isEmpty)
    }
}

@Suite struct ConfusionDeriverTests {
    @Test func countsSubstitutionsAndSeveralCharacterConfusions() {
        var deriver = ConfusionDeriver()
        for _ in 0..<3 { deriver.add(reference: "modern times", hypothesis: "modem tirnes") }
        deriver.add(reference: "John", hypothesis: "Jahn")
        let pairs = deriver.pairs(minCount: 1)
        #expect(pairs.contains { $0.reference == "rn" && $0.hypothesis == "m" && $0.count == 3 })
        #expect(pairs.contains { $0.reference == "m" && $0.hypothesis == "rn" && $0.count == 3 })
        #expect(pairs.contains { $0.reference == "o" && $0.hypothesis == "a" && $0.count == 1 })
        #expect(deriver.softPairs(minCount: 3).allSatisfy { $0.2 >= 0.3 && $0.2 <= 0.8 })
    }
}
