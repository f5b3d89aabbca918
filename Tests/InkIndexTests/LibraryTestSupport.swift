import Foundation
import InkSynthesis
@testable import InkIndex
@testable import InkTools

/// A library in a fresh temporary directory.
func makeTemporaryLibrary(_ name: String = "library", keepsEvidence: Bool = false) throws -> (NoteLibrary, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("\(name).sqlite").path
    return (try NoteLibrary(path: path, keepsEvidence: keepsEvidence), directory)
}

/// A page of transcribed ink (`TranscribedInk.page`), stroke ids kept per line.
func transcribedPage(_ lines: [String], id: String = "page", seed: UInt64 = 3) -> Drawing {
    TranscribedInk.page(lines, id: id, seed: seed, strokeIdentity: .byLine)
}

/// Reads transcripts like `TranscriptRecognizer`, adds scripted alternative readings and counts
/// the lines it was asked to recognize.
final class TranscriptScriptedRecognizer: LineRecognizing, @unchecked Sendable {
    let recognitionVersion: Int
    /// For a word of the transcript: alternative readings of the whole line are made by
    /// replacing it with each alternative, at the given log-probability.
    let alternatives: [String: [(text: String, logProbability: Double)]]
    private let lock = NSLock()
    private var lines: [[UUID]] = []

    init(version: Int = 1, alternatives: [String: [(text: String, logProbability: Double)]] = [:]) {
        recognitionVersion = version
        self.alternatives = alternatives
    }

    var recognizedLines: [[UUID]] { lock.withLock { lines } }
    var callCount: Int { lock.withLock { lines.count } }

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        lock.withLock { lines.append(strokes.map(\.id)) }
        var result = try TranscriptRecognizer(recognitionVersion: recognitionVersion).recognize(strokes, maxCandidates: maxCandidates)
        guard let best = result.best else { return result }
        let words = best.text.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            for alternative in alternatives[word] ?? [] where alternative.text.count == word.count {
                var replaced = words
                replaced[index] = alternative.text
                result.candidates.append(RecognitionCandidate(
                    text: replaced.joined(separator: " "), logProbability: alternative.logProbability,
                    characterStrokeIDs: best.characterStrokeIDs))
            }
        }
        return result
    }
}
