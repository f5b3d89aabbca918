import Foundation
import Testing
import InkCore
@testable import InkLayout

@Suite struct ClusterAndRelationTests {
    /// A note in a column right of the body, level with the second body line: its own cluster,
    /// never threaded into that line, and it annotates it.
    @Test func marginNoteIsItsOwnClusterAndAnnotatesTheLineBesideIt() {
        var b = PageBuilder(unit: 10)
        let body = (0..<4).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3, 6], name: "l\(k)") }
        let right = b.bounds(body.flatMap { $0 }.flatMap { $0 }).maxX
        let note = b.line(at: right + 120, baseline: 145, words: [3, 4], name: "note")
        let layout = PageSegmenter().layout(of: b.drawing)
        let noteIDs = Set(note.flatMap { $0 })
        let cluster = layout.clusters.first { Set(layout.strokeIDs(of: .cluster($0.id))) == noteIDs }
        #expect(cluster?.kind == .marginNote)
        #expect(layout.lines.allSatisfy { Set($0.strokeIDs).isDisjoint(with: noteIDs) || Set($0.strokeIDs) == noteIDs })
        let relation = layout.relations.first { $0.kind == .annotates }
        #expect(relation?.from == cluster.map { .cluster($0.id) })
        #expect(relation.map { Set($0.to.flatMap(layout.strokeIDs(of:))) } == Set(body[1].flatMap { $0 }))
        #expect(layout.clusters.first?.kind == .body)
    }

    @Test func largerLineAboveTheBodyIsAHeading() {
        var b = PageBuilder(unit: 10)
        var big = PageBuilder(unit: 20, seed: 3)
        let title = big.line(at: 120, baseline: 60, words: [5, 4], name: "title")
        b.strokes = big.strokes
        _ = (0..<4).map { k in b.line(at: 50, baseline: Double(160 + 45 * k), words: [4, 5, 3, 6], name: "l\(k)") }
        let layout = PageSegmenter().layout(of: b.drawing)
        let heading = layout.clusters.first { $0.kind == .heading }
        #expect(heading.map { Set(layout.strokeIDs(of: .cluster($0.id))) } == Set(title.flatMap { $0 }))
        #expect(layout.lines.first.map { Set($0.strokeIDs) } == Set(title.flatMap { $0 }))
    }

    @Test func queriesFindMarksOnHitStrokes() {
        var b = PageBuilder(unit: 10)
        let lines = (0..<2).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3], name: "l\(k)") }
        let w = b.bounds(lines[0][1])
        let underline = b.add(b.pen.polyline([CGPoint(x: w.minX - 2, y: w.maxY + 4), CGPoint(x: w.maxX + 2, y: w.maxY + 4)]), "underline")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marksAffecting(strokeIDs: [lines[0][1][2]]).map(\.strokeIDs) == [[underline]])
        #expect(layout.marksAffecting(strokeIDs: lines[1][1]).isEmpty)
        #expect(layout.mark(containing: underline)?.kind == .underline)
        #expect(layout.strokeIDs(of: .word(line: 9, index: 0)).isEmpty)
    }

    /// Many pages laid out at once from different tasks give the same answers (the search and
    /// store call `layout(of:)` concurrently).
    @Test func concurrentLayoutsAgree() async {
        var b = PageBuilder(unit: 10)
        _ = (0..<5).map { k in b.line(at: 50, baseline: Double(100 + 45 * k), words: [4, 5, 3, 6], name: "l\(k)") }
        let drawing = b.drawing
        let expected = PageSegmenter().layout(of: drawing)
        let results = await withTaskGroup(of: PageLayout.self) { group in
            for _ in 0..<8 { group.addTask { PageSegmenter().layout(of: drawing) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
