import Foundation
import InkCore

/// Computes a `PageLayout` from a drawing: which strokes are writing and which are marks, the
/// lines, words and clusters of the writing, what each mark is and what it relates to.
///
/// The steps, each in its own type: `StrokeShape` (geometry per stroke), `InkScale` (the size of
/// the writing, so that no units are assumed), `PrimitiveClassifier` and `MarkAssembler`
/// (writing versus marks), `LineGrouper`, `WordGrouper`, `ClusterDetector`, and `MarkResolver`
/// (mark kinds and relations). Pure and `Sendable`: safe to call from many tasks at once.
///
/// ```swift
/// let layout = PageSegmenter().layout(of: drawing)
/// for line in layout.lines { print(line.id, line.strokeIDs.count) }
/// ```
public struct PageSegmenter: Sendable {
    public init() {}

    /// Complexity: about O(n log n + n·L) for n strokes and L lines; a 20-line page takes a few
    /// milliseconds.
    public func layout(of drawing: Drawing) -> PageLayout {
        var shapes: [StrokeShape] = []
        var empty: [UUID] = []
        for (i, stroke) in drawing.strokes.enumerated() {
            let shape = StrokeShape(order: i, stroke: stroke)
            if shape.points.isEmpty { empty.append(stroke.id) } else { shapes.append(shape) }
        }
        guard !shapes.isEmpty else { return PageLayout(drawingStrokeIDs: empty) }
        let scale = InkScale(shapes: shapes)
        let u = scale.unit
        let primitives = shapes.map(PrimitiveClassifier(unit: u).classify)
        let parts = MarkAssembler(unit: u).assemble(shapes: shapes, primitives: primitives)
        var marks = parts.marks
        var writing = parts.writing
        var page = writingLayout(shapes: shapes, writing: writing, unit: u)
        // Twice, since the lines change when strokes move and a mark's role may change with them.
        let classifier = PrimitiveClassifier(unit: u)
        for _ in 0..<2 {
            // Short straight strokes and small loops that relate to nothing are dashes and letters.
            let resolver = MarkResolver(page: page.geometry)
            let demoted = marks.filter(resolver.isWritingAfterAll)
            // Brackets over two short lines of a dense page are shorter than the default bound;
            // a tall letter among them was written in the course of its line.
            let promoted = writing.compactMap { i -> MarkCandidate? in
                guard case .tall(let kind, let opens)? = classifier.tallMark(shapes[i], minHeight: 1.3 * page.geometry.pitch),
                      standsApart(i, shapes: shapes, writing: writing, unit: u) else { return nil }
                let candidate = MarkCandidate(shape: .tall(kind, opensRight: opens), members: [i], bounds: shapes[i].bounds)
                return resolver.lineWrittenAround(candidate) == nil ? candidate : nil
            }
            guard !demoted.isEmpty || !promoted.isEmpty else { break }
            let moved = Set(demoted.flatMap(\.members))
            marks.removeAll { $0.members.contains(where: moved.contains) }
            marks += promoted
            let taken = Set(promoted.flatMap(\.members))
            writing = (writing + moved).filter { !taken.contains($0) }.sorted()
            page = writingLayout(shapes: shapes, writing: writing, unit: u)
        }
        let (layoutMarks, resolved) = MarkResolver(page: page.geometry).resolve(marks)
        let relations = resolved + annotations(page: page.geometry, clusters: page.clusters)
        return PageLayout(
            lines: page.lines, clusters: page.clusters, marks: layoutMarks, relations: relations,
            drawingStrokeIDs: parts.drawing.map { shapes[$0].id } + empty)
    }

    /// No writing beside the middle of the stroke: a tall letter touches its word, a bracket
    /// stands in the margin (its ends may come near the lines it spans).
    private func standsApart(_ i: Int, shapes: [StrokeShape], writing: [Int], unit: Double) -> Bool {
        let b = shapes[i].bounds
        let zone = b.insetBy(dx: -0.3 * unit, dy: 0.2 * b.height)
        return !writing.contains { $0 != i && shapes[$0].bounds.intersects(zone) }
    }

    private struct WritingLayout {
        var geometry: PageGeometry
        var lines: [LayoutLine]
        var clusters: [LayoutCluster]
    }

    /// Lines, words and clusters of the writing strokes.
    private func writingLayout(shapes: [StrokeShape], writing: [Int], unit u: Double) -> WritingLayout {
        let grouped = LineGrouper(unit: u).lines(shapes: shapes, writing: writing)
        let clusters = ClusterDetector(unit: u).clusters(of: grouped, shapes: shapes)
        let wordGrouper = WordGrouper(unit: u)
        var geometryLines: [PageGeometry.Line] = []
        var layoutLines: [LayoutLine] = []
        var layoutClusters: [LayoutCluster] = []
        for (clusterID, cluster) in clusters.enumerated() {
            var lineIDs: [Int] = []
            for index in cluster.lines {
                let line = grouped[index]
                let id = layoutLines.count
                lineIDs.append(id)
                let (top, bottom) = core(of: line, shapes: shapes)
                let words = wordGrouper.words(of: line.members, shapes: shapes, xHeight: bottom - top)
                let wordBounds = words.map { $0.reduce(CGRect.null) { $0.union(shapes[$1].bounds) } }
                geometryLines.append(PageGeometry.Line(
                    id: id, clusterID: clusterID, clusterKind: cluster.kind, members: line.members, bounds: line.bounds,
                    fit: line.fit, coreTop: top, coreBottom: bottom, words: words, wordBounds: wordBounds))
                layoutLines.append(LayoutLine(
                    id: id, strokeIDs: line.members.map { shapes[$0].id }, bounds: line.bounds,
                    words: zip(words, wordBounds).map { LayoutWord(strokeIDs: $0.0.map { shapes[$0].id }, bounds: $0.1) },
                    clusterID: clusterID))
            }
            layoutClusters.append(LayoutCluster(id: clusterID, kind: cluster.kind, lineIDs: lineIDs, bounds: cluster.bounds))
        }
        let geometry = PageGeometry(lines: geometryLines, shapes: shapes, unit: u, pitch: pitch(of: geometryLines, unit: u))
        return WritingLayout(geometry: geometry, lines: layoutLines, clusters: layoutClusters)
    }

    /// The band holding the body of the letters, as offsets from the fitted centre line.
    private func core(of line: LineGrouper.Line, shapes: [StrokeShape]) -> (Double, Double) {
        var offsets: [Double] = []
        for m in line.members {
            let pts = shapes[m].points
            let step = max(1, pts.count / 16)
            for k in stride(from: 0, to: pts.count, by: step) { offsets.append(pts[k].y - line.fit.y(at: pts[k].x)) }
        }
        return (quantile(offsets, 0.2), quantile(offsets, 0.8))
    }

    private func pitch(of lines: [PageGeometry.Line], unit: Double) -> Double {
        var gaps: [Double] = []
        for a in lines {
            let ca = a.fit.y(at: a.bounds.midX)
            let below = lines.filter { $0.bounds.minX < a.bounds.maxX && $0.bounds.maxX > a.bounds.minX }
                .map { $0.fit.y(at: $0.bounds.midX) - ca }.filter { $0 > 1.5 * unit }
            if let next = below.min() { gaps.append(next) }
        }
        return gaps.count >= 2 ? min(max(median(gaps), 1.5 * unit), 10 * unit) : 4.5 * unit
    }

    /// A margin note annotates the body line beside its first line.
    private func annotations(page: PageGeometry, clusters: [LayoutCluster]) -> [LayoutRelation] {
        let body = page.lines.filter { $0.clusterKind == .body }
        return clusters.filter { $0.kind == .marginNote }.compactMap { cluster in
            guard let first = cluster.lineIDs.first else { return nil }
            let note = page.lines[first]
            let y = note.fit.y(at: note.bounds.midX)
            let nearest = body.min { abs($0.fit.y(at: $0.bounds.midX) - y) < abs($1.fit.y(at: $1.bounds.midX) - y) }
            guard let nearest, abs(nearest.fit.y(at: nearest.bounds.midX) - y) <= page.pitch else { return nil }
            return LayoutRelation(kind: .annotates, from: .cluster(cluster.id), to: [.line(nearest.id)])
        }
    }
}
