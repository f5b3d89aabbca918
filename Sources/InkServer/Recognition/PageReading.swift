import Foundation
import InkIndex

/// A page read by a `StrokeRecognizer`: its layout, each line's readings and the words, ready
/// to be put on the wire. One fresh recognizer per page (nothing stored, nothing remembered).
struct PageReading: Sendable {
    var layout: PageLayout
    var recognitions: [LineRecognition]
    var words: [WordToken]

    /// Reads `drawing`; throws where the recognizer failed on a line.
    static func read(_ drawing: Drawing, recognizer: any LineRecognizing, maxCandidates: Int) async throws -> PageReading {
        let reader = StrokeRecognizer(recognizer: recognizer, maxCandidates: maxCandidates)
        await reader.updateDrawing(drawing)
        if let error = await reader.lastError { throw error }
        // The layout the recognizer made its lines from, so indexes agree (not laid out again).
        return PageReading(layout: await reader.layout, recognitions: await reader.lineRecognitions,
                           words: await reader.wordTokens)
    }
}
