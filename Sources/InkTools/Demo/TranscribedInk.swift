import Foundation
import InkIndex
import InkSynthesis

/// Synthetic ink that carries its own transcript (see `TranscriptRecognizer`).
public struct TranscribedInk: Sendable {
    public var synthesizer: InkSynthesizer
    /// Gap between words, as a fraction of the cap height.
    public var wordSpacing = 0.6

    public init(seed: UInt64 = 1, style: InkSynthesizer.Style = InkSynthesizer.Style()) {
        synthesizer = InkSynthesizer(seed: seed, style: style)
    }

    /// One line of words starting at `origin` (the baseline's left end); each word's first
    /// stroke is annotated with the word. Stroke ids derive from `idPrefix` when given, so that
    /// the same text makes the same ids.
    public func line(_ text: String, origin: CGPoint, idPrefix: String? = nil) -> [Stroke] {
        var strokes: [Stroke] = []
        var x = origin.x
        for (index, word) in text.split(separator: " ").enumerated() {
            var ink = synthesizer
            ink.seed = synthesizer.seed &+ UInt64(index) &* 7919 &+ UInt64(origin.y.magnitude)
            var wordStrokes = ink.drawing(for: String(word), origin: CGPoint(x: x, y: origin.y)).strokes
            guard !wordStrokes.isEmpty else { continue }
            wordStrokes[0].annotations[TranscriptRecognizer.annotationKey] = String(word)
            if let idPrefix {
                for i in wordStrokes.indices { wordStrokes[i].id = UUID(deterministicFrom: "\(idPrefix)/\(index)/\(i)") }
            }
            x = wordStrokes.reduce(CGRect.null) { $0.union($1.renderBounds) }.maxX + synthesizer.style.capHeight * wordSpacing
            strokes += wordStrokes
        }
        return strokes
    }

    /// How a page's stroke ids are derived: from the line's place alone, or from its place and
    /// its text, so that an unchanged line keeps its strokes across versions of a page while an
    /// edited one gets new ones.
    public enum StrokeIdentity: Sendable { case byLine, byLineAndText }

    /// A page of transcribed ink, one line per string, 100 units apart, sparsely sampled so that
    /// tests that write many pages stay fast. Stroke ids derive from `id`, the line (and, with
    /// `.byLineAndText`, its text) and the word. O(total characters).
    public static func page(_ lines: [String], id: String = "page", seed: UInt64 = 3,
                            strokeIdentity: StrokeIdentity = .byLine) -> Drawing {
        var style = InkSynthesizer.Style()
        style.sampleSpacing = 0.3
        let ink = TranscribedInk(seed: seed, style: style)
        var strokes: [Stroke] = []
        for (index, line) in lines.enumerated() {
            let prefix = strokeIdentity == .byLine ? "\(id)/\(index)" : "\(id)/\(index)/\(line)"
            strokes += ink.line(line, origin: CGPoint(x: 20, y: 100 + 100 * Double(index)), idPrefix: prefix)
        }
        return Drawing(strokes: strokes)
    }

    /// Bounds of each word of a line made by `line(_:origin:idPrefix:)`, in order.
    public static func wordBounds(_ strokes: [Stroke]) -> [CGRect] {
        var boxes: [CGRect] = []
        for stroke in strokes {
            if stroke.annotations[TranscriptRecognizer.annotationKey] != nil || boxes.isEmpty {
                boxes.append(stroke.renderBounds)
            } else {
                boxes[boxes.count - 1] = boxes[boxes.count - 1].union(stroke.renderBounds)
            }
        }
        return boxes
    }
}
