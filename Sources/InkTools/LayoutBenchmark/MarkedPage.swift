import Foundation
import InkIndex
import InkCore

/// A stacked page with marks drawn on it programmatically, and what a correct layout must find:
/// each mark's kind and strokes and what it relates to, and the margin note made by moving a
/// line of the body to a margin column beside another line.
public struct MarkedPage: Sendable {
    /// What a mark or note must be related to, as stroke sets.
    public enum Target: Sendable, Hashable {
        /// Underline, enclosure: the strokes of the word it marks.
        case words([UUID])
        /// Arrow: from the strokes at its tail to those at its head.
        case points(from: [UUID], to: [UUID])
        /// Bracket, brace: the lines it spans.
        case lines([[UUID]])
    }
    public struct Mark: Sendable {
        public var kind: LayoutMark.Kind
        public var strokeIDs: [UUID]
        public var target: Target
        /// The transcription's words it marks (an arrow's: its tail's, then its head's), where
        /// they are known; empty for a bracket.
        public var texts: [String] = []
    }
    public struct Note: Sendable {
        public var strokeIDs: [UUID]
        /// The body line the note sits beside.
        public var bodyLine: [UUID]
    }

    public var page: StackedPage
    public var marks: [Mark]
    public var note: Note?

    /// Generates the marks; deterministic for a seed. Pages too small to hold a mark get fewer.
    /// `strikes` words are struck through after the other marks (which they leave as they were),
    /// preferring words whose text is written elsewhere on the page.
    public static func generate(from clean: StackedPage, seed: UInt64, strikes: Int = 0) -> MarkedPage {
        var generator = MarkGenerator(page: clean, seed: seed)
        return generator.run(strikes: strikes)
    }
}

/// Draws the marks of a `MarkedPage`.
struct MarkGenerator {
    var page: StackedPage
    var pen: HandDrawn
    var unit: Double
    var marks: [MarkedPage.Mark] = []
    var note: MarkedPage.Note?
    var time: Double
    var counter = 0
    var used = Set<[UUID]>()

    struct Word { var line: Int; var strokeIDs: [UUID]; var bounds: CGRect; var points: [CGPoint]; var text: String? }

    init(page: StackedPage, seed: UInt64) {
        self.page = page
        let shapes = page.drawing.strokes.enumerated().map { StrokeShape(order: $0.offset, stroke: $0.element) }
        unit = InkScale(shapes: shapes).unit
        pen = HandDrawn(unit: unit, seed: seed)
        time = (page.drawing.strokes.lazy.flatMap(\.points).compactMap(\.time).max() ?? 0) + 1
    }

    mutating func run(strikes: Int = 0) -> MarkedPage {
        moveNoteToMargin()
        var words = candidateWords().shuffled(using: &pen.random)
        func take(_ avoid: Set<Int> = []) -> Word? {
            guard let k = words.firstIndex(where: { !avoid.contains($0.line) && !used.contains($0.strokeIDs) }) else { return nil }
            used.insert(words[k].strokeIDs)
            return words.remove(at: k)
        }
        var markedLines = Set<Int>()
        for _ in 0..<2 { if let w = take(markedLines) { markedLines.insert(w.line); underline(w) } }
        if let w = take(markedLines) { markedLines.insert(w.line); encircle(w) }
        if let w = take(markedLines) { markedLines.insert(w.line); box(w) }
        arrow(&words)
        bracket()
        for _ in 0..<strikes { strikeThrough(&words) }
        return MarkedPage(page: page, marks: marks, note: note)
    }

    private var bodyLines: [Int] {
        page.lines.indices.filter { note == nil || Set(page.lines[$0]) != Set(note!.strokeIDs) }
    }

    private func strokes(_ ids: [UUID]) -> [Stroke] { page.drawing.strokes(withIDs: Set(ids)) }
    private func points(_ ids: [UUID]) -> [CGPoint] { strokes(ids).flatMap(\.transformedLocations) }
    private func center(ofLine k: Int) -> Double { median(points(page.lines[k]).map { Double($0.y) }) }

    mutating func add(_ paths: [[CGPoint]], kind: LayoutMark.Kind, target: MarkedPage.Target, texts: [String?] = []) {
        var ids: [UUID] = []
        for path in paths {
            counter += 1
            let stroke = pen.stroke(path, time: time, name: "\(page.form)#mark\(counter)")
            time = (stroke.points.last?.time ?? time) + 0.3
            page.drawing.strokes.append(stroke)
            ids.append(stroke.id)
        }
        let known = texts.compactMap { $0 }
        marks.append(MarkedPage.Mark(kind: kind, strokeIDs: ids, target: target, texts: known.count == texts.count ? known : []))
    }

    /// Words as the line's strokes split at its widest gaps, one split per space of the
    /// transcription; kept only where the word stands clear of its neighbours.
    func candidateWords() -> [Word] {
        var result: [Word] = []
        for k in bodyLines {
            let strokes = self.strokes(page.lines[k]).sorted { $0.renderBounds.minX < $1.renderBounds.minX }
            guard !strokes.isEmpty else { continue }
            let spelled = page.texts[k].split(separator: " ").filter { $0.contains { $0.isLetter || $0.isNumber } }
            let tokens = spelled.count
            var gaps: [(index: Int, gap: Double)] = []
            var right = strokes[0].renderBounds.maxX
            for i in strokes.indices.dropFirst() {
                let b = strokes[i].renderBounds
                gaps.append((i, b.minX - right))
                right = max(right, b.maxX)
            }
            let splits = gaps.sorted { $0.gap > $1.gap }.prefix(max(0, tokens - 1))
            let cut = Set(splits.map(\.index))
            let gapAt = Dictionary(uniqueKeysWithValues: gaps.map { ($0.index, $0.gap) })
            var groups: [[Int]] = [[]]
            for i in strokes.indices {
                if cut.contains(i) { groups.append([]) }
                groups[groups.count - 1].append(i)
            }
            for (n, g) in groups.enumerated() {
                let ids = g.map { strokes[$0].id }
                let pts = g.flatMap { strokes[$0].transformedLocations }
                let bounds = CGRect.bounding(pts)
                let before = gapAt[g.first!] ?? .infinity
                let after = gapAt[g.last! + 1] ?? .infinity
                if bounds.width >= 1.5 * unit, before >= 0.8 * unit, after >= 0.8 * unit {
                    // Group n is the transcription's n-th spelled word where every split was made.
                    result.append(Word(line: k, strokeIDs: ids, bounds: bounds, points: pts, text: groups.count == tokens ? String(spelled[n]) : nil))
                }
            }
        }
        return result
    }

    private mutating func underline(_ w: Word) {
        let ys = w.points.map { Double($0.y) }
        let y = quantile(ys, 0.85) + 0.35 * unit
        let a = pen.nudge(CGPoint(x: w.bounds.minX - 0.2 * unit, y: y), 0.15)
        var b = pen.nudge(CGPoint(x: w.bounds.maxX + 0.2 * unit, y: y), 0.15)
        b.y += Double.random(in: -0.05...0.05, using: &pen.random) * (b.x - a.x)
        add([pen.polyline([a, b])], kind: .underline, target: .words(w.strokeIDs), texts: [w.text])
    }

    private mutating func encircle(_ w: Word) {
        let c = CGPoint(x: w.bounds.midX, y: w.bounds.midY)
        var rx = w.bounds.width / 2 + 0.6 * unit, ry = w.bounds.height / 2 + 0.5 * unit
        let kind: LayoutMark.Kind
        // Round enough to be a circle, or clearly long: never on the boundary between the two.
        if rx / ry < 1.6 { rx = max(rx, ry); ry = rx; kind = .circle } else { rx = max(rx, 2.2 * ry); kind = .ellipse }
        add([pen.ellipse(center: c, rx: rx, ry: ry)], kind: kind, target: .words(w.strokeIDs), texts: [w.text])
    }

    private mutating func box(_ w: Word) {
        let b = w.bounds.insetBy(dx: -0.5 * unit, dy: -0.4 * unit)
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
        let start = Int.random(in: 0..<4, using: &pen.random)
        let c = (0..<5).map { corners[(start + $0) % 4] }
        var paths: [[CGPoint]]
        switch Int.random(in: 0..<3, using: &pen.random) {
        case 0:  // one stroke, closing with a little overshoot
            var vertices = c.map { pen.nudge($0, 0.12) }
            vertices[4] = CGPoint(x: vertices[4].x + 0.3 * (c[1].x - c[0].x) / max(abs(c[1].x - c[0].x), 1) * unit,
                                  y: vertices[4].y + 0.3 * (c[1].y - c[0].y) / max(abs(c[1].y - c[0].y), 1) * unit)
            paths = [pen.polyline(vertices)]
        case 1:  // two corners
            paths = [pen.polyline([c[0], c[1], c[2]].map { pen.nudge($0, 0.12) }),
                     pen.polyline([c[2], c[3], c[0]].map { pen.nudge($0, 0.12) })]
        default:  // four sides
            paths = (0..<4).map { k in pen.polyline([pen.nudge(c[k], 0.15), pen.nudge(c[k + 1], 0.15)]) }
        }
        add(paths, kind: .box, target: .words(w.strokeIDs), texts: [w.text])
    }

    private mutating func arrow(_ words: inout [Word]) {
        for (i, a) in words.enumerated() {
            guard let j = words.indices.first(where: { j in
                let b = words[j]
                guard j != i, abs(b.line - a.line) == 1 || abs(b.line - a.line) == 2 else { return false }
                return abs(b.bounds.midX - a.bounds.midX) >= 4 * unit
            }) else { continue }
            let b = words[j]
            let from = edgePoint(of: a.bounds, toward: CGPoint(x: b.bounds.midX, y: b.bounds.midY))
            let to = edgePoint(of: b.bounds, toward: CGPoint(x: a.bounds.midX, y: a.bounds.midY))
            let length = from.distance(to: to)
            guard length >= 4 * unit else { continue }
            drawArrow(from: from, to: to, tail: a, head: b)
            used.insert(a.strokeIDs); used.insert(b.strokeIDs)
            words.removeAll { $0.strokeIDs == a.strokeIDs || $0.strokeIDs == b.strokeIDs }
            return
        }
    }

    /// An arrow from `from` to `to` (a shaft and two barbs, in one stroke or two), pointing from
    /// the word `tail` to the word `head`.
    mutating func drawArrow(from: CGPoint, to: CGPoint, tail: Word, head: Word) {
        let length = from.distance(to: to)
        let dir = CGPoint(x: (to.x - from.x) / length, y: (to.y - from.y) / length)
        let barb = Double.random(in: 0.8...1.2, using: &pen.random) * unit
        func rotated(_ angle: Double) -> CGPoint {
            let c = cos(angle), s = sin(angle)
            return CGPoint(x: to.x - barb * (dir.x * c - dir.y * s), y: to.y - barb * (dir.x * s + dir.y * c))
        }
        let spread = Double.random(in: 0.4...0.6, using: &pen.random)
        let tip = pen.nudge(to, 0.05)
        let shaft = pen.polyline([pen.nudge(from, 0.1), tip])
        let left = rotated(spread), right = rotated(-spread)
        if Bool.random(using: &pen.random) {
            add([shaft + pen.polyline([tip, left, tip, right]).dropFirst()], kind: .arrow, target: .points(from: tail.strokeIDs, to: head.strokeIDs),
                texts: [tail.text, head.text])
        } else {
            add([shaft, pen.polyline([left, tip, right])], kind: .arrow, target: .points(from: tail.strokeIDs, to: head.strokeIDs), texts: [tail.text, head.text])
        }
    }

    /// A level stroke through the middle of a word wide enough to be struck (a short bar is a
    /// letter's), preferring one whose text is written elsewhere on the page (a twin).
    private mutating func strikeThrough(_ words: inout [Word]) {
        let wide = words.indices.filter { words[$0].bounds.width >= 3.5 * unit && !used.contains(words[$0].strokeIDs) && words[$0].text != nil }
        let texts = page.texts.flatMap { $0.split(separator: " ").map { $0.lowercased() } }
        let twinned = wide.filter { k in texts.filter { $0 == words[k].text!.lowercased() }.count >= 2 }
        guard let k = twinned.first ?? wide.first else { return }
        let w = words.remove(at: k)
        used.insert(w.strokeIDs)
        // Through the middle of the small letters: the median of the line's ink around the word
        // (a tall word's own median lies among its ascenders).
        let around = points(page.lines[w.line]).filter { abs($0.x - w.bounds.midX) <= max(w.bounds.width, 8 * unit) }
        let y = quantile(around.map { Double($0.y) }, 0.5)
        let a = pen.nudge(CGPoint(x: w.bounds.minX - 0.2 * unit, y: y), 0.1)
        var b = pen.nudge(CGPoint(x: w.bounds.maxX + 0.2 * unit, y: y), 0.1)
        b.y += Double.random(in: -0.03...0.03, using: &pen.random) * (b.x - a.x)
        add([pen.polyline([a, b])], kind: .strikethrough, target: .words(w.strokeIDs), texts: [w.text])
    }

    /// Where the ray from the rectangle's centre toward `target` leaves it, plus half a unit.
    func edgePoint(of r: CGRect, toward target: CGPoint) -> CGPoint {
        let c = CGPoint(x: r.midX, y: r.midY)
        let dx = target.x - c.x, dy = target.y - c.y
        let t = min(abs(dx) > 0 ? (r.width / 2) / abs(dx) : .infinity, abs(dy) > 0 ? (r.height / 2) / abs(dy) : .infinity)
        let length = hypot(dx, dy)
        return CGPoint(x: c.x + dx * t + 0.5 * unit * dx / length, y: c.y + dy * t + 0.5 * unit * dy / length)
    }

    private mutating func bracket() {
        let body = bodyLines
        guard body.count >= 2 else { return }
        let n = min(body.count, Int.random(in: 2...3, using: &pen.random))
        let first = Int.random(in: 0...(body.count - n), using: &pen.random)
        let span = Array(body[first..<(first + n)])
        let minX = span.map { CGRect.bounding(points(page.lines[$0])).minX }.min()!
        let pitch = n > 1 ? (center(ofLine: span.last!) - center(ofLine: span[0])) / Double(n - 1) : 4.5 * unit
        let top = center(ofLine: span[0]) - 0.35 * pitch, bottom = center(ofLine: span.last!) + 0.35 * pitch
        let x = minX - 1.5 * unit, hook = 0.8 * unit
        if Bool.random(using: &pen.random) {
            let path = pen.polyline([CGPoint(x: x + hook, y: top), CGPoint(x: x, y: top), CGPoint(x: x, y: bottom), CGPoint(x: x + hook, y: bottom)]
                .map { pen.nudge($0, 0.1) })
            add([path], kind: .bracket, target: .lines(span.map { page.lines[$0] }))
        } else {
            let mid = (top + bottom) / 2, h = bottom - top
            let path = pen.polyline([
                CGPoint(x: x + hook, y: top), CGPoint(x: x, y: top + 0.1 * h), CGPoint(x: x, y: mid - 0.06 * h),
                CGPoint(x: x - 0.7 * unit, y: mid), CGPoint(x: x, y: mid + 0.06 * h), CGPoint(x: x, y: bottom - 0.1 * h),
                CGPoint(x: x + hook, y: bottom),
            ])
            add([path], kind: .brace, target: .lines(span.map { page.lines[$0] }))
        }
    }

    /// Moves the shortest line (not the first) to a column right of the body, level with
    /// another line: a margin note that must not be threaded into that line.
    private mutating func moveNoteToMargin() {
        guard page.lines.count >= 3 else { return }
        let widths = page.lines.map { CGRect.bounding(points($0)).width }
        let k = (1..<page.lines.count).min { widths[$0] < widths[$1] }!
        let others = page.lines.indices.filter { $0 != k }
        let bodyRight = others.map { CGRect.bounding(points(page.lines[$0])).maxX }.max()!
        let beside = others[Int.random(in: 0..<others.count, using: &pen.random)]
        let noteBounds = CGRect.bounding(points(page.lines[k]))
        let centers = page.lines.indices.map { center(ofLine: $0) }.sorted()
        let pitch = median(zip(centers.dropFirst(), centers).map { $0 - $1 })
        let gap = max(12 * unit, 2 * pitch) * Double.random(in: 1...1.3, using: &pen.random)
        let dx = bodyRight + gap - noteBounds.minX
        let dy = center(ofLine: beside) - center(ofLine: k)
        let ids = Set(page.lines[k])
        for s in page.drawing.strokes.indices where ids.contains(page.drawing.strokes[s].id) {
            for p in page.drawing.strokes[s].points.indices {
                page.drawing.strokes[s].points[p].location.x += dx
                page.drawing.strokes[s].points[p].location.y += dy
            }
        }
        note = MarkedPage.Note(strokeIDs: page.lines[k], bodyLine: page.lines[beside])
    }
}
