import Foundation
import InkIndex

/// A recognizer that reads each stroke as one word, from a script: `words[stroke.id]` lists
/// its readings, most probable first. Candidate 0 reads every stroke's first reading; each
/// alternative reading makes one more candidate, less probable. Counts its calls.
final class WordPerStrokeRecognizer: LineRecognizing, @unchecked Sendable {
    let recognitionVersion = 7
    private let lock = NSLock()
    private var _words: [UUID: [String]]
    private var _calls = 0
    private var _failing = false

    init(words: [UUID: [String]]) { _words = words }

    var calls: Int { lock.withLock { _calls } }
    var failing: Bool {
        get { lock.withLock { _failing } }
        set { lock.withLock { _failing = newValue } }
    }
    /// Replaces the script (for strokes added later).
    func learn(_ words: [UUID: [String]]) { lock.withLock { _words = words } }

    struct Failure: Error {}

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let (words, failing) = lock.withLock { _calls += 1; return (_words, _failing) }
        if failing { throw Failure() }
        let ordered = strokes.filter { words[$0.id] != nil }.sorted { $0.renderBounds.minX < $1.renderBounds.minX }
        guard !ordered.isEmpty else { return LineRecognition(strokeIDs: strokes.map(\.id), candidates: []) }
        func candidate(_ replace: (Int, String)?, _ logP: Double) -> RecognitionCandidate {
            var text = "", ids: [[UUID]] = []
            for (k, stroke) in ordered.enumerated() {
                let word = replace?.0 == k ? replace!.1 : words[stroke.id]![0]
                if k > 0 { text += " "; ids.append([]) }
                text += word
                ids += Array(repeating: [stroke.id], count: word.count)
            }
            return RecognitionCandidate(text: text, logProbability: logP, characterStrokeIDs: ids)
        }
        var candidates = [candidate(nil, -1)]
        for (k, stroke) in ordered.enumerated() {
            for alt in words[stroke.id]!.dropFirst() { candidates.append(candidate((k, alt), -2.5)) }
        }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: Array(candidates.prefix(maxCandidates)))
    }
}

/// A page of handwriting stand-ins: one short stroke per word, lines 100 units apart.
struct FakePage {
    var drawing = Drawing()
    var words: [UUID: [String]] = [:]

    init(lines: [String]) {
        for (row, line) in lines.enumerated() {
            for (column, word) in line.split(separator: " ").enumerated() { add(String(word), line: row, column: column) }
        }
    }

    @discardableResult
    mutating func add(_ word: String, alternatives: [String] = [], line: Int, column: Int) -> Stroke {
        let x = Double(column) * 120, y = Double(line) * 100
        let stroke = Stroke(id: UUID(deterministicFrom: "\(line)/\(column)/\(word)"),
                            points: [StrokePoint(x: x, y: y + 10), StrokePoint(x: x + 90, y: y + 40)])
        drawing.strokes.append(stroke)
        words[stroke.id] = [word] + alternatives
        return stroke
    }

    var recognizer: WordPerStrokeRecognizer { WordPerStrokeRecognizer(words: words) }
}

/// Reads each stroke as one word that depends on how wide the ink is drawn: `narrower[id]`
/// where its transform scales x below 1 (as `VariantReadingRecognizer` reads it), else
/// `words[id]`. Counts its calls.
final class WidthDependentRecognizer: LineRecognizing, @unchecked Sendable {
    let recognitionVersion = 9
    let words: [UUID: String], narrower: [UUID: String]
    private let lock = NSLock()
    private var _calls = 0
    var calls: Int { lock.withLock { _calls } }

    init(words: [UUID: String], narrower: [UUID: String]) {
        self.words = words
        self.narrower = narrower
    }

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        lock.withLock { _calls += 1 }
        var text = "", ids: [[UUID]] = []
        for stroke in strokes.sorted(by: { $0.renderBounds.minX < $1.renderBounds.minX }) {
            let narrow = (stroke.transform?.a ?? 1) < 1
            guard let word = narrow ? narrower[stroke.id] ?? words[stroke.id] : words[stroke.id] else { continue }
            if !text.isEmpty { text += " "; ids.append([]) }
            text += word
            ids += Array(repeating: [stroke.id], count: word.count)
        }
        let candidates = text.isEmpty ? [] : [RecognitionCandidate(text: text, logProbability: -1, characterStrokeIDs: ids)]
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: candidates)
    }
}
