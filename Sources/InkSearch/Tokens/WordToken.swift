import Foundation
import InkCore

/// One way a word may read, with its probability among the line's readings.
public struct WordReading: Sendable, Hashable, Codable {
    /// The word as the recognizer wrote it (punctuation kept; normalize with `TextNormalizer`).
    public var text: String
    /// Probability in 0...1: the share of the line's N-best probability mass that reads this word
    /// this way.
    public var probability: Double

    public init(text: String, probability: Double) {
        self.text = text
        self.probability = probability
    }
}

/// A recognized word: the unit search indexes and returns.
///
/// Where tokens are held does not matter to search: `StrokeRecognizer` keeps them in memory and a
/// library keeps them in SQLite; both hand them to `SearchIndex`.
///
/// ```swift
/// let token = WordToken(strokeIDs: [id], bounds: rect, line: 0, position: 2,
///                       readings: [WordReading(text: "John", probability: 0.8),
///                                  WordReading(text: "Jahn", probability: 0.15)])
/// token.best   // "John"
/// ```
public struct WordToken: Sendable, Hashable, Codable {
    /// The strokes the word was read from, in writing order.
    public var strokeIDs: [UUID]
    /// Bounds of those strokes in drawing coordinates (`.null` where no strokes are known).
    public var bounds: CGRect
    /// Index of the line in reading order.
    public var line: Int
    /// Index of the word within its line, left to right.
    public var position: Int
    /// Every reading within the tokenizer's margin of the best, most probable first.
    public var readings: [WordReading]
    /// The network's frames for the word, where the recognizer kept them: search scores queries
    /// that no reading comes close to against them (`KeywordScorer`).
    public var evidence: WordEvidence?

    public init(strokeIDs: [UUID], bounds: CGRect, line: Int, position: Int, readings: [WordReading], evidence: WordEvidence? = nil) {
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.line = line
        self.position = position
        self.readings = readings
        self.evidence = evidence
    }

    /// The most probable reading ("" where there is none).
    public var best: String { readings.first?.text ?? "" }
}
