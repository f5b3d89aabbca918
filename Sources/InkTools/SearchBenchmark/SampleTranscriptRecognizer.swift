import Foundation
import InkIndex
import InkCore
import InkRecognition

/// A stand-in recognizer for a sample with a known transcription: it "reads" the words of the
/// transcription that lie, in proportion, under the strokes it is given (by x across the whole
/// sample), optionally through a `NoisyReader`. For trying the CLI and the search pipeline on
/// dataset files before a model exists; never a measure of recognition.
///
/// ```swift
/// let fake = SampleTranscriptRecognizer(sample: sample, reader: NoisyReader(characterErrorRate: 0.05))
/// let recognizer = StrokeRecognizer(recognizer: fake)
/// ```
public struct SampleTranscriptRecognizer: LineRecognizing {
    public let recognitionVersion = 0
    private let words: [(text: String, center: Double)]
    private let minX: Double, width: Double
    private let reader: NoisyReader?
    private let seed: String

    public init(sample: LabeledSample, reader: NoisyReader? = nil) {
        let bounds = sample.drawing.bounds
        minX = bounds.isNull ? 0 : Double(bounds.minX)
        width = bounds.isNull ? 1 : max(Double(bounds.width), 1e-9)
        let characters = Array(sample.text)
        var words: [(String, Double)] = []
        var start = 0
        for k in 0...characters.count where k == characters.count || characters[k] == " " {
            if k > start {
                words.append((String(characters[start..<k]), (Double(start + k) / 2) / Double(max(characters.count, 1))))
            }
            start = k + 1
        }
        self.words = words
        self.reader = reader
        self.seed = sample.id
    }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let bounds = strokes.reduce(CGRect.null) { $0.union($1.renderBounds) }
        guard !bounds.isNull else { return LineRecognition(strokeIDs: strokes.map(\.id), candidates: []) }
        let from = (Double(bounds.minX) - minX) / width, to = (Double(bounds.maxX) - minX) / width
        let text = words.filter { $0.center >= from - 1e-9 && $0.center <= to + 1e-9 }.map(\.text).joined(separator: " ")
        guard !text.isEmpty else { return LineRecognition(strokeIDs: strokes.map(\.id), candidates: []) }
        if let reader {
            var recognition = reader.recognition(of: text, strokeIDs: strokes.map(\.id), seed: seed + "/" + text)
            recognition.candidates = Array(recognition.candidates.prefix(maxCandidates))
            return recognition
        }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: [RecognitionCandidate(text: text, logProbability: 0)])
    }
}
