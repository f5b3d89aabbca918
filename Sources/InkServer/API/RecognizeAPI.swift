import Foundation
import InkIndex
import InkWire

/// `POST /api/recognize[?languages=es,en]`: strokes in; lines, words, candidates and layout out;
/// nothing stored. `languages` reads in other languages than the server's (priority order).
extension APIResponder {
    func recognize(_ request: ServerRequest, target: RequestTarget) async throws -> ServerResponse {
        let started = ContinuousClock.now
        let languages = try QueryValues.languages(target)
        let drawing = try RequestBodies.strokes(request, limits: configuration.limits)
        let recognizer: any LineRecognizing
        do { recognizer = try languageRecognizers.recognizer(for: languages) } catch {
            throw APIError.internalError("the recognizer for \(languages.map(\.code).joined(separator: ",")) could not be made: \(error)")
        }
        let maxCandidates = configuration.maxCandidates
        let page: PageReading
        do {
            page = try await pureRecognitions.run {
                try await self.recognizing { try await PageReading.read(drawing, recognizer: recognizer, maxCandidates: maxCandidates) }
            }
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw APIError.unavailable("the recognition was cancelled (the server is stopping)")
        } catch {
            throw APIError.internalError("recognition failed: \(error)")
        }
        let lines = WireConversion.lines(layout: page.layout, recognitions: page.recognitions, words: page.words)
        let layout = WireConversion.layout(page.layout, drawing: drawing)
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return try JSONAnswers.response(WireRecognition(recognitionVersion: recognizer.recognitionVersion, lines: lines,
                                                        layout: layout, elapsedMs: milliseconds))
    }
}
