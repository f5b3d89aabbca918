import Foundation
import InkCore

/// Writes text as plausible synthetic handwriting from single-stroke Hershey glyphs.
///
/// Such ink is synthetic: it is for tests, fixtures and demos, never a measure of how a recognizer
/// does on people's writing. Each glyph varies in slant, size, baseline and spacing; the pen path
/// wobbles smoothly, is sampled densely (about capHeight/20 apart) like a digitizer, and is
/// time-stamped at a realistic pen speed with pauses between strokes, words and lines. The same
/// seed, style and text always give the same ink and the same stroke identifiers.
///
/// ```swift
/// let synth = InkSynthesizer(seed: 7, style: .script)
/// let drawing = synth.drawing(for: "Jn 3:16 grace")
/// let page = synth.page(lines: ["Sermon notes", "Grace is a gift"],
///                       marginNotes: [TextBlock(lines: ["Eph 2:8"], origin: CGPoint(x: 620, y: 80), scale: 0.7)])
/// print(page.words.map(\.text))
/// ```
/// Cost: O(characters × points per glyph); about 60 points per letter at the default sampling.
public struct InkSynthesizer: Sendable {
    /// How the hand writes.
    public struct Style: Sendable, Hashable {
        /// The Hershey font the hand imitates.
        public enum Font: String, Sendable, Hashable, CaseIterable {
            /// Upright print letters (Hershey Roman simplex).
            case print
            /// Joined-up cursive: lower-case letters within a word are written in one pen stroke
            /// where the glyphs allow (Hershey cursive).
            case script
            /// Separate script letters (Hershey script simplex).
            case scriptSimplex
        }

        /// Height of a capital letter in drawing units.
        public var capHeight: Double = 40
        /// Slant in radians (positive leans right).
        public var slant: Double = 0.15
        /// Per-glyph random variation, 0 (none) to 1 (messy).
        public var variation: Double = 0.5
        public var font: Font = .print
        /// Extra space between letters, in cap heights (may be negative to tighten).
        public var letterSpacing: Double = -0.07
        /// Extra space between words, in cap heights, added to the font's own space.
        public var wordSpacing: Double = 0
        /// Baseline-to-baseline distance for multi-line text, in cap heights.
        public var lineSpacing: Double = 2.2
        /// Typical pen speed while writing, in cap heights per second.
        public var penSpeed: Double = 8
        /// Distance between successive points, in cap heights (a digitizer's density).
        public var sampleSpacing: Double = 0.05
        /// Whether points carry a pen pressure (`force`, 0...1), as a stylus would report.
        public var recordsForce: Bool = false
        /// Tool, color and width of every stroke.
        public var ink: Ink = Ink(tool: .pen, color: .black, width: 2.5)

        public init() {}

        /// Print letters, the default.
        public static let print = Style()
        /// Joined-up cursive.
        public static var script: Style {
            var style = Style()
            style.font = .script
            style.slant = 0.12
            style.letterSpacing = 0
            style.wordSpacing = 0.1
            return style
        }
    }

    public var seed: UInt64
    public var style: Style

    public init(seed: UInt64 = 1, style: Style = Style()) {
        self.seed = seed
        self.style = style
    }

    /// One line of text starting at `origin` (the baseline's left end). Line breaks in `text`
    /// start new lines below.
    public func drawing(for text: String, origin: CGPoint = CGPoint(x: 0, y: 100)) -> Drawing {
        self.text(text, origin: origin).drawing
    }

    /// Like `drawing(for:origin:)`, with ground truth for every character, word and line.
    public func text(_ text: String, origin: CGPoint = CGPoint(x: 0, y: 100)) -> SynthesizedText {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return synthesize([TextBlock(lines: lines, origin: origin)])
    }

    /// A page of notes: `lines` from `origin` downward, `lineSpacing` apart (default: the style's),
    /// then each margin note as its own block at its own place.
    public func page(
        lines: [String], origin: CGPoint = CGPoint(x: 40, y: 80), lineSpacing: Double? = nil,
        marginNotes: [TextBlock] = []
    ) -> SynthesizedText {
        synthesize([TextBlock(lines: lines, origin: origin, lineSpacing: lineSpacing)] + marginNotes)
    }

    /// A page with a note in the right margin: the note's lines start `gap` cap heights to the
    /// right of the body's longest line, level with its first line, written smaller (`noteScale`).
    public func page(
        lines: [String], origin: CGPoint = CGPoint(x: 40, y: 80), marginNote: [String],
        noteScale: Double = 0.7, gap: Double = 2
    ) -> SynthesizedText {
        let bodyWidth = lines.map { nominalWidth(of: $0) }.max() ?? 0
        let note = TextBlock(
            lines: marginNote, origin: CGPoint(x: origin.x + bodyWidth + gap * style.capHeight, y: origin.y),
            scale: noteScale)
        return page(lines: lines, origin: origin, marginNotes: marginNote.isEmpty ? [] : [note])
    }

    /// The width a line takes without random variation, in drawing units at `scale` (for laying
    /// out blocks before writing them). O(characters).
    public func nominalWidth(of line: String, scale: Double = 1) -> Double {
        let cap = style.capHeight * scale
        let unit = cap / HersheyFont.capHeight
        let font = Self.fonts.font(style.font)
        return line.reduce(0.0) { width, character in
            if character == " " { return width + (font?.glyph(for: " ")?.advance ?? 16) * unit + style.wordSpacing * cap }
            let advance = HandWriter.glyph(for: character, in: font)?.advance ?? 0
            return width + advance * unit + style.letterSpacing * cap
        }
    }

    /// Writes the blocks in order, as one continuous session of writing (time runs on across
    /// blocks, with a longer pause between them).
    public func synthesize(_ blocks: [TextBlock]) -> SynthesizedText {
        var writer = HandWriter(seed: seed, style: style, fonts: Self.fonts, blocks: blocks)
        return writer.write()
    }

    static let fonts: FontSet = FontSet.load()
}

/// The bundled fonts, loaded once. Loading cannot fail for a correctly built package; if the
/// resources are missing, the synthesizer falls back to an empty font and writes nothing, and
/// `loadError` says why (checked by the tests).
struct FontSet: Sendable {
    var print: HersheyFont?
    var script: HersheyFont?
    var scriptSimplex: HersheyFont?
    var loadError: String?

    static func load() -> FontSet {
        var set = FontSet()
        do {
            set.print = try HersheyFont.bundled("rowmans")
            set.script = try HersheyFont.bundled("cursive")
            set.scriptSimplex = try HersheyFont.bundled("scripts")
        } catch {
            set.loadError = "\(error)"
        }
        return set
    }

    func font(_ font: InkSynthesizer.Style.Font) -> HersheyFont? {
        switch font {
        case .print: print
        case .script: script
        case .scriptSimplex: scriptSimplex
        }
    }
}
