import Foundation

/// Splits writing strokes into lines.
///
/// Two passes. First, strokes are followed in drawing order into *chains*: a stroke joins the
/// chain being written when it sits at the same height near its right end, which follows sloped
/// lines naturally. Second, chains are merged into lines, longest first: a chain joins the line
/// whose fitted centre line passes nearest to it at its position, so that dots, crossbars and
/// later edits land in their line whatever their time. Chains separated by a wide horizontal gap
/// (a margin column) stay apart even at the same height.
struct LineGrouper: Sendable {
    let unit: Double
    /// Horizontal gap, in line pitches, beyond which ink at the same height is never one line.
    var maxGap: Double = 4

    struct Line: Sendable {
        var members: [Int]
        var bounds: CGRect
        var fit: LineFit
        /// x-spans of the strokes of long chains in the line: a second long chain over the same
        /// ink is another line, since a line is written once from left to right.
        var spans: [ClosedRange<Double>] = []
    }

    private struct Chain {
        var members: [Int] = []
        var x0 = Double.infinity, x1 = -Double.infinity
        var recentY: [Double] = []
        var recentRight = -Double.infinity
    }

    /// - Parameter writing: indices into `shapes` of the writing strokes, in drawing order.
    /// - Returns: lines with members in drawing order. O(n·L) for n strokes and L lines.
    func lines(shapes: [StrokeShape], writing: [Int]) -> [Line] {
        // Chains once with tolerances in units to measure the line pitch, then again with
        // tolerances that also respect the pitch, since dense pages leave less room.
        let rough = buildChains(shapes: shapes, writing: writing, pitch: .infinity)
        let pitch = estimatePitch(rough, shapes: shapes)
        let chains = buildChains(shapes: shapes, writing: writing, pitch: pitch)
        return oneRow(mergeChains(chains, shapes: shapes, pitch: pitch), shapes: shapes, pitch: pitch)
    }

    /// Lines that together are no taller than most of one line pitch are one line: a single word
    /// or phrase whose capital's bars, quotes or far-flung dots were split off, or a lone line
    /// cut at a wide gap. Pages of several lines are always taller.
    private func oneRow(_ lines: [Line], shapes: [StrokeShape], pitch: Double) -> [Line] {
        guard lines.count > 1 else { return lines }
        let bounds = lines.reduce(CGRect.null) { $0.union($1.bounds) }
        guard bounds.height <= 0.8 * pitch else { return lines }
        var line = lines[0]
        for other in lines.dropFirst() {
            line.members += other.members
            line.bounds = line.bounds.union(other.bounds)
            line.spans += other.spans
        }
        line.members.sort()
        line.fit = fit(line.members, shapes: shapes)
        return [line]
    }

    func isSmall(_ s: StrokeShape) -> Bool { s.size < 0.7 * unit }

    private func buildChains(shapes: [StrokeShape], writing: [Int], pitch: Double) -> [Chain] {
        let u = unit
        var chains: [Chain] = []
        for i in writing {
            let s = shapes[i]
            let small = isSmall(s)
            if var c = chains.last {
                let refY = c.recentY.isEmpty ? s.medianY : c.recentY.reduce(0, +) / Double(c.recentY.count)
                let dy = abs(s.medianY - refY)
                let forward = s.bounds.minX - c.recentRight
                let backOK = s.bounds.minX >= c.recentRight - 4 * u
                // A tall letter next to the last one overlaps it in height though its median differs.
                let last = shapes[c.members.last!].bounds
                let overlap = min(last.maxY, s.bounds.maxY) - max(last.minY, s.bounds.minY)
                let beside = !small && forward <= 1.5 * u && s.bounds.minX >= last.minX && overlap >= 0.6 * min(last.height, s.height)
                let tolerance = small ? min(2 * u, 0.45 * pitch) : min(1.3 * u, 0.4 * pitch)
                if dy <= tolerance || beside, forward <= 5 * u, backOK {
                    c.members.append(i)
                    c.x0 = min(c.x0, s.bounds.minX); c.x1 = max(c.x1, s.bounds.maxX)
                    if !small {
                        c.recentY.append(s.medianY)
                        if c.recentY.count > 3 { c.recentY.removeFirst() }
                        c.recentRight = max(c.recentRight, s.bounds.maxX)
                    }
                    chains[chains.count - 1] = c
                    continue
                }
            }
            var c = Chain()
            c.members = [i]
            c.x0 = s.bounds.minX; c.x1 = s.bounds.maxX
            c.recentY = [s.medianY]
            c.recentRight = s.bounds.maxX
            chains.append(c)
        }
        return chains
    }

    func fit(_ members: [Int], shapes: [StrokeShape]) -> LineFit {
        let big = members.filter { !isSmall(shapes[$0]) }
        let use = big.isEmpty ? members : big
        return LineFit(points: use.map { (shapes[$0].center.x, shapes[$0].medianY, shapes[$0].width + unit) }, minSpan: 6 * unit)
    }

    private func mergeChains(_ chains: [Chain], shapes: [StrokeShape], pitch: Double) -> [Line] {
        let u = unit
        let strips = emptyStrips(chains, shapes: shapes, minWidth: max(1.2 * pitch, 6 * u), pitch: pitch)
        let order = chains.indices.sorted { chains[$0].x1 - chains[$0].x0 > chains[$1].x1 - chains[$1].x0 }
        var lines: [Line] = []
        var lineOf: [Int: Int] = [:]
        for ci in order {
            let c = chains[ci]
            let bounds = c.members.reduce(CGRect.null) { $0.union(shapes[$1].bounds) }
            let cy = median(c.members.map { shapes[$0].medianY })
            let cx = (c.x0 + c.x1) / 2
            // A line's chain is mostly ink along its length; i-dots, t-bars and accents added after
            // a word make a chain just as long but mostly gaps, and belong to the word's line.
            let inkWidth = c.members.reduce(0.0) { $0 + shapes[$1].bounds.width }
            let long = c.members.count >= 3 && c.x1 - c.x0 >= 3 * u && inkWidth >= 0.5 * (c.x1 - c.x0)
            let onlySmall = c.members.allSatisfy { isSmall(shapes[$0]) }
            var best: Int?, bestScore = Double.infinity
            for (li, line) in lines.enumerated() {
                let gap = max(0, c.x0 - line.bounds.maxX, line.bounds.minX - c.x1)
                guard gap <= maxGap * pitch else { continue }
                // A strip of the page empty from top to bottom between them: another column.
                let lo = min(c.x1, line.bounds.maxX), hi = max(c.x0, line.bounds.minX)
                if gap > 0, strips.contains(where: { $0.lowerBound >= lo - 1e-9 && $0.upperBound <= hi + 1e-9 }) { continue }
                let x = min(max(cx, line.bounds.minX), line.bounds.maxX)
                // Dots, accents and apostrophes sit above the letters they belong to: judge small
                // ink against a centre raised a little, and give it more room.
                let dy = onlySmall ? abs(cy - line.fit.y(at: x) + 0.15 * pitch) : abs(cy - line.fit.y(at: x))
                guard dy <= (onlySmall ? 0.6 : 0.45) * pitch else { continue }
                if long, inkOverlap(c.members, line.spans, shapes: shapes) > 0.3 * (c.x1 - c.x0) { continue }
                let score = dy + 0.1 * gap
                if score < bestScore { bestScore = score; best = li }
            }
            // A comma, a dot or a short piece written right after or before a stroke it touches
            // belongs to that stroke's line, whatever its height says.
            if !long, let li = timeNeighbourLine(c.members, bounds: bounds, lineOf: lineOf, shapes: shapes),
               abs(cy - lines[li].fit.y(at: min(max(cx, lines[li].bounds.minX), lines[li].bounds.maxX))) <= 0.8 * pitch {
                best = li
            }
            for m in c.members { lineOf[m] = best ?? lines.count }
            if let li = best {
                lines[li].members += c.members
                lines[li].bounds = lines[li].bounds.union(bounds)
                lines[li].fit = fit(lines[li].members, shapes: shapes)
                if long { lines[li].spans += c.members.map { shapes[$0].bounds.minX...shapes[$0].bounds.maxX } }
            } else {
                lines.append(Line(members: c.members, bounds: bounds, fit: fit(c.members, shapes: shapes), spans: long ? c.members.map { shapes[$0].bounds.minX...shapes[$0].bounds.maxX } : []))
            }
        }
        lines = absorbFragments(lines, shapes: shapes, pitch: pitch)
        lines = joinWideRows(lines, shapes: shapes, pitch: pitch, strips: strips)
        for i in lines.indices { lines[i].members.sort() }
        return lines
    }

    /// How much of the x-extent of `members`' ink lies over ink already in `spans` (a word
    /// inserted between two words overlaps the chain's span, not its ink).
    private func inkOverlap(_ members: [Int], _ spans: [ClosedRange<Double>], shapes: [StrokeShape]) -> Double {
        var total = 0.0
        for m in members {
            let b = shapes[m].bounds
            var best = 0.0
            for span in spans { best = max(best, min(span.upperBound, b.maxX) - max(span.lowerBound, b.minX)) }
            total += best
        }
        return total
    }

    /// The line of the stroke written just before or just after `members`, where that stroke is
    /// within 1.5 units of them.
    private func timeNeighbourLine(_ members: [Int], bounds: CGRect, lineOf: [Int: Int], shapes: [StrokeShape]) -> Int? {
        guard let first = members.first, let last = members.last else { return nil }
        for n in [last + 1, first - 1] {
            guard let line = lineOf[n], shapes.indices.contains(n) else { continue }
            if distance(bounds, shapes[n].bounds) <= 1.5 * unit { return line }
        }
        return nil
    }

    /// A line of one or two small strokes (a capital's bar, a quote mark) that lies within the
    /// height of a real line beside it joins that line.
    private func absorbFragments(_ lines: [Line], shapes: [StrokeShape], pitch: Double) -> [Line] {
        let u = unit
        var lines = lines
        let fragments = lines.indices.filter { lines[$0].members.count <= 2 && lines[$0].bounds.width < 3 * u }
        var removed = Set<Int>()
        let loneLine = lines.indices.filter { !fragments.contains($0) }.count == 1
        for f in fragments {
            let b = lines[f].bounds
            var best: Int?, bestDistance = Double.infinity
            for (li, line) in lines.enumerated() where li != f && !removed.contains(li) && !fragments.contains(li) {
                let gap = max(0, b.minX - line.bounds.maxX, line.bounds.minX - b.maxX)
                guard gap <= 1.5 * u else { continue }
                let center = line.fit.y(at: min(max(b.midX, line.bounds.minX), line.bounds.maxX))
                let d = abs(b.midY - center)
                // Dots may sit above the first line's ink; anything larger must lie within a line,
                // unless the page is one line (a word, a short phrase): an apostrophe, a quote
                // mark or an i-dot drawn as a dash just above it belongs to it.
                let small = lines[f].members.allSatisfy { isSmall(shapes[$0]) }
                let beside = loneLine && isJustBeyond(b, line.bounds)
                guard d <= (beside ? 1.5 : 0.75) * pitch,
                      small || beside || (b.midY >= line.bounds.minY && b.midY <= line.bounds.maxY) else { continue }
                if d < bestDistance { bestDistance = d; best = li }
            }
            if let li = best {
                lines[li].members = (lines[li].members + lines[f].members).sorted()
                lines[li].bounds = lines[li].bounds.union(b)
                removed.insert(f)
            }
        }
        lines = lines.indices.filter { !removed.contains($0) }.map { lines[$0] }
        return absorbByTime(lines, shapes: shapes, pitch: pitch)
    }

    /// Whether `bounds` lies above or below `line`, within 1.5 units of its ink.
    private func isJustBeyond(_ bounds: CGRect, _ line: CGRect) -> Bool {
        guard bounds.midY < line.minY || bounds.midY > line.maxY else { return false }
        return max(line.minY - bounds.maxY, bounds.minY - line.maxY) <= 1.5 * unit
    }

    /// Two lines joined where the pen went from one straight on to the other: consecutive
    /// strokes within 1.5 units of each other, at heights within 0.6 pitches of each other where
    /// they meet. A line of a few strokes (a capital, a quote mark) may lie over the other's
    /// ink; longer ones must lie side by side (the first words of a line begun a little apart
    /// or a step lower). O(n) for n strokes.
    private func absorbByTime(_ lines: [Line], shapes: [StrokeShape], pitch: Double) -> [Line] {
        var lineOf = [Int](repeating: -1, count: shapes.count)
        for (li, line) in lines.enumerated() { for m in line.members { lineOf[m] = li } }
        var parent = Array(lines.indices)
        func find(_ x: Int) -> Int { var x = x; while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }; return x }
        func small(_ line: Line) -> Bool { line.members.count <= 4 && line.bounds.width < 4 * unit && line.spans.isEmpty }
        for i in shapes.indices.dropLast() {
            let la = lineOf[i], lb = lineOf[i + 1]
            guard la >= 0, lb >= 0, find(la) != find(lb) else { continue }
            let a = shapes[i].bounds, b = shapes[i + 1].bounds
            guard distance(a, b) <= 1.5 * unit else { continue }
            let A = lines[la], B = lines[lb]
            let overlap = min(A.bounds.maxX, B.bounds.maxX) - max(A.bounds.minX, B.bounds.minX)
            guard small(A) || small(B) || overlap <= unit else { continue }
            let x = (a.midX + b.midX) / 2
            let ya = A.fit.y(at: min(max(x, A.bounds.minX), A.bounds.maxX)), yb = B.fit.y(at: min(max(x, B.bounds.minX), B.bounds.maxX))
            guard abs(ya - yb) <= 0.6 * pitch else { continue }
            parent[find(la)] = find(lb)
        }
        var groups: [Int: [Int]] = [:]
        for li in lines.indices { groups[find(li), default: []].append(li) }
        guard groups.count < lines.count else { return lines }
        return groups.values.sorted { $0[0] < $1[0] }.map { group in
            guard group.count > 1 else { return lines[group[0]] }
            var line = lines[group[0]]
            for li in group.dropFirst() {
                line.members += lines[li].members
                line.bounds = line.bounds.union(lines[li].bounds)
                line.spans += lines[li].spans
            }
            line.members.sort()
            line.fit = fit(line.members, shapes: shapes)
            return line
        }
    }

    /// Vertical strips of the page that no writing crosses, at least `minWidth` wide: the space
    /// between the body and a margin column.
    private func emptyStrips(_ chains: [Chain], shapes: [StrokeShape], minWidth: Double, pitch: Double) -> [ClosedRange<Double>] {
        let spans = chains.map { c in (c.x0, c.x1, median(c.members.map { shapes[$0].medianY })) }.sorted { $0.0 < $1.0 }
        var strips: [ClosedRange<Double>] = []
        guard var right = spans.first?.1 else { return [] }
        for (x0, x1, _) in spans.dropFirst() {
            if x0 - right >= minWidth { strips.append(right...x0) }
            right = max(right, x1)
        }
        // Only a strip beside a column of several lines separates columns; a wide gap inside a
        // lone line (a note of two words) does not.
        func rows(_ ys: [Double]) -> Int {
            var count = 0, last = -Double.infinity
            for y in ys.sorted() where y - last > 0.5 * pitch { count += 1; last = y }
            return count
        }
        return strips.filter { strip in
            let left = spans.filter { $0.1 <= strip.lowerBound + 1e-9 && $0.1 >= strip.lowerBound - 3 * pitch }.map(\.2)
            let right = spans.filter { $0.0 >= strip.upperBound - 1e-9 && $0.0 <= strip.upperBound + 3 * pitch }.map(\.2)
            return max(rows(left), rows(right)) >= 3
        }
    }

    /// Distance between the centres of vertically neighbouring long chains; 4.5 units where the
    /// page has too few lines to tell.
    private func estimatePitch(_ chains: [Chain], shapes: [StrokeShape]) -> Double {
        let u = unit
        let long = chains.filter { $0.x1 - $0.x0 >= 5 * u }.map { c in (c.x0, c.x1, median(c.members.map { shapes[$0].medianY })) }
        var gaps: [Double] = []
        for a in long {
            var nearest = Double.infinity
            for b in long where b.2 > a.2 + 1.5 * u && min(a.1, b.1) - max(a.0, b.0) > 0 {
                nearest = min(nearest, b.2 - a.2)
            }
            if nearest.isFinite { gaps.append(nearest) }
        }
        let pitch = gaps.count >= 2 ? median(gaps) : 4.5 * u
        return min(max(pitch, 2.5 * u), 10 * u)
    }
}
