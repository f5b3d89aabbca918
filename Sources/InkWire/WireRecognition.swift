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

    public init(text: String, strokeIDs: [UUID], bounds: WireRect, candidates: [WireCandidate]) {
        self.text = text
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.candidates = candidates
    }
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

    public init(index: Int, text: String, bounds: WireRect, strokeIDs: [UUID], cluster: String, candidates: [WireCandidate], words: [WireWord]) {
        self.index = index
        self.text = text
        self.bounds = bounds
        self.strokeIDs = strokeIDs
        self.cluster = cluster
        self.candidates = candidates
        self.words = words
    }
}

/// The answer of `POST /api/recognize`.
public struct WireRecognition: Codable, Sendable {
    public var recognitionVersion: Int
    public var lines: [WireLine]
    public var layout: WireLayout
    public var elapsedMs: Double

    public init(recognitionVersion: Int, lines: [WireLine], layout: WireLayout, elapsedMs: Double) {
        self.recognitionVersion = recognitionVersion
        self.lines = lines
        self.layout = layout
        self.elapsedMs = elapsedMs
    }
}

/// A search of one drawing (a recognizer's, not a library's): hits best first, bounds in the
/// drawing's coordinates.
public struct DrawingSearchAnswer: Codable, Sendable {
    public struct Hit: Codable, Sendable, Hashable {
        public var strokeIDs: [UUID]
        public var bounds: WireRect
        public var reading: String
        public var score: Double

        public init(strokeIDs: [UUID], bounds: WireRect, reading: String, score: Double) {
            self.strokeIDs = strokeIDs
            self.bounds = bounds
            self.reading = reading
            self.score = score
        }
    }

    public var query: String
    public var hits: [Hit]

    public init(query: String, hits: [Hit]) {
        self.query = query
        self.hits = hits
    }
}
