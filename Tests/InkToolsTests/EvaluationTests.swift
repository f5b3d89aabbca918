import Foundation
import Testing
@testable import InkTools
import InkIndex

/// Reads a stroke as the letter its first point's x-coordinate names (x = 0 → "a"), so that the
/// text a fake "recognizes" is known; offers a wrong reading first where asked, to test the oracle.
private struct LetterRecognizer: LineRecognizing {
    var recognitionVersion: Int { 1 }
    var wrongFirst = false
    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let letters = strokes.sorted { $0.points[0].location.x < $1.points[0].location.x }
            .map { String(UnicodeScalar(UInt8(97 + Int($0.points[0].location.x / 10)))) }
        let text = letters.joined()
        var candidates = [RecognitionCandidate(text: text, logProbability: -1)]
        if wrongFirst { candidates.insert(RecognitionCandidate(text: text + "x", logProbability: -0.5), at: 0) }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: Array(candidates.prefix(maxCandidates)))
    }
}

/// A clock that advances 5 ms per reading.
private final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 0.0
    func now() -> Double {
        lock.lock(); defer { lock.unlock() }
        time += 0.005
        return time
    }
}

/// A sample with one small vertical stroke per letter, `lines` rows of text 100 units apart.
private func sample(_ rows: [String], id: String = "s") -> LabeledSample {
    var strokes: [Stroke] = []
    for (row, word) in rows.enumerated() {
        for letter in word.unicodeScalars {
            let x = Double(letter.value - 97) * 10
            let y = Double(row) * 100
            strokes.append(Stroke(points: [StrokePoint(x: x, y: y, time: nil), StrokePoint(x: x + 2, y: y + 20, time: nil)]))
        }
    }
    return LabeledSample(id: id, writer: nil, text: rows.joined(separator: " "), drawing: Drawing(strokes: strokes))
}

@Suite struct EvaluationTests {
    @Test func linesAreJoinedByOneSpace() throws {
        let clock = SteppingClock()
        let evaluator = RecognitionEvaluator(recognizer: LetterRecognizer(), now: { clock.now() })
        let reading = try evaluator.read(sample(["abc", "de"]))
        #expect(reading.lines.count == 2)
        #expect(reading.text == "abc de")
        #expect(abs(reading.milliseconds - 5) < 1e-9)
    }

    @Test func wholeSamplesSkipLayout() throws {
        let evaluator = RecognitionEvaluator(recognizer: LetterRecognizer(), splitsLines: false)
        let reading = try evaluator.read(sample(["abc", "de"]))
        #expect(reading.lines.count == 1)
        #expect(reading.text == "abcde")
    }

    @Test func reportScoresTheBestReadingAndTheOracle() throws {
        let clock = SteppingClock()
        let evaluator = RecognitionEvaluator(recognizer: LetterRecognizer(wrongFirst: true), now: { clock.now() })
        var tally = EvaluationTally()
        tally.add(try evaluator.read(sample(["abcd"], id: "1")))
        tally.add(try evaluator.read(sample(["abcd", "efgh"], id: "2")))
        let report = tally.report
        #expect(report.samples == 2)
        // "abcdx" for "abcd" (1 edit of 4); "abcdx efghx" for "abcd efgh" (2 edits of 9).
        #expect(abs(report.cer - 3.0 / 13.0) < 1e-12)
        #expect(report.wer == 3.0 / 3.0)
        // The oracle fixes one line at a time: 0 edits, then 1 of 9.
        #expect(abs(report.oracleCER - 1.0 / 13.0) < 1e-12)
        #expect(abs(report.medianMilliseconds - 5) < 1e-9)
        #expect(abs(report.p95Milliseconds - 5) < 1e-9)
    }

    @Test func emptyDrawingsReadAsNothing() throws {
        let evaluator = RecognitionEvaluator(recognizer: LetterRecognizer())
        let reading = try evaluator.read(LabeledSample(id: "e", writer: nil, text: "", drawing: Drawing(strokes: [])))
        #expect(reading.lines.isEmpty)
        #expect(reading.text == "")
    }

    @Test func diacriticLettersCountWhenReadAsWritten() {
        var rates = ErrorRates()
        #expect(rates.diacriticAccuracy == nil)
        rates.add(reference: "más café", hypothesis: "mas café")   // á lost, é kept
        rates.add(reference: "Straße", hypothesis: "Strasse")      // ß lost
        rates.add(reference: "ñ", hypothesis: "ñ")
        #expect(rates.diacriticLetters == 4)
        #expect(rates.diacriticLettersRead == 2)
        #expect(rates.diacriticAccuracy == 0.5)
        #expect(EditDistance.keptPositions(Array("más"), Array("mas")) == [0, 2])
        #expect(EditDistance.keptPositions(Array("abc"), Array("")) == [])
    }

    /// The eight keys, plus `cer_caseless` and `languages` (and `diacritic_accuracy`
    /// where the references have such letters).
    @Test func reportUsesTheAgreedJSONKeys() throws {
        var tally = EvaluationTally()
        tally.add(SampleReading(id: "x", reference: "a", lines: [], milliseconds: 1))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(tally.report)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) ==
            ["samples", "cer", "wer", "cer_normalized", "wer_normalized", "oracle_cer", "cer_caseless", "languages", "median_ms", "p95_ms"])
    }
}
