import Foundation
import InkIndex

/// A stand-in recognizer that reads the transcript written into the ink by whoever made it
/// (`TranscribedInk`): the first stroke of each word carries the word in its annotations.
///
/// It recognizes nothing. It exists so that the store, the scheduler, the crash test and the
/// demo run where no trained model is available, and it is always labeled as such in output.
///
/// ```swift
/// let strokes = TranscribedInk(seed: 1).line("Jn 3:16", origin: CGPoint(x: 0, y: 100))
/// let reading = try TranscriptRecognizer().recognize(strokes, maxCandidates: 1)  // "Jn 3:16"
/// ```
public struct TranscriptRecognizer: LineRecognizing {
    /// The annotation key on a word's first stroke.
    public static let annotationKey = "transcript"

    public let recognitionVersion: Int
    /// Where set, a second reading (the transcript in capitals) at this log-probability, so
    /// that two versions' indexes differ in their probabilities (for the crash test).
    public let alternativeLogProbability: Double?

    public init(recognitionVersion: Int = 1, alternativeLogProbability: Double? = nil) {
        self.recognitionVersion = recognitionVersion
        self.alternativeLogProbability = alternativeLogProbability
    }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        var words: [(text: String, ids: [UUID])] = []
        for stroke in strokes {
            if let text = stroke.annotations[Self.annotationKey] {
                words.append((text, [stroke.id]))
            } else if !words.isEmpty {
                words[words.count - 1].ids.append(stroke.id)
            }
        }
        guard !words.isEmpty, maxCandidates > 0 else { return LineRecognition(strokeIDs: strokes.map(\.id), candidates: []) }
        var text = "", alignment: [[UUID]] = []
        for (index, word) in words.enumerated() {
            if index > 0 { text += " "; alignment.append([]) }
            text += word.text
            alignment += Array(repeating: word.ids, count: word.text.count)
        }
        var candidates = [RecognitionCandidate(text: text, logProbability: 0, characterStrokeIDs: alignment)]
        if let alternativeLogProbability, maxCandidates > 1, text.uppercased().count == text.count {
            candidates.append(RecognitionCandidate(text: text.uppercased(), logProbability: alternativeLogProbability, characterStrokeIDs: alignment))
        }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: candidates)
    }
}
