import Foundation

/// Turns a drawing into its index through `StrokeRecognizer` (layout into lines, each line
/// recognized, lines split into word tokens), so a note in the library has exactly the words and
/// the search results it has on its own.
///
/// Pure with respect to the record: it reads a `Drawing` and returns derived data only.
///
/// ```swift
/// let indexer = NoteIndexer(recognizer: try ShippedRecognizer.loadForIndexing())
/// let index = try await indexer.index(drawing)   // index.words: what was written where
/// ```
public struct NoteIndexer: Sendable {
    public let recognizer: any LineRecognizing
    /// Readings asked per line.
    public var maxCandidates: Int

    public init(recognizer: any LineRecognizing, maxCandidates: Int = 8) {
        self.recognizer = recognizer
        self.maxCandidates = maxCandidates
    }

    public var recognitionVersion: Int { recognizer.recognitionVersion }
    /// The model the recognizer names (see `LineRecognizing.recognitionModel`).
    public var recognitionModel: String { recognizer.recognitionModel }
    /// The languages the recognizer reads with (see `LineRecognizing.languages`).
    public var languages: [RecognitionLanguage] { recognizer.languages }

    /// Recognizes every line of the drawing. Throws where the recognizer failed on a line, so that
    /// no index with missing lines is committed.
    public func index(_ drawing: Drawing) async throws -> NoteIndex {
        try await Self.index(drawing, with: StrokeRecognizer(recognizer: recognizer, maxCandidates: maxCandidates))
    }

    /// Through a long-lived recognizer (a note being edited): only lines whose strokes changed
    /// since its last update are recognized again.
    public static func index(_ drawing: Drawing, with strokeRecognizer: StrokeRecognizer) async throws -> NoteIndex {
        await strokeRecognizer.updateDrawing(drawing)
        if let error = await strokeRecognizer.lastError { throw error }
        return NoteIndex(recognitionVersion: strokeRecognizer.recognitionVersion,
                         recognitionModel: strokeRecognizer.recognitionModel,
                         languages: strokeRecognizer.recognitionLanguages, words: await strokeRecognizer.wordTokens,
                         markup: await strokeRecognizer.pageMarkup)
    }
}
