import Foundation

/// One reading and its probability-like score (0...1).
public struct WireCandidate: Codable, Sendable, Hashable {
    public var text: String
    public var score: Double
    public init(text: String, score: Double) {
        self.text = text
        self.score = score
    }
}

/// A recognized word: its best reading, strokes, bounds and every reading kept.
public struct WireWord: Codable, Sendable, Hashable {
    public var text: String
    public var strokeIDs: [UUID]
    public var bounds: WireRect
    public var candidates: [WireCandidate]
}

/// A line of writing: its best reading, the cluster it belongs to (`body`, `margin`, `heading`),
/// the line's readings and its words.
public struct WireLine: Codable, Sendable, Hashable {
    public var index: Int
    public var text: String
    public var bounds: WireRect
    public var strokeIDs: [UUID]
    public var cluster: String
    public var candidates: [WireCandidate]
    public var words: [WireWord]
}

/// The answer of `POST /api/recognize`.
public struct WireRecognition: Codable, Sendable {
    public var recognitionVersion: Int
    public var lines: [WireLine]
    public var layout: WireLayout
    public var elapsedMs: Double
}
