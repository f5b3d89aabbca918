import Foundation
import Testing
import InkCore
import InkSynthesis
@testable import InkLayout

/// Handwriting written wide leaves gaps between words many x-heights across. A row of such
/// words is still one line and one cluster; a note in a column of its own is still apart.
@Suite struct WideWritingLayoutTests {
    /// The drawing shown `stretch` times wider and rising by `rise` per unit of x (y grows
    /// downwards): each stroke's transform changes, its points do not.
    static func widened(_ drawing: Drawing, stretch: Double, rise: Double) -> Drawing {
        var drawing = drawing
        let skew = StrokeTransform(a: stretch, b: -rise * stretch, c: 0, d: 1, tx: 0, ty: 0)
        drawing.strokes = drawing.strokes.map { stroke in
            var stroke = stroke
            stroke.transform = (stroke.transform ?? .identity).concatenating(skew)
            return stroke
        }
        return drawing
    }

    /// A synthesized phrase shown one and a half and two times wider on a rising line, as
    /// `inkindex eval --stretch` shows real lines: one line in one body cluster.
    @Test(arguments: [1.5, 2.0])
    func stretchedPhraseOnARisingLineIsOneLine(stretch: Double) {
        for seed in 1...4 {
            let plain = InkSynthesizer(seed: UInt64(seed)).drawing(for: "grace and peace to you from God")
            let drawing = Self.widened(plain, stretch: stretch, rise: 0.15)
            let layout = PageSegmenter().layout(of: drawing)
            #expect(ShortInputLayoutTests.strayStrokes(drawing) == 0, "×\(stretch), seed \(seed): \(layout.lines.count) lines")
            #expect(layout.clusters.map(\.kind) == [.body], "×\(stretch), seed \(seed)")
        }
    }

    /// Words written with gaps of 6 x-heights on a sloped row: wider than the gap that ends a
    /// chain of strokes, and the parts no longer meet each other's centre line at their middles,
    /// yet one line and one cluster, whatever the units.
    @Test(arguments: [1.0, 10.0, 250.0])
    func widelySpacedRowIsOneLine(unit: Double) {
        var b = PageBuilder(unit: unit)
        var ids: [UUID] = []
        var x = 0.0
        for (k, letters) in [3, 2, 4, 3, 5, 2].enumerated() {
            ids += b.word(at: x, baseline: 100 * unit - 0.1 * x, letters: letters, slope: 0.1, name: "w\(k)")
            x += (Double(letters) * 1.05 + 6) * unit
        }
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.lines.count == 1)
        #expect(Set(layout.lines.first?.strokeIDs ?? []) == Set(ids))
        #expect(layout.clusters.count == 1)
    }

    /// A page of widely spaced words with a note in a column to its right, level with its
    /// second line: the note is its own margin cluster, never joined to the line beside it.
    @Test func noteBesideWidelySpacedPageStaysApart() {
        var b = PageBuilder(unit: 10)
        var body: [[UUID]] = []
        for row in 0..<4 {
            var ids: [UUID] = []
            var x = 50.0
            for (k, letters) in [4, 3, 5].enumerated() {
                ids += b.word(at: x, baseline: Double(100 + 45 * row), letters: letters, name: "l\(row).w\(k)")
                x += (Double(letters) * 1.05 + 4) * 10
            }
            body.append(ids)
        }
        let right = b.bounds(body.flatMap { $0 }).maxX
        let note = b.line(at: right + 120, baseline: 145, words: [3, 4], name: "note").flatMap { $0 }
        let layout = PageSegmenter().layout(of: b.drawing)
        let noteCluster = layout.clusters.first { Set(layout.strokeIDs(of: .cluster($0.id))) == Set(note) }
        #expect(noteCluster?.kind == .marginNote)
        #expect(layout.lines.map { Set($0.strokeIDs) }.filter { !$0.isDisjoint(with: note) } == [Set(note)])
        for row in body { #expect(layout.lines.contains { Set($0.strokeIDs) == Set(row) }) }
    }
}
