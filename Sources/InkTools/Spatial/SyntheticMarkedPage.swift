import Foundation
import InkIndex
import InkSynthesis

/// A page of transcribed synthetic ink (`TranscribedInk`, read by `TranscriptRecognizer`) with
/// hand-drawn marks on known words: for tests of spatial search, the README's picture and
/// demos. Lines are given as text; marks name words by line and index.
///
/// ```swift
/// var page = SyntheticMarkedPage(lines: ["Grace and peace", "faith hope love"])
/// page.underline(line: 0, word: 0)
/// page.marginNote("see Rom 5", besideLine: 1)
/// let drawing = page.drawing   // marks drawn after the writing, as a hand would
/// ```
public struct SyntheticMarkedPage: Sendable {
    /// What was drawn, and on which words (stroke sets), for checking a layout or a search.
    public struct Truth: Sendable {
        public var kind: LayoutMark.Kind
        public var strokeIDs: [UUID]
        /// The words it marks, or an arrow's tail (`from`) and head (`to`).
        public var words: [[UUID]]
        public var from: [UUID] = []
        public var to: [UUID] = []
    }

    public private(set) var strokes: [Stroke] = []
    /// Per line: per word, its strokes.
    public private(set) var words: [[[UUID]]] = []
    public private(set) var wordBounds: [[CGRect]] = []
    public private(set) var marks: [Truth] = []
    /// The margin note's strokes, if one was written.
    public private(set) var note: [UUID] = []
    private var pen: HandDrawn
    private let ink: TranscribedInk
    private let lineSpacing: Double
    private var counter = 0

    public var drawing: Drawing { Drawing(strokes: strokes) }
    /// About the x-height of the writing.
    public var unit: Double { ink.synthesizer.style.capHeight * 0.6 }

    public init(lines: [String], seed: UInt64 = 5, lineSpacing: Double = 100) {
        var style = InkSynthesizer.Style()
        style.sampleSpacing = 0.2
        ink = TranscribedInk(seed: seed, style: style)
        pen = HandDrawn(unit: style.capHeight * 0.6, seed: seed)
        self.lineSpacing = lineSpacing
        for (k, text) in lines.enumerated() { write(text, origin: CGPoint(x: 20, y: 100 + lineSpacing * Double(k)), id: "line\(k)") }
    }

    private mutating func write(_ text: String, origin: CGPoint, id: String) {
        var line = ink.line(text, origin: origin, idPrefix: "\(id)-seed\(ink.synthesizer.seed)")
        let start = (strokes.lazy.flatMap(\.points).compactMap(\.time).max() ?? -1) + 1
        for s in line.indices {
            for p in line[s].points.indices { line[s].points[p].time = (line[s].points[p].time ?? 0) + start }
        }
        var grouped: [[UUID]] = []
        for stroke in line {
            if stroke.annotations[TranscriptRecognizer.annotationKey] != nil || grouped.isEmpty { grouped.append([]) }
            grouped[grouped.count - 1].append(stroke.id)
        }
        strokes += line
        words.append(grouped)
        wordBounds.append(TranscribedInk.wordBounds(line))
    }

    /// Writes a line of text in a column right of the body, level with `besideLine`.
    public mutating func marginNote(_ text: String, besideLine line: Int) {
        let right = wordBounds.flatMap { $0 }.reduce(CGRect.null) { $0.union($1) }.maxX
        let before = Set(strokes.map(\.id))
        write(text, origin: CGPoint(x: right + 8 * unit, y: 100 + lineSpacing * Double(line)), id: "note")
        note = strokes.map(\.id).filter { !before.contains($0) }
        // A note is no body line: its words are kept apart from `words`' line numbering.
        words.removeLast()
        wordBounds.removeLast()
    }

    private mutating func add(_ paths: [[CGPoint]], kind: LayoutMark.Kind, words marked: [[UUID]], from: [UUID] = [], to: [UUID] = []) {
        var time = (strokes.lazy.flatMap(\.points).compactMap(\.time).max() ?? 0) + 1
        var ids: [UUID] = []
        for path in paths {
            counter += 1
            let stroke = pen.stroke(path, time: time, name: "synthetic-mark-\(counter)-\(kind.rawValue)")
            time = (stroke.points.last?.time ?? time) + 0.3
            strokes.append(stroke)
            ids.append(stroke.id)
        }
        marks.append(Truth(kind: kind, strokeIDs: ids, words: marked, from: from, to: to))
    }

    public mutating func underline(line: Int, word: Int) {
        let b = wordBounds[line][word]
        let y = b.maxY + 0.3 * unit
        add([pen.polyline([CGPoint(x: b.minX - 0.2 * unit, y: y), CGPoint(x: b.maxX + 0.2 * unit, y: y + 0.05 * unit)])],
            kind: .underline, words: [words[line][word]])
    }

    public mutating func strikeThrough(line: Int, word: Int) {
        let b = wordBounds[line][word]
        // Through the middle of the small letters: a third of a capital's height above the baseline.
        let y = 100 + lineSpacing * Double(line) - 0.3 * ink.synthesizer.style.capHeight
        add([pen.polyline([CGPoint(x: b.minX - 0.2 * unit, y: y), CGPoint(x: b.maxX + 0.2 * unit, y: y - 0.05 * unit)])],
            kind: .strikethrough, words: [words[line][word]])
    }

    public mutating func circle(line: Int, word: Int) {
        let b = wordBounds[line][word]
        let r = max(b.width, b.height) / 2 + 0.6 * unit
        add([pen.ellipse(center: CGPoint(x: b.midX, y: b.midY), rx: r, ry: r)], kind: .circle, words: [words[line][word]])
    }

    public mutating func box(line: Int, word: Int) {
        let b = wordBounds[line][word].insetBy(dx: -0.5 * unit, dy: -0.4 * unit)
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                       CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.minX, y: b.minY + 0.2 * unit)]
        add([pen.polyline(corners)], kind: .box, words: [words[line][word]])
    }

    /// An arrow from one word to another (on another line).
    public mutating func arrow(from a: (line: Int, word: Int), to b: (line: Int, word: Int)) {
        let ra = wordBounds[a.line][a.word], rb = wordBounds[b.line][b.word]
        let down = rb.midY > ra.midY
        let tail = CGPoint(x: ra.midX, y: down ? ra.maxY + 0.5 * unit : ra.minY - 0.5 * unit)
        let head = CGPoint(x: rb.midX, y: down ? rb.minY - 0.5 * unit : rb.maxY + 0.5 * unit)
        let dx = Double(head.x - tail.x), dy = Double(head.y - tail.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let ux = dx / length, uy = dy / length
        func barb(_ angle: Double) -> CGPoint {
            let c = cos(angle), s = sin(angle), r = unit
            let x: Double = Double(head.x) - r * (ux * c - uy * s)
            let y: Double = Double(head.y) - r * (ux * s + uy * c)
            return CGPoint(x: x, y: y)
        }
        add([pen.polyline([tail, head]), pen.polyline([barb(0.5), head, barb(-0.5)])], kind: .arrow,
            words: [], from: words[a.line][a.word], to: words[b.line][b.word])
    }

    /// A bracket left of the given lines.
    public mutating func bracket(lines: ClosedRange<Int>) {
        let top = wordBounds[lines.lowerBound].reduce(CGRect.null) { $0.union($1) }
        let bottom = wordBounds[lines.upperBound].reduce(CGRect.null) { $0.union($1) }
        let x = min(top.minX, bottom.minX) - 1.5 * unit, hook = 0.8 * unit
        add([pen.polyline([CGPoint(x: x + hook, y: top.minY), CGPoint(x: x, y: top.minY), CGPoint(x: x, y: bottom.maxY),
                           CGPoint(x: x + hook, y: bottom.maxY)])],
            kind: .bracket, words: lines.flatMap { words[$0] })
    }

    /// A sermon page with known marks: "Grace" underlined, "hope" circled, "peace" boxed, "grace"
    /// struck on line 2, an arrow from "Jesus" to "love", a margin note beside line 3 (the
    /// README's picture and the spatial search tests).
    public static func sermon() -> SyntheticMarkedPage {
        var page = SyntheticMarkedPage(lines: [
            "Grace and peace to you",
            "faith hope and love remain",
            "old grace was not enough",
            "read John 3:16 with Jesus",
        ], lineSpacing: 130)
        page.marginNote("see Romans 5", besideLine: 3)
        page.underline(line: 0, word: 0)
        page.circle(line: 1, word: 1)
        page.box(line: 0, word: 2)
        page.strikeThrough(line: 2, word: 1)
        page.arrow(from: (3, 4), to: (1, 3))
        return page
    }
}
