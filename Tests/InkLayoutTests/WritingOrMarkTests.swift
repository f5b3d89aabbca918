import Foundation
import Testing
@testable import InkTools
import InkCore
@testable import InkLayout

/// The borderline between marks and writing: small marks around small writing are marks, and
/// letter strokes that look like marks stay writing because of when and where they were drawn.
@Suite struct WritingOrMarkTests {
    func page(words: [Int] = [4, 3, 5, 4]) -> (PageBuilder, [[[UUID]]]) {
        var b = PageBuilder(unit: 10)
        let lines = (0..<3).map { k in b.line(at: 100, baseline: Double(100 + 50 * k), words: words, name: "l\(k)") }
        return (b, lines)
    }

    func mark(_ layout: PageLayout, _ ids: [UUID]) -> LayoutMark? { layout.marks.first { Set($0.strokeIDs) == Set(ids) } }

    func targets(_ layout: PageLayout, _ mark: LayoutMark?) -> Set<UUID> {
        Set(layout.relations.filter { $0.mark == mark?.id }.flatMap { $0.to.flatMap(layout.strokeIDs(of:)) })
    }

    /// A circle under three units across around a two-letter word.
    @Test func smallCircleAroundAShortWord() {
        var (b, lines) = page(words: [4, 2, 5])
        let w = b.bounds(lines[1][1])
        let id = b.add(b.pen.ellipse(center: CGPoint(x: w.midX, y: w.midY), rx: 13.5, ry: 13.5), "circle")
        #expect(b.bounds([id]).width < 30)
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(mark(layout, [id])?.kind == .circle)
        #expect(targets(layout, mark(layout, [id])) == Set(lines[1][1]))
    }

    /// An underline of a one-letter word is shorter than two units.
    @Test func shortUnderlineUnderAOneLetterWord() {
        var (b, lines) = page(words: [4, 1, 5])
        let w = b.bounds(lines[1][1])
        let id = b.add(b.pen.polyline([CGPoint(x: w.minX - 4, y: w.maxY + 4), CGPoint(x: w.maxX + 4, y: w.maxY + 4)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(mark(layout, [id])?.kind == .underline)
        #expect(targets(layout, mark(layout, [id])) == Set(lines[1][1]))
    }

    /// The foot of an E or L written before the rest of its word sits where an underline would,
    /// but one underlines a word once it is written: it stays in its line.
    @Test func footOfACapitalWrittenMidWordIsWriting() {
        var b = PageBuilder(unit: 10)
        let above = b.line(at: 100, baseline: 100, words: [4, 3, 5], name: "above")
        // The foot a little below the letters that follow, as an underline would be.
        let stem = b.add(b.pen.polyline([CGPoint(x: 100, y: 130), CGPoint(x: 100, y: 153)]), "stem")
        let foot = b.add(b.pen.polyline([CGPoint(x: 100, y: 153), CGPoint(x: 121, y: 153)]), "foot")
        let rest = b.word(at: 117, baseline: 150, letters: 4, name: "rest")
        let tail = b.line(at: 170, baseline: 150, words: [3, 4], name: "tail")
        let below = b.line(at: 100, baseline: 200, words: [4, 3, 5], name: "below")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        let line = Set([stem, foot] + rest + tail.flatMap { $0 })
        #expect(Set(layout.lines.map { Set($0.strokeIDs) }) == [Set(above.flatMap { $0 }), line, Set(below.flatMap { $0 })])
    }

    /// The first stroke of a line (a capital's bar) near the line above stays in its own line.
    @Test func barStartingALineIsWriting() {
        var b = PageBuilder(unit: 10)
        let above = b.line(at: 100, baseline: 100, words: [4, 3, 5], name: "above")
        let bar = b.add(b.pen.polyline([CGPoint(x: 98, y: 131), CGPoint(x: 124, y: 137)]), "bar")
        let line = b.line(at: 100, baseline: 150, words: [4, 3, 5], name: "line")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        #expect(Set(layout.lines.map { Set($0.strokeIDs) }) == [Set(above.flatMap { $0 }), Set(line.flatMap { $0 } + [bar])])
    }

    /// A shaft with a small hook drawn as a word is written (a k, a 4) is a letter, not an arrow.
    @Test func arrowLikeLetterInALineIsWriting() {
        var b = PageBuilder(unit: 10)
        let first = b.word(at: 100, baseline: 100, letters: 3, name: "first")
        let stem = b.add(b.pen.polyline([CGPoint(x: 133, y: 100), CGPoint(x: 133, y: 70)]), "stem")
        let hook = b.add(b.pen.polyline([CGPoint(x: 128, y: 78), CGPoint(x: 133, y: 70), CGPoint(x: 138, y: 78)]), "hook")
        let rest = b.line(at: 142, baseline: 100, words: [3, 4, 5], name: "rest")
        let below = b.line(at: 100, baseline: 150, words: [4, 3, 5], name: "below")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        #expect(Set(layout.lines.map { Set($0.strokeIDs) })
            == [Set(first + [stem, hook] + rest.flatMap { $0 }), Set(below.flatMap { $0 })])
    }

    /// A box whose upright sides are barely more than a unit, around a word of small letters.
    @Test func boxWithShortSidesAroundAFlatWord() {
        var (b, lines) = page()
        // A word of small round letters, no ascenders: 0.7 units tall.
        let word = (0..<3).map { k in
            b.add((0...12).map { i in
                let t = Double(i) / 12
                return CGPoint(x: 330 + Double(k) * 10 + 7 * (0.5 - 0.5 * cos(.pi * t)), y: 250 - 7 * (0.5 + 0.5 * sin(2 * .pi * t)))
            }, "flat\(k)")
        }
        let w = b.bounds(word).insetBy(dx: -5, dy: -2.5)
        let c = [CGPoint(x: w.minX, y: w.minY), CGPoint(x: w.maxX, y: w.minY), CGPoint(x: w.maxX, y: w.maxY), CGPoint(x: w.minX, y: w.maxY)]
        #expect(w.height < 15)
        let sides = (0..<4).map { k in b.add(b.pen.polyline([c[k], c[(k + 1) % 4]]), "side\(k)") }
        _ = lines
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(mark(layout, sides)?.kind == .box)
        #expect(targets(layout, mark(layout, sides)) == Set(word))
    }

    /// Arrows drawn in one stroke (unit 10), each a path tail → tip → barb → tip → barb.
    enum OneStrokeArrow: String, CaseIterable, Sendable {
        /// A short arrow: its barbs are as long as half its shaft.
        case short
        /// A long arrow with a narrow head: its first barb runs back within a quarter unit of the
        /// shaft, closer than the outline's coarse tolerance keeps.
        case narrowHead
        /// A hand that wavered on the way back to the tip: the outline keeps a vertex between the
        /// first barb and the tip.
        case waverInHead

        var path: [CGPoint] {
            let origin = CGPoint(x: 0, y: 0)
            switch self {
            case .short:
                let tip = CGPoint(x: 40, y: 0)
                return [origin, tip, CGPoint(x: 31, y: -6), tip, CGPoint(x: 31, y: 6)]
            case .narrowHead:
                let tip = CGPoint(x: 120, y: 0)
                func barb(_ angle: Double) -> CGPoint { CGPoint(x: tip.x - 9 * cos(angle), y: tip.y + 9 * sin(angle)) }
                return [origin, tip, barb(0.25), tip, barb(-0.45)]
            case .waverInHead:
                let tip = CGPoint(x: 120, y: 0)
                return [origin, tip, CGPoint(x: 110, y: -5), CGPoint(x: 113, y: -0.5), tip, CGPoint(x: 111, y: 5)]
            }
        }
        var seed: UInt64 { self == .short ? 3 : self == .narrowHead ? 4 : 8 }
    }

    @Test(arguments: OneStrokeArrow.allCases)
    func oneStrokeArrow(_ drawn: OneStrokeArrow) {
        let u = 10.0
        var pen = HandDrawn(unit: u, seed: drawn.seed)
        let shape = StrokeShape(order: 0, stroke: pen.stroke(pen.polyline(drawn.path), time: 0, name: "arrow"))
        guard case .arrow(let tail, let head) = PrimitiveClassifier(unit: u).classify(shape) else {
            Issue.record("\(drawn) is not an arrow: \(PrimitiveClassifier(unit: u).classify(shape))")
            return
        }
        #expect(head.distance(to: drawn.path[1]) < 3 && tail.x < 5)
        if drawn == .waverInHead { #expect(shape.simplified(tolerance: 2.5).count >= 6) }
    }

    /// A straight stroke drawn steeply (an arrow's shaft from one line to a word two lines down)
    /// is a line, however tall: brackets stand upright.
    @Test func steepStraightStrokeIsALineNotABracket() {
        let u = 10.0
        var pen = HandDrawn(unit: u, seed: 6)
        let shape = StrokeShape(order: 0, stroke: pen.stroke(pen.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 45, y: 110)]), time: 0, name: "shaft"))
        let primitive = PrimitiveClassifier(unit: u).classify(shape)
        guard case .straight = primitive else {
            Issue.record("not a straight line: \(primitive)")
            return
        }
        // Upright, the same stroke is a bracket's (a parenthesis drawn straight).
        let upright = StrokeShape(order: 1, stroke: pen.stroke(pen.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 110)]), time: 1, name: "bar"))
        #expect(PrimitiveClassifier(unit: u).tallMark(upright) != nil)
    }

    /// A brace over two lines of dense writing is wider than half its height; a looped letter as
    /// tall is not a bracket.
    @Test func wideBraceOverDenseLinesAndLoopedLetter() {
        let u = 10.0
        var pen = HandDrawn(unit: u, seed: 5)
        let brace = pen.polyline([CGPoint(x: 8, y: 0), CGPoint(x: 0, y: 3), CGPoint(x: 0, y: 11), CGPoint(x: -7, y: 14),
                                  CGPoint(x: 0, y: 17), CGPoint(x: 0, y: 25), CGPoint(x: 8, y: 28)])
        let classifier = PrimitiveClassifier(unit: u)
        let braceShape = StrokeShape(order: 0, stroke: pen.stroke(brace, time: 0, name: "brace"))
        #expect(classifier.tallMark(braceShape, minHeight: 25).map { if case .tall(.brace, _) = $0 { true } else { false } } == true)
        // Two loops up and down, as a cursive "ll".
        let loops = (0...60).map { i -> CGPoint in
            let t = Double(i) / 60 * 4 * .pi
            return CGPoint(x: 6 * sin(t) + Double(i) * 0.1, y: 15 - 15 * cos(t / 2))
        }
        let letter = StrokeShape(order: 1, stroke: pen.stroke(loops, time: 1, name: "ll"))
        #expect(classifier.tallMark(letter, minHeight: 25) == nil)
    }

    /// A word of one long stroke with an ascender, 4.5 x-heights wide, baseline at `y`.
    func cursiveWord(_ b: inout PageBuilder, at x0: Double, baseline y: Double, name: String) -> UUID {
        b.add((0...40).map { i -> CGPoint in
            let t = Double(i) / 40
            let spike = i >= 8 && i <= 12 ? -12 * (1 - abs(Double(i - 10)) / 2) : 0
            return CGPoint(x: x0 + 45 * t, y: y - 5 - 5 * sin(8 * .pi * t) + spike)
        }, name)
    }

    /// Lines of such words: the page's unit (a stroke's height) is twice the x-height and the
    /// lines are under two units apart.
    func denseCursivePage(_ b: inout PageBuilder, lines: Int) -> [[UUID]] {
        (0..<lines).map { k in (0..<4).map { w in cursiveWord(&b, at: 100 + 60 * Double(w), baseline: 100 + 40 * Double(k), name: "w\(k).\(w)") } }
    }

    /// A brace over two lines of such a page is shorter than the 2.5 units a line pitch was
    /// assumed to be at least: it is found all the same, from the page's own pitch.
    @Test func braceOverTwoDenseLines() {
        var b = PageBuilder(unit: 10)
        let lines = denseCursivePage(&b, lines: 4)
        let top = b.bounds(lines[1]).minY, bottom = b.bounds(lines[2]).maxY, x = 75.0, mid = (top + bottom) / 2
        let id = b.add(b.pen.polyline([CGPoint(x: x + 8, y: top), CGPoint(x: x, y: top + 6), CGPoint(x: x, y: mid - 4), CGPoint(x: x - 6, y: mid),
                                       CGPoint(x: x, y: mid + 4), CGPoint(x: x, y: bottom - 6), CGPoint(x: x + 8, y: bottom)]), "brace")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(Set(layout.lines.map { Set($0.strokeIDs) }) == Set(lines.map { Set($0) }))
        #expect(mark(layout, [id])?.kind == .brace)
        #expect(targets(layout, mark(layout, [id])) == Set(lines[1] + lines[2]))
    }

    /// A letter as tall as that brace (an f), written in the course of its line between two of
    /// its words, stays writing in that line.
    @Test func tallLetterInADenseLineIsWriting() {
        var b = PageBuilder(unit: 10)
        let first = denseCursivePage(&b, lines: 1)[0]
        var middle = (0..<4).map { w in cursiveWord(&b, at: 100 + 60 * Double(w), baseline: 140, name: "m\(w)") }
        let letter = b.add((0...30).map { i in
            let t = Double(i) / 30
            return CGPoint(x: 338 + 6 * sin(2 * .pi * t), y: 105 + 60 * t)
        }, "tall letter")
        middle.append(cursiveWord(&b, at: 352, baseline: 140, name: "m4"))
        let last = (0..<4).map { w in cursiveWord(&b, at: 100 + 60 * Double(w), baseline: 180, name: "l\(w)") }
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        #expect(Set(layout.lines.map { Set($0.strokeIDs) }) == [Set(first), Set(middle + [letter]), Set(last)])
    }

    /// An underline close under a word whose descenders loop through it has ink above and below
    /// it, as a strike-through has, but it runs below the body of the letters.
    @Test func underlineThroughDescendersIsAnUnderline() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][1]), baseline = 150.0
        // A looped descender under each letter, drawn with it.
        let loops = (0..<3).map { k in
            b.add((0...12).map { i in
                let t = Double(i) / 12 * 2 * .pi
                return CGPoint(x: w.minX + 4 + Double(k) * 10.5 + 3.5 * sin(t), y: baseline + 6 - 6 * cos(t))
            }, "descender\(k)")
        }
        #expect(b.bounds(loops).minX >= w.minX - 1 && b.bounds(loops).maxX <= w.maxX + 1)
        let id = b.add(b.pen.polyline([CGPoint(x: w.minX - 2, y: baseline + 2.5), CGPoint(x: w.maxX + 2, y: baseline + 2.5)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(mark(layout, [id])?.kind == .underline)
        #expect(targets(layout, mark(layout, [id])) == Set(lines[1][1] + loops))
    }

    /// A box in four sides, then an arrow whose shaft starts at its corner: the box is the four
    /// sides, the arrow the shaft and its head.
    @Test func boxThenArrowFromItsCorner() {
        var (b, lines) = page()
        let w = b.bounds(lines[1][1]).insetBy(dx: -5, dy: -4)
        let c = [CGPoint(x: w.minX, y: w.minY), CGPoint(x: w.maxX, y: w.minY), CGPoint(x: w.maxX, y: w.maxY), CGPoint(x: w.minX, y: w.maxY)]
        let sides = (0..<4).map { k in b.add(b.pen.polyline([c[k], c[(k + 1) % 4]]), "side\(k)") }
        let to = b.bounds(lines[2][3])
        let tip = CGPoint(x: to.minX - 4, y: to.minY - 4)
        let shaft = b.add(b.pen.polyline([CGPoint(x: w.maxX + 2, y: w.maxY + 2), tip]), "shaft")
        let head = b.add(b.pen.polyline([CGPoint(x: tip.x - 9, y: tip.y - 2), tip, CGPoint(x: tip.x - 3, y: tip.y - 9)]), "head")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(mark(layout, sides)?.kind == .box)
        #expect(targets(layout, mark(layout, sides)) == Set(lines[1][1]))
        #expect(mark(layout, [shaft, head])?.kind == .arrow)
    }
}
