import Foundation

/// Turns a drawing into its index: layout into lines, each line recognized (or taken from the
/// cache where its strokes are unchanged), lines split into words with their readings.
///
/// Pure with respect to the record: it reads a `Drawing` and returns derived data only.
/// Checks for task cancellation between lines, so stale work stops early.
///
/// ```swift
/// let indexer = NoteIndexer(recognizer: try ShippedRecognizer.load(), cache: LineRecognitionCache())
/// let index = try indexer.index(drawing)   // index.words: what was written where
/// ```
public struct NoteIndexer: Sendable {
    public let recognizer: any LineRecognizing
    /// Recognitions of unchanged lines, for notes recognized again and again while edited; nil
    /// for one-off indexing such as a rebuild, where every line is new.
    public let cache: LineRecognitionCache?
    public var maxCandidates: Int
    public var segmenter = PageSegmenter()
    public var tokenizer = WordTokenizer()

    public init(recognizer: any LineRecognizing, cache: LineRecognitionCache? = nil, maxCandidates: Int = 5) {
        self.recognizer = recognizer
        self.cache = cache
        self.maxCandidates = maxCandidates
    }

    public var recognitionVersion: Int { recognizer.recognitionVersion }

    /// O(lines × recognition) for changed lines; O(points) for lines found in the cache.
    public func index(_ drawing: Drawing) throws -> NoteIndex {
        let layout = segmenter.layout(of: drawing)
        let byID = Dictionary(drawing.strokes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var words: [WordToken] = []
        for line in layout.lines {
            try Task.checkCancellation()
            let strokes = line.strokeIDs.compactMap { byID[$0] }
            guard !strokes.isEmpty else { continue }
            let recognition = try recognize(strokes)
            let bounds = Dictionary(strokes.map { ($0.id, $0.renderBounds) }, uniquingKeysWith: { first, _ in first })
            words += tokenizer.tokens(for: recognition, line: line.id, strokeBounds: bounds)
        }
        return NoteIndex(recognitionVersion: recognizer.recognitionVersion, words: words)
    }

    private func recognize(_ strokes: [Stroke]) throws -> LineRecognition {
        let key = LineRecognitionCache.Key(recognitionVersion: recognizer.recognitionVersion, strokes: strokes)
        if let cached = cache?.recognition(for: key) { return cached }
        let recognition = try recognizer.recognize(strokes, maxCandidates: maxCandidates)
        cache?.store(recognition, for: key)
        return recognition
    }
}
