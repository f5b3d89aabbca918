import Foundation
import InkCore

/// Writes text as plausible synthetic ink (see Docs and README: such ink is synthetic).
///
/// PLACEHOLDER: boxes for glyphs until the Hershey synthesizer lands; the API is the contract.
///
/// ```swift
/// let drawing = InkSynthesizer(seed: 7).drawing(for: "Jn 3:16 grace")
/// ```
public struct InkSynthesizer: Sendable {
    public struct Style: Sendable, Hashable {
        /// Height of a capital letter in drawing units.
        public var capHeight: Double = 40
        /// Slant in radians (positive leans right).
        public var slant: Double = 0.15
        /// Per-glyph random variation, 0 (none) to 1 (messy).
        public var variation: Double = 0.5
        public init() {}
    }

    public var seed: UInt64
    public var style: Style

    public init(seed: UInt64 = 1, style: Style = Style()) {
        self.seed = seed
        self.style = style
    }

    /// One line of text starting at `origin` (the baseline's left end).
    public func drawing(for text: String, origin: CGPoint = CGPoint(x: 0, y: 100)) -> Drawing {
        var strokes: [Stroke] = []
        var x = origin.x
        let h = style.capHeight
        for ch in text {
            if ch != " " {
                strokes.append(Stroke(points: [
                    StrokePoint(x: x, y: origin.y), StrokePoint(x: x, y: origin.y - h),
                    StrokePoint(x: x + h * 0.5, y: origin.y - h), StrokePoint(x: x + h * 0.5, y: origin.y),
                ]))
            }
            x += h * 0.7
        }
        return Drawing(strokes: strokes)
    }
}
