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
