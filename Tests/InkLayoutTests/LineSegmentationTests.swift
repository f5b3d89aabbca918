import Foundation
import Testing
import InkCore
@testable import InkLayout

@Suite struct LineSegmentationTests {
    func lineSets(_ layout: PageLayout) -> Set<Set<UUID>> { Set(layout.lines.map { Set($0.strokeIDs) }) }

    @Test func emptyDrawingHasNoLayout() {
        let layout = PageSegmenter().layout(of: Drawing())
        #expect(layout.lines.isEmpty && layout.clusters.isEmpty && layout.marks.isEmpty && layout.relations.isEmpty)
    }

    @Test func strokesWithoutPointsAreNeitherWritingNorMarks() {
        let empty = Stroke(points: [])
        let layout = PageSegmenter().layout(of: Drawing(strokes: [empty]))
        #expect(layout.lines.isEmpty)
        #expect(layout.drawingStrokeIDs == [empty.id])
    }

    /// The same page at scales 100× apart gives the same lines: no units are assumed.
    @Test(arguments: [0.2, 10.0, 20.0])
    func linesAtAnyScale(unit: Double) {
        var b = PageBuilder(unit: unit)
        let lines = (0..<4).map { k in b.line(at: 5 * unit, baseline: Double(6 + 4 * k) * unit, words: [3, 5, 2, 4], name: "l\(k)") }
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(lineSets(layout) == Set(lines.map { Set($0.flatMap { $0 }) }))
        #expect(layout.lines.map { $0.words.count } == [4, 4, 4, 4])
        #expect(layout.clusters.map(\.kind) == [.body])
    }

    @Test func slopedLinesStayWhole() {
        var b = PageBuilder(unit: 10)
        // Rising 8% across the page: over 40 units of x a line climbs past its own height.
        let lines = (0..<4).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3, 6, 4, 5], slope: 0.08, name: "l\(k)") }
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(lineSets(layout) == Set(lines.map { Set($0.flatMap { $0 }) }))
    }

    @Test func lineStartingMidPageIsItsOwnLine() {
        var b = PageBuilder(unit: 10)
        let first = b.line(at: 50, baseline: 100, words: [4, 5, 3, 6], name: "full")
        let second = b.line(at: 300, baseline: 145, words: [3, 4], name: "indented")
        let third = b.line(at: 50, baseline: 190, words: [5, 3, 4], name: "next")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(lineSets(layout) == [Set(first.flatMap { $0 }), Set(second.flatMap { $0 }), Set(third.flatMap { $0 })])
        #expect(layout.lines.map { Set($0.strokeIDs) } == [Set(first.flatMap { $0 }), Set(second.flatMap { $0 }), Set(third.flatMap { $0 })])
    }

    /// An i-dot added after the whole page was written, and a word inserted into the first line
    /// at the end, land in their lines; each line lists its strokes in writing order.
    @Test func outOfOrderStrokesLandInTheirLine() {
        var b = PageBuilder(unit: 10)
        let lines = (0..<3).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3], name: "l\(k)") }
        let w = b.bounds(lines[1][1])
        let dot = b.dot(at: CGPoint(x: w.minX + 12, y: w.minY - 6), name: "late dot")
        // An edit: a short word written at the end of the first line after everything else.
        let edit = b.word(at: b.bounds(lines[0].flatMap { $0 }).maxX + 12, baseline: 100, letters: 2, name: "edit")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.line(containing: dot).map { Set($0.strokeIDs) } == Set(lines[1].flatMap { $0 } + [dot]))
        #expect(layout.line(containing: edit[0]).map { Set($0.strokeIDs) } == Set(lines[0].flatMap { $0 } + edit))
        let order = Dictionary(uniqueKeysWithValues: b.strokes.enumerated().map { ($0.element.id, $0.offset) })
        for line in layout.lines { #expect(line.strokeIDs.map { order[$0]! } == line.strokeIDs.map { order[$0]! }.sorted()) }
    }

    /// A crossbar written after its word is writing, not a mark, and stays in its line.
    @Test func shortCrossbarIsWriting() {
        var b = PageBuilder(unit: 10)
        let lines = (0..<3).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3], name: "l\(k)") }
        let w = b.bounds(lines[2][0])
        let bar = b.add(b.pen.polyline([CGPoint(x: w.minX + 3, y: w.minY + 4), CGPoint(x: w.minX + 15, y: w.minY + 4)]), "crossbar")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        #expect(layout.line(containing: bar).map { Set($0.strokeIDs) } == Set(lines[2].flatMap { $0 } + [bar]))
    }

    @Test func wordsFollowTheGaps() {
        var b = PageBuilder(unit: 10)
        let words = b.line(at: 50, baseline: 100, words: [3, 1, 6, 2, 4], name: "l")
        _ = b.line(at: 50, baseline: 145, words: [4, 4], name: "m")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.lines.first?.words.map { Set($0.strokeIDs) } == words.map { Set($0) })
    }

    /// A line that goes on half a pitch lower after its first words, the pen going straight from
    /// one word to the next: too low for the line's centre, but one line, since the pen wrote
    /// on from where it was.
    @Test func lineGoingOnAStepLowerStaysWhole() {
        var b = PageBuilder(unit: 10)
        let above = b.line(at: 100, baseline: 100, words: [4, 5, 3, 6, 4], name: "above")
        let start = b.line(at: 100, baseline: 150, words: [4, 5], name: "start").flatMap { $0 }
        let right = b.bounds(start).maxX
        // An l rising from the lower baseline to near the last letter, then the rest of the line.
        let l = b.add(b.pen.polyline([CGPoint(x: right + 5, y: 176), CGPoint(x: right + 6, y: 156)]), "l")
        let rest = b.line(at: right + 12, baseline: 176, words: [3, 6, 4], name: "rest").flatMap { $0 }
        let below = b.line(at: 100, baseline: 200, words: [4, 5, 3, 6, 4], name: "below")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(lineSets(layout) == [Set(above.flatMap { $0 }), Set(start + [l] + rest), Set(below.flatMap { $0 })])
    }
}
