import Foundation

extension LineGrouper {
    /// Lines side by side that continue each other across a gap no wider than the writer's own
    /// word gaps are one line: handwriting written wide leaves gaps between words that are many
    /// x-heights across, and a sloped line cut at one of them no longer meets the other part's
    /// centre line at the other part's middle. Each part is judged where it faces the other.
    /// A column across an empty strip of the page stays apart, and so does ink beyond a gap
    /// much wider than the gaps between the words of the two parts (a note beside one line).
    /// O(L²·n) for L lines of n strokes.
    func joinWideRows(_ lines: [Line], shapes: [StrokeShape], pitch: Double, strips: [ClosedRange<Double>]) -> [Line] {
        var lines = lines
        var joined = true
        while joined {
            joined = false
            search: for a in lines.indices {
                for b in lines.indices where b != a && lines[b].bounds.minX >= lines[a].bounds.midX {
                    guard continues(lines[a], lines[b], others: lines.indices.filter { $0 != a && $0 != b }.map { lines[$0] },
                                    shapes: shapes, pitch: pitch, strips: strips) else { continue }
                    var line = lines[a]
                    line.members = (line.members + lines[b].members).sorted()
                    line.bounds = line.bounds.union(lines[b].bounds)
                    line.spans += lines[b].spans
                    line.fit = fit(line.members, shapes: shapes)
                    lines[a] = line
                    lines.remove(at: b)
                    joined = true
                    break search
                }
            }
        }
        return lines
    }

    /// Whether `right` goes on where `left` stops.
    private func continues(_ left: Line, _ right: Line, others: [Line], shapes: [StrokeShape], pitch: Double,
                           strips: [ClosedRange<Double>]) -> Bool {
        let x0 = left.bounds.maxX, x1 = right.bounds.minX
        // Side by side: a line written over another's ink is another line.
        guard x1 >= x0 - unit, x1 - x0 <= maxGap * pitch else { return false }
        let gap = max(0, x1 - x0)
        if gap > 0, strips.contains(where: { $0.lowerBound >= x0 - 1e-9 && $0.upperBound <= x1 + 1e-9 }) { return false }
        guard gap <= max(5 * unit, 2.5 * ((wordGaps(left.members, shapes: shapes) + wordGaps(right.members, shapes: shapes)).max() ?? 0)) else { return false }
        let yl = left.fit.y(at: x0), yr = right.fit.y(at: x1)
        guard abs(yl - yr) <= 0.45 * pitch else { return false }
        // Ink of a third line in the gap, level with the two: the parts are not neighbours.
        let lo = min(yl, yr) - 0.3 * pitch, hi = max(yl, yr) + 0.3 * pitch
        return !others.contains { o in
            o.bounds.maxX > x0 && o.bounds.minX < x1 && o.bounds.maxY > lo && o.bounds.minY < hi
        }
    }

    /// The gaps between the x-extents of the letters of one line (dots and bars left out): the
    /// spaces the writer leaves within and between words, in drawing units.
    private func wordGaps(_ members: [Int], shapes: [StrokeShape]) -> [Double] {
        let spans = members.filter { !isSmall(shapes[$0]) }.map { (shapes[$0].bounds.minX, shapes[$0].bounds.maxX) }
            .sorted { $0.0 < $1.0 }
        var gaps: [Double] = []
        guard var right = spans.first?.1 else { return [] }
        for (lo, hi) in spans.dropFirst() {
            if lo > right { gaps.append(lo - right) }
            right = max(right, hi)
        }
        return gaps
    }
}
