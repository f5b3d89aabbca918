import Foundation
import Testing
import InkCore
@testable import InkLayout

/// One test per kind of mark: each draws a page of writing with the mark by hand and checks
/// the kind and what it relates to.
@Suite struct MarkShapeTests {
    /// Three lines of four words; the marks go around the words of the middle line.
    func page(unit: Double = 10) -> (PageBuilder, [[[UUID]]]) {
        var b = PageBuilder(unit: unit)
        let lines = (0..<3).map { k in b.line(at: 10 * unit, baseline: Double(10 + 5 * k) * unit, words: [4, 3, 5, 4], name: "l\(k)") }
        return (b, lines)
    }

    func onlyMark(_ layout: PageLayout, _ ids: [UUID]) -> LayoutMark? {
        layout.marks.first { Set($0.strokeIDs) == Set(ids) }
    }

    func targets(_ layout: PageLayout, mark: Int) -> Set<UUID> {
        Set(layout.relations.filter { $0.mark == mark }.flatMap { $0.to.flatMap(layout.strokeIDs(of:)) })
    }

    @Test func underlineMarksTheWordAboveIt() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][1])
        let id = b.add(b.pen.polyline([CGPoint(x: w.minX - 2, y: w.maxY + 4), CGPoint(x: w.maxX + 2, y: w.maxY + 5)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == .underline)
        #expect(targets(layout, mark: mark!.id) == Set(lines[1][1]))
        #expect(layout.lines.allSatisfy { !$0.strokeIDs.contains(id) })
        #expect(layout.marks(onWord: 1, inLine: 1).map(\.kind) == [.underline])
    }

    @Test func strikeThroughMarksTheWordsItCrosses() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][1] + lines[1][2])
        let id = b.add(b.pen.polyline([CGPoint(x: w.minX - 3, y: w.maxY - 5), CGPoint(x: w.maxX + 3, y: w.maxY - 5)]), "strike")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == .strikethrough)
        #expect(targets(layout, mark: mark!.id) == Set(lines[1][1] + lines[1][2]))
    }

    /// A page of three lines whose middle word of the middle line is "mun" written in one stroke,
    /// a down-stroke every 0.15 units: ink above and below a level stroke through it anywhere.
    func pageWithDenseWord(bar: (_ word: CGRect, _ b: inout PageBuilder) -> Void = { _, _ in }) -> (PageBuilder, UUID) {
        var b = PageBuilder(unit: 10)
        var dense: UUID?
        for k in 0..<3 {
            b.word(at: 100, baseline: Double(100 + 50 * k), letters: 4, name: "l\(k).w0")
            if k == 1 {
                let points = (0...40).map { i in CGPoint(x: 147 + 0.75 * Double(i), y: i % 2 == 0 ? 150 : 140) }
                dense = b.add(points, "l1.w1")
                bar(b.bounds([dense!]), &b)
            }
            b.word(at: 185, baseline: Double(100 + 50 * k), letters: 5, name: "l\(k).w2")
        }
        return (b, dense!)
    }

    @Test func anUnderlineDrawnThroughTheLettersFeetIsAnUnderline() {
        var (b, word) = pageWithDenseWord()
        let w = b.bounds([word])
        // Into the bottom fifth of the letters, as one underlines a word in a hurry.
        let id = b.add(b.pen.polyline([CGPoint(x: w.minX - 3, y: w.maxY - 2), CGPoint(x: w.maxX + 3, y: w.maxY - 2)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == .underline)
        #expect(mark.map { targets(layout, mark: $0.id) } == [word])
        #expect(layout.lines.allSatisfy { !$0.strokeIDs.contains(id) })
    }

    /// A bar as short as the word, through the middle of its letters: a mark when drawn after
    /// the page was written, a letter's bar (a t's, a hyphen) when written with the word.
    @Test(arguments: [true, false])
    func aShortBarThroughAWordIsAMarkOnlyWhenDrawnLater(drawnLater: Bool) {
        func drawBar(_ w: CGRect, _ b: inout PageBuilder) -> UUID {
            b.add(b.pen.polyline([CGPoint(x: w.minX - 1, y: w.midY), CGPoint(x: w.maxX + 1, y: w.midY)]), "bar")
        }
        var bar: UUID?
        var (b, word) = pageWithDenseWord { w, b in if !drawnLater { bar = drawBar(w, &b) } }
        if drawnLater { bar = drawBar(b.bounds([word]), &b) }
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [bar!])
        if drawnLater {
            #expect(mark?.kind == .strikethrough)
            #expect(mark.map { targets(layout, mark: $0.id) } == [word])
        } else {
            #expect(mark == nil)
            #expect(layout.lines.contains { $0.strokeIDs.contains(bar!) })
        }
    }

    @Test(arguments: [(4, LayoutMark.Kind.circle), (5, .ellipse)])
    func roundEnclosureMarksTheWordInside(letters: Int, kind: LayoutMark.Kind) {
        var b = PageBuilder(unit: 10)
        let lines = (0..<3).map { k in b.line(at: 100, baseline: Double(100 + 50 * k), words: [3, letters, 3], name: "l\(k)") }
        let w = b.bounds(lines[1][1])
        let rx = kind == .circle ? max(w.width, w.height) / 2 + 5 : w.width / 2 + 6
        let ry = kind == .circle ? rx : w.height / 2 + 5
        let id = b.add(b.pen.ellipse(center: CGPoint(x: w.midX, y: w.midY), rx: rx, ry: ry), "enclosure")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == kind)
        #expect(targets(layout, mark: mark!.id) == Set(lines[1][1]))
        #expect(layout.marksAffecting(strokeIDs: lines[1][1]).map(\.kind) == [kind])
    }

    @Test func boxInFourStrokesIsOneMark() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][0]).insetBy(dx: -5, dy: -4)
        let corners = [CGPoint(x: w.minX, y: w.minY), CGPoint(x: w.maxX, y: w.minY), CGPoint(x: w.maxX, y: w.maxY), CGPoint(x: w.minX, y: w.maxY)]
        let ids = (0..<4).map { k in b.add(b.pen.polyline([corners[k], corners[(k + 1) % 4]]), "side\(k)") }
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, ids)
        #expect(mark?.kind == .box)
        #expect(targets(layout, mark: mark!.id) == Set(lines[1][0]))
    }

    @Test func arrowRunsFromTailWordToHeadWord() {
        var (b, lines) = page()
        let from = b.bounds(lines[0][0]), to = b.bounds(lines[2][3])
        let tail = CGPoint(x: from.maxX + 3, y: from.maxY + 3), tip = CGPoint(x: to.minX - 3, y: to.minY - 3)
        let (shaft, head) = arrow(&b, from: tail, to: tip)
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [shaft, head])
        #expect(mark?.kind == .arrow)
        #expect(mark?.head.map { $0.distance(to: tip) < 5 } == true)
        let relation = layout.relations.first { $0.mark == mark?.id }
        #expect(relation?.kind == .points)
        #expect(relation.map { Set(layout.strokeIDs(of: $0.from)) } == Set(lines[0][0]))
        #expect(relation.map { Set($0.to.flatMap(layout.strokeIDs(of:))) } == Set(lines[2][3]))
    }

    /// An arrow from a word two lines up whose steep shaft lands inside a word: the shaft is
    /// taller than a bracket must be, and the head keeps it an arrow.
    @Test func steepArrowIntoAWordIsAnArrow() {
        var (b, lines) = page()
        let from = b.bounds(lines[0][1]), to = b.bounds(lines[2][1])
        let tail = CGPoint(x: to.midX - 4 * b.unit, y: from.maxY + b.unit), tip = CGPoint(x: to.midX, y: to.midY)
        #expect(tip.y - tail.y >= 5.5 * b.unit)
        let (shaft, head) = arrow(&b, from: tail, to: tip)
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [shaft, head])
        #expect(mark?.kind == .arrow)
        #expect(layout.lines.allSatisfy { !$0.strokeIDs.contains(shaft) && !$0.strokeIDs.contains(head) })
        let relation = layout.relations.first { $0.mark == mark?.id }
        #expect(relation.map { Set($0.to.flatMap(layout.strokeIDs(of:))) } == Set(lines[2][1]))
    }

    /// An arrow drawn straight down into a word two lines below: its upright shaft is a
    /// bracket's shape until the head at its end makes it an arrow.
    @Test func uprightArrowIntoAWordIsAnArrow() {
        var (b, lines) = page()
        let from = b.bounds(lines[0][2]), to = b.bounds(lines[2][2])
        let tail = CGPoint(x: to.midX, y: from.maxY + b.unit), tip = CGPoint(x: to.midX, y: to.midY)
        #expect(tip.y - tail.y >= 5.5 * b.unit)
        let (shaft, head) = arrow(&b, from: tail, to: tip)
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(onlyMark(layout, [shaft, head])?.kind == .arrow)
        #expect(layout.lines.allSatisfy { !$0.strokeIDs.contains(shaft) && !$0.strokeIDs.contains(head) })
    }

    /// A word underlined, just after it was written, up to the end of its last letter, which
    /// opens back along the underline with its point above the underline's end, as an e or a >
    /// does: the letter sits wholly above the line, where an arrow's barbs spread to both sides,
    /// so it stays writing and the underline an underline.
    @Test func aLastLetterOverTheUnderlinesEndIsNotItsArrowHead() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][3]), u = b.unit, baseline = 15 * u
        let tip = CGPoint(x: w.maxX + 1.2 * u, y: baseline + 0.1 * u)
        let letter = b.add(b.pen.polyline([CGPoint(x: tip.x - u, y: baseline - u), tip, CGPoint(x: tip.x - u, y: baseline)]), "letter")
        let line = b.add(b.pen.polyline([CGPoint(x: w.minX - 0.2 * u, y: baseline + 0.4 * u), CGPoint(x: tip.x, y: baseline + 0.4 * u)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.allSatisfy { $0.kind != .arrow })
        #expect(onlyMark(layout, [line])?.kind == .underline)
        #expect(layout.lines.contains { $0.strokeIDs.contains(letter) })
    }

    /// A shaft, then the head as its own stroke; barbs a unit long.
    func arrow(_ b: inout PageBuilder, from tail: CGPoint, to tip: CGPoint) -> (UUID, UUID) {
        let shaft = b.add(b.pen.polyline([tail, tip]), "shaft")
        let back = CGPoint(x: tip.x - tail.x, y: tip.y - tail.y)
        let n = hypot(back.x, back.y), u = b.unit
        func barb(_ a: Double) -> CGPoint {
            CGPoint(x: tip.x - u * (back.x * cos(a) - back.y * sin(a)) / n, y: tip.y - u * (back.x * sin(a) + back.y * cos(a)) / n)
        }
        return (shaft, b.add(b.pen.polyline([barb(0.5), tip, barb(-0.5)]), "head"))
    }

    /// An arrow that stops in the gap before the word it aims at, nearer the word before it:
    /// it points at the word its direction runs into, not at the nearest ink.
    @Test func arrowStoppingShortNamesTheWordItAimsAt() {
        var (b, lines) = page()
        let from = b.bounds(lines[0][0]), to = b.bounds(lines[1][2]), before = b.bounds(lines[1][1])
        // Aimed at the word's centre from the first word of the line above, stopping a unit
        // left of it.
        let tail = CGPoint(x: from.minX, y: from.maxY + 3), aim = CGPoint(x: to.midX, y: to.midY)
        let t = (to.minX - b.unit - tail.x) / (aim.x - tail.x)
        let tip = CGPoint(x: tail.x + t * (aim.x - tail.x), y: tail.y + t * (aim.y - tail.y))
        #expect(distance(tip, before) < distance(tip, to))
        let (shaft, head) = arrow(&b, from: tail, to: tip)
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [shaft, head])
        #expect(mark?.kind == .arrow)
        let relation = layout.relations.first { $0.mark == mark?.id }
        #expect(relation.map { Set(layout.strokeIDs(of: $0.from)) } == Set(lines[0][0]))
        #expect(relation.map { Set($0.to.flatMap(layout.strokeIDs(of:))) } == Set(lines[1][2]))
    }

    @Test func connectorJoinsTwoWords() {
        var (b, lines) = page()
        let from = b.bounds(lines[0][0]), to = b.bounds(lines[2][3])
        let id = b.add(b.pen.polyline([CGPoint(x: from.maxX + 3, y: from.maxY + 3), CGPoint(x: to.minX - 3, y: to.minY - 3)]), "connector")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == .connector)
        let relation = layout.relations.first { $0.mark == mark?.id }
        #expect(relation.map { Set(layout.strokeIDs(of: $0.from)) } == Set(lines[0][0]))
        #expect(relation.map { Set($0.to.flatMap(layout.strokeIDs(of:))) } == Set(lines[2][3]))
    }

    @Test(arguments: [false, true])
    func bracketOrBraceSpansTheLinesBesideIt(brace: Bool) {
        var b = PageBuilder(unit: 10)
        let lines = (0..<4).map { k in b.line(at: 100, baseline: Double(100 + 50 * k), words: [4, 3, 5], name: "l\(k)") }
        let top = b.bounds(lines[1].flatMap { $0 }).minY, bottom = b.bounds(lines[2].flatMap { $0 }).maxY, x = 85.0
        let mid = (top + bottom) / 2
        let path = brace
            ? [CGPoint(x: x + 8, y: top), CGPoint(x: x, y: top + 10), CGPoint(x: x, y: mid - 5), CGPoint(x: x - 7, y: mid),
               CGPoint(x: x, y: mid + 5), CGPoint(x: x, y: bottom - 10), CGPoint(x: x + 8, y: bottom)]
            : [CGPoint(x: x + 8, y: top), CGPoint(x: x, y: top), CGPoint(x: x, y: bottom), CGPoint(x: x + 8, y: bottom)]
        let id = b.add(b.pen.polyline(path), "bracket")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == (brace ? .brace : .bracket))
        let relation = layout.relations.first { $0.mark == mark?.id }
        #expect(relation?.kind == .spans)
        #expect(Set(relation?.to.flatMap(layout.strokeIDs(of:)) ?? []) == Set((lines[1] + lines[2]).flatMap { $0 }))
    }

    @Test func checkMarkBesideALine() {
        var (b, lines) = page()
        let l = b.bounds(lines[1].flatMap { $0 })
        let id = b.add(b.pen.polyline([CGPoint(x: l.minX - 40, y: l.midY), CGPoint(x: l.minX - 33, y: l.midY + 8), CGPoint(x: l.minX - 18, y: l.midY - 14)]), "check")
        let layout = PageSegmenter().layout(of: b.drawing)
        let mark = onlyMark(layout, [id])
        #expect(mark?.kind == .check)
        #expect(targets(layout, mark: mark!.id) == Set(lines[1].flatMap { $0 }))
    }

    @Test func crossMarkIsTwoStrokes() {
        var (b, lines) = page()
        let l = b.bounds(lines[1].flatMap { $0 })
        let c = CGPoint(x: l.maxX + 30, y: l.midY)
        let a = b.add(b.pen.polyline([CGPoint(x: c.x - 8, y: c.y - 8), CGPoint(x: c.x + 8, y: c.y + 8)]), "cross1")
        let d = b.add(b.pen.polyline([CGPoint(x: c.x + 8, y: c.y - 8), CGPoint(x: c.x - 8, y: c.y + 8)]), "cross2")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(onlyMark(layout, [a, d])?.kind == .cross)
    }

    @Test func doodleStaysDrawing() {
        var (b, _) = page()
        // A large zigzag scribble below the writing.
        let points = (0..<12).map { k in CGPoint(x: 120 + Double(k) * 9, y: 300 + (k % 2 == 0 ? 0 : 70) + Double(k)) }
        let id = b.add(b.pen.polyline(points), "doodle")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.drawingStrokeIDs.contains(id))
        #expect(layout.lines.allSatisfy { !$0.strokeIDs.contains(id) })
    }
}
