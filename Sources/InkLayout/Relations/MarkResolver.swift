import Foundation

/// Settles what each mark candidate is from where it sits among the writing, and what it
/// relates to: an underline to the words above it, an enclosure to the words inside, a
/// strike-through to the words it crosses, an arrow from the element at its tail to the one at
/// its head, a bracket to the lines it spans.
struct MarkResolver: Sendable {
    let page: PageGeometry

    private var unit: Double { page.unit }

    func resolve(_ candidates: [MarkCandidate]) -> (marks: [LayoutMark], relations: [LayoutRelation]) {
        var marks: [LayoutMark] = []
        var relations: [LayoutRelation] = []
        for candidate in candidates.sorted(by: { $0.members[0] < $1.members[0] }) {
            let id = marks.count
            let ids = candidate.members.map { page.shapes[$0].id }
            var mark = LayoutMark(id: id, kind: .connector, strokeIDs: ids, bounds: candidate.bounds)
            var targets: [LayoutRelation.Element] = []
            var kind = LayoutRelation.Kind.marks
            var from = LayoutRelation.Element.mark(id)
            switch candidate.shape {
            case .straight(let angle):
                let s = page.shapes[candidate.members[0]]
                if let (k, words) = horizontalRole(s, angle: angle) {
                    mark.kind = k; targets = words
                } else if abs(angle) > 1.2, s.chord >= 5.5 * unit {
                    mark.kind = .bracket; kind = .spans
                    targets = spannedLines(candidate.bounds, opensRight: nil)
                } else {
                    mark.kind = .connector; kind = .points
                    mark.tail = s.start; mark.head = s.end
                    let reach = 2.5 * unit
                    if let a = page.element(near: s.start, reach: reach), let b = page.element(near: s.end, reach: reach), a != b {
                        from = a; targets = [b]
                    }
                }
            case .enclosure(let k):
                mark.kind = k
                targets = enclosedWords(candidate)
            case .arrow(let tail, let head):
                mark.kind = .arrow; kind = .points
                mark.tail = tail; mark.head = head
                let reach = 3 * unit
                let along = CGPoint(x: head.x - tail.x, y: head.y - tail.y)
                if let b = page.element(pointedAt: head, direction: along, reach: reach) {
                    targets = [b]
                    let back = CGPoint(x: -along.x, y: -along.y)
                    if let a = page.element(pointedAt: tail, direction: back, reach: reach), a != b { from = a }
                }
            case .tall(let k, let opens):
                mark.kind = k; kind = .spans
                targets = spannedLines(candidate.bounds, opensRight: opens)
            case .check, .cross:
                mark.kind = candidate.shape == .check ? .check : .cross
                if let line = lineBeside(candidate.bounds) { targets = [.line(line)] }
            }
            marks.append(mark)
            if !targets.isEmpty { relations.append(LayoutRelation(kind: kind, from: from, to: targets, mark: id)) }
        }
        return (marks, relations)
    }

    /// Whether a candidate is better read as writing once the lines are known: a dash between
    /// words (level, short, crossing no word), a straight stroke or loop inside a line that
    /// relates to nothing (a long letter stroke, a capital's loop).
    func isWritingAfterAll(_ candidate: MarkCandidate) -> Bool {
        let u = unit
        switch candidate.shape {
        case .straight(let angle):
            let s = page.shapes[candidate.members[0]]
            if let (kind, words) = horizontalRole(s, angle: angle) {
                if words.isEmpty { return s.chord < 6 * u }
                // One underlines a word once it is written: a level stroke under a word that is
                // still being written is one of its letters (the foot of an E, L or Z).
                if kind == .underline, writtenBefore(words, candidate) { return true }
                // A short bar through letters is a letter's (a t's, an f's, a hyphen) when it
                // was written with them; drawn later and elsewhere, it marks them.
                if kind == .strikethrough { return s.chord < 3.5 * u && lineWrittenAround(candidate) != nil }
                // A short bar across the letters of a line below the one it would underline is
                // a t's or T's crossbar.
                guard s.chord < 4 * u else { return false }
                let underlined = underlinedLine(s)
                return crossesInk(s, exceptLine: underlined) || writtenWithinAnotherLine(s, underlined: underlined)
            }
            if abs(angle) <= 0.35 { return s.chord < 4 * u || lineWrittenAround(candidate) != nil }
            if abs(angle) > 1.2, s.chord >= 5.5 * u { return false }
            // Written in the course of a line and lying in it: a letter's stroke.
            if s.chord < 4 * u, lineWrittenAround(candidate) != nil { return true }
            let reach = 2.5 * u
            if let a = page.element(near: s.start, reach: reach), let b = page.element(near: s.end, reach: reach), a != b { return false }
            // A straight stroke that joins nothing, among the letters of a line, is a letter's.
            return page.lines.contains { $0.bounds.intersects(candidate.bounds) }
        case .enclosure:
            guard candidate.bounds.width < 6 * u && candidate.bounds.height < 6 * u else { return false }
            // A loop of a letter may hold a dot or a comma; an enclosure holds a word, which
            // fills a good part of it.
            let held = enclosedWords(candidate).reduce(CGRect.null) { r, element in
                guard case .word(let line, let index) = element else { return r }
                return r.union(page.lines[line].wordBounds[index])
            }
            let area = candidate.bounds.width * candidate.bounds.height
            return held.isNull || held.width * held.height < 0.1 * area
        case .arrow(let tail, let head):
            // A short "arrow" written in the course of a line and lying in it is a letter (a k,
            // a t, a 4) whose strokes happen to look like a shaft and a head.
            return tail.distance(to: head) < 4 * u && lineWrittenAround(candidate) != nil
        default:
            return false
        }
    }

    /// Whether the candidate was drawn before the last stroke (dots aside) of the words it
    /// would mark, or before a stroke of their line written over it (the letter after an L).
    private func writtenBefore(_ words: [LayoutRelation.Element], _ candidate: MarkCandidate) -> Bool {
        let first = candidate.members.min()!
        let b = candidate.bounds
        return words.contains { element in
            guard case .word(let lineID, let index) = element, let line = page.lines.first(where: { $0.id == lineID }) else { return false }
            if line.words[index].contains(where: { $0 > first && page.shapes[$0].size >= 0.7 * unit }) { return true }
            return line.members.contains { m in
                let s = page.shapes[m]
                return m > first && s.size >= 0.7 * unit && s.bounds.minX < b.maxX && s.bounds.maxX > b.minX && s.bounds.midY < b.midY
            }
        }
    }

    /// The line whose writing the candidate was drawn in the course of: the stroke drawn just
    /// before or just after it lies within 1.5 units of it and in a line whose box holds the
    /// candidate's centre.
    func lineWrittenAround(_ candidate: MarkCandidate) -> Int? {
        let first = candidate.members.min()!, last = candidate.members.max()!
        let centre = CGPoint(x: candidate.bounds.midX, y: candidate.bounds.midY)
        for n in [first - 1, last + 1] where page.shapes.indices.contains(n) {
            guard let line = page.lineOfStroke[page.shapes[n].order] else { continue }
            guard distance(candidate.bounds, page.shapes[n].bounds) <= 1.5 * unit else { continue }
            if page.lines[line].bounds.insetBy(dx: -0.5 * unit, dy: -0.3 * unit).contains(centre) { return line }
        }
        return nil
    }

    /// Strike-through where the stroke runs through the letters of a line (ink just above and
    /// below it along most of its length); underline where it runs under the nearest line above.
    private func horizontalRole(_ s: StrokeShape, angle: Double) -> (LayoutMark.Kind, [LayoutRelation.Element])? {
        guard abs(angle) <= 0.35 else { return nil }
        let x0 = s.bounds.minX, x1 = s.bounds.maxX, xm = (x0 + x1) / 2
        let y = s.points.map(\.y).reduce(0, +) / Double(s.points.count)
        var through: (line: PageGeometry.Line, fraction: Double)?
        var above: (line: PageGeometry.Line, offset: Double)?
        for line in page.lines {
            let overlap = min(x1, line.bounds.maxX) - max(x0, line.bounds.minX)
            guard overlap >= 0.3 * (x1 - x0) else { continue }
            let offset = y - line.fit.y(at: min(max(xm, line.bounds.minX), line.bounds.maxX))
            let core = max(line.coreBottom - line.coreTop, 0.3 * unit)
            // Through the letters' feet (the core's bottom quarter) is under them, not through
            // them: an underline drawn into the word it marks.
            if offset >= line.coreTop - 0.5 * core, offset <= line.coreBottom - 0.25 * core {
                let f = crossedFraction(s, line: line, core: core)
                if f >= 0.35, f > (through?.fraction ?? 0) { through = (line, f) }
            }
            if offset > line.coreBottom - 0.3 * core, offset <= line.coreBottom + 0.7 * page.pitch, offset < (above?.offset ?? .infinity) {
                above = (line, offset)
            }
        }
        let kind: LayoutMark.Kind
        let line: PageGeometry.Line
        if let through { kind = .strikethrough; line = through.line } else if let above { kind = .underline; line = above.line } else { return nil }
        let words = line.wordBounds.indices.filter { k in
            let b = line.wordBounds[k]
            let overlap = min(x1, b.maxX) - max(x0, b.minX)
            return overlap >= 0.5 * b.width || overlap >= 0.8 * (x1 - x0)
        }
        return (kind, words.map { wordElement(line, $0) })
    }

    private func underlinedLine(_ s: StrokeShape) -> Int? {
        guard let (_, words) = horizontalRole(s, angle: foldedAngle(s.start, s.end)), case .word(let line, _)? = words.first else { return nil }
        return line
    }

    /// Written between two strokes of one line (in time) and lying on that line: part of it,
    /// unless that is the very line it would underline.
    private func writtenWithinAnotherLine(_ s: StrokeShape, underlined: Int?) -> Bool {
        let before = page.lineOfStroke[s.order - 1], after = page.lineOfStroke[s.order + 1]
        if let line = before, line == after, line != underlined,
           page.lines[line].bounds.insetBy(dx: -0.5 * unit, dy: -0.3 * unit).contains(CGPoint(x: s.bounds.midX, y: s.bounds.midY)) {
            return true
        }
        // The first or last stroke of a line (a capital's bar, a hyphen) has one neighbour there.
        let index = page.shapes.firstIndex { $0.order == s.order }!
        guard let line = lineWrittenAround(MarkCandidate(shape: .straight(angle: 0), members: [index], bounds: s.bounds)) else { return false }
        return line != underlined
    }

    /// Whether the stroke crosses or touches a writing stroke of any line but `exceptLine` (an
    /// F's top bar meets its stem without crossing it). O(points nearby).
    private func crossesInk(_ s: StrokeShape, exceptLine: Int?) -> Bool {
        let touch = 0.2 * unit
        let zone = s.bounds.insetBy(dx: -touch, dy: -touch)
        for line in page.lines where line.id != exceptLine && line.bounds.intersects(zone) {
            for m in line.members where page.shapes[m].bounds.intersects(zone) {
                let pts = page.shapes[m].points
                for i in pts.indices.dropFirst() {
                    for k in s.points.indices.dropFirst() where Polyline.segmentsIntersect(pts[i - 1], pts[i], s.points[k - 1], s.points[k]) {
                        return true
                    }
                }
                for p in pts where zone.contains(p) {
                    for k in s.points.indices.dropFirst() where Polyline.distanceToSegment(p, s.points[k - 1], s.points[k]) <= touch {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// The fraction of the stroke's length along which the line's ink lies both just above and
    /// just below it: high for a stroke through letters, low under them.
    private func crossedFraction(_ s: StrokeShape, line: PageGeometry.Line, core: Double) -> Double {
        let samples = 16
        let x0 = s.bounds.minX, width = max(s.bounds.width, 1e-9)
        var above = [Bool](repeating: false, count: samples), below = above
        let band = 0.3 * unit
        for m in line.members where page.shapes[m].bounds.maxX >= x0 && page.shapes[m].bounds.minX <= s.bounds.maxX {
            for p in page.shapes[m].points {
                let k = Int((p.x - x0) / width * Double(samples))
                guard k >= 0, k < samples else { continue }
                let y = s.start.y + (s.end.y - s.start.y) * (p.x - s.start.x) / max(s.end.x - s.start.x, 1e-9)
                let d = p.y - y
                if d < 0, d > -core - band { above[k] = true }
                if d > 0, d < core + band { below[k] = true }
            }
        }
        return Double(zip(above, below).filter { $0 && $1 }.count) / Double(samples)
    }

    private func wordElement(_ line: PageGeometry.Line, _ k: Int) -> LayoutRelation.Element {
        .word(line: line.id, index: k)
    }

    /// Words with most of their ink inside the enclosure's outline.
    private func enclosedWords(_ candidate: MarkCandidate) -> [LayoutRelation.Element] {
        let outline: [CGPoint]
        if candidate.members.count == 1 {
            outline = page.shapes[candidate.members[0]].points
        } else {
            let b = candidate.bounds
            outline = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
        }
        var result: [LayoutRelation.Element] = []
        var seen = Set<LayoutRelation.Element>()
        for line in page.lines where line.bounds.intersects(candidate.bounds) {
            for (k, word) in line.words.enumerated() where line.wordBounds[k].intersects(candidate.bounds) {
                var inside = 0, total = 0
                for m in word {
                    for p in page.shapes[m].points { total += 1; if Polyline.contains(outline, p) { inside += 1 } }
                }
                if total > 0, Double(inside) >= 0.6 * Double(total) {
                    let e = wordElement(line, k)
                    if seen.insert(e).inserted { result.append(e) }
                }
            }
        }
        return result
    }

    /// Lines whose centre lies within the bracket's height, on its open side and near it.
    private func spannedLines(_ b: CGRect, opensRight: Bool?) -> [LayoutRelation.Element] {
        func lines(right: Bool) -> [Int] {
            page.lines.filter { line in
                let x = right ? line.bounds.minX : line.bounds.maxX
                let gap = right ? x - b.midX : b.midX - x
                guard gap >= -unit, gap <= 12 * unit else { return false }
                let c = line.fit.y(at: x)
                return c >= b.minY - 0.1 * page.pitch && c <= b.maxY + 0.1 * page.pitch
            }.map(\.id)
        }
        let chosen: [Int]
        if let opensRight { chosen = lines(right: opensRight) } else {
            let r = lines(right: true), l = lines(right: false)
            chosen = r.count >= l.count ? r : l
        }
        return chosen.map { .line($0) }
    }

    /// The line at the same height as a small mark and near it.
    private func lineBeside(_ b: CGRect) -> Int? {
        var best: Int?, bestGap = 6 * unit
        for line in page.lines {
            let c = line.fit.y(at: min(max(b.midX, line.bounds.minX), line.bounds.maxX))
            guard abs(c - b.midY) <= 0.5 * page.pitch else { continue }
            let gap = max(0, b.minX - line.bounds.maxX, line.bounds.minX - b.maxX)
            if gap <= bestGap { bestGap = gap; best = line.id }
        }
        return best
    }
}
