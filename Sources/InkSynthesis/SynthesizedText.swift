import Foundation
import InkCore

/// Synthetic ink together with its ground truth: which strokes make which character, word and
/// line. Tests of layout and search compare what they find against this.
///
/// ```swift
/// let result = InkSynthesizer(seed: 3).text("Jn 3:16 grace")
/// let grace = result.words[2]          // "grace"
/// let strokes = result.drawing.strokes(withIDs: Set(grace.strokeIDs))
/// ```
public struct SynthesizedText: Sendable, Hashable, Codable {
    public var drawing: Drawing
    /// Lines in writing order: the first block's lines, then the next block's.
    public var lines: [SynthesizedLine]
    /// Hand-drawn marks added with `InkSynthesizer.adding(_:to:)`, in drawing order.
    public var marks: [SynthesizedMark] = []

    /// Every word of every line, in writing order. O(words).
    public var words: [SynthesizedWord] { lines.flatMap(\.words) }

    /// The lines of one block (0 is the first block, e.g. a page's body). O(lines).
    public func lines(inBlock block: Int) -> [SynthesizedLine] { lines.filter { $0.block == block } }

    /// Each written line as a labeled sample (its strokes and text), as the dataset reader gives
    /// real ones; the writer is "synthetic". Blank lines are left out. O(strokes).
    public func lineSamples(idPrefix: String = "synthetic") -> [LabeledSample] {
        lines.filter { !$0.strokeIDs.isEmpty }.map { line in
            LabeledSample(id: "\(idPrefix)-\(line.index)", writer: "synthetic", text: line.text,
                          drawing: Drawing(strokes: drawing.strokes(withIDs: Set(line.strokeIDs))))
        }
    }
}

/// One written line of a `SynthesizedText`.
public struct SynthesizedLine: Sendable, Hashable, Codable {
    public var text: String
    /// Which `TextBlock` the line belongs to (0 for the first).
    public var block: Int
    /// Position among all lines of the result.
    public var index: Int
    /// The y of the nominal baseline (the writer's drift wanders around it).
    public var baseline: Double
    public var words: [SynthesizedWord]
    /// Every stroke of the line, in writing order.
    public var strokeIDs: [UUID]
    /// Bounds of the line's ink; `.null` for a blank line.
    public var bounds: CGRect
}

/// One word (a run of characters without spaces) and the strokes that wrote it.
public struct SynthesizedWord: Sendable, Hashable, Codable {
    public var text: String
    public var block: Int
    public var lineIndex: Int
    /// The strokes in writing order. In connected script a stroke may span several characters,
    /// but never two words.
    public var strokeIDs: [UUID]
    public var bounds: CGRect
    public var characters: [SynthesizedCharacter]
}

/// One character and the strokes (or stroke parts) that wrote it.
public struct SynthesizedCharacter: Sendable, Hashable, Codable {
    /// The character as requested (a one-character string).
    public var text: String
    public var strokeIDs: [UUID]
    /// Bounds of this character's own points.
    public var bounds: CGRect
}

/// A block of lines written at one place: a page's body, or a note in the margin.
///
/// ```swift
/// let note = TextBlock(lines: ["cf. Rom 5:8"], origin: CGPoint(x: 700, y: 90), scale: 0.7)
/// ```
public struct TextBlock: Sendable, Hashable, Codable {
    public var lines: [String]
    /// The left end of the first line's baseline.
    public var origin: CGPoint
    /// Size relative to the style's cap height (a margin note is often smaller).
    public var scale: Double
    /// Baseline-to-baseline distance in drawing units; nil for the style's line spacing.
    public var lineSpacing: Double?

    public init(lines: [String], origin: CGPoint, scale: Double = 1, lineSpacing: Double? = nil) {
        self.lines = lines
        self.origin = origin
        self.scale = scale
        self.lineSpacing = lineSpacing
    }
}
