import Foundation

/// A mark before its meaning on the page is settled: its strokes and shape.
struct MarkCandidate: Sendable {
    enum Shape: Sendable, Equatable {
        /// A straight line, to become an underline, strike-through or connector by its position.
        case straight(angle: Double)
        case enclosure(LayoutMark.Kind)
        case arrow(tail: CGPoint, head: CGPoint)
        case tall(LayoutMark.Kind, opensRight: Bool?)
        case check
        case cross
    }
    var shape: Shape
    /// Indices into the page's shapes, in drawing order.
    var members: [Int]
    var bounds: CGRect
}

/// Groups strokes into marks: single-stroke marks from their primitive, and marks drawn in
/// several strokes (an arrow as shaft and head, a box in two to four strokes, a cross).
struct MarkAssembler: Sendable {
    let unit: Double

    struct Result {
        var marks: [MarkCandidate]
        var writing: [Int]
        var drawing: [Int]
    }

    /// O(n + k²) for n strokes of which k look like parts of marks.
    func assemble(shapes: [StrokeShape], primitives: [StrokePrimitive]) -> Result {
        var used = [Bool](repeating: false, count: shapes.count)
        var marks: [MarkCandidate] = []
        func add(_ shape: MarkCandidate.Shape, _ members: [Int]) {
            for m in members { used[m] = true }
            let bounds = members.reduce(CGRect.null) { $0.union(shapes[$1].bounds) }
            marks.append(MarkCandidate(shape: shape, members: members.sorted(), bounds: bounds))
        }

        // Boxes drawn as several straight sides or corners whose ends meet.
        for group in boxGroups(shapes: shapes, primitives: primitives) { add(.enclosure(.box), group) }

        // Arrows drawn as a shaft and a separate V head near one end. A steep shaft may be
        // shorter than a straight mark alone, since the head confirms it; an upright one is a
        // bracket's shape until a head is found at its end.
        let shafts = shapes.indices.filter { i in
            if case .straight = primitives[i] { return true }
            if case .tall = primitives[i] { return shapes[i].straightness >= 0.97 }
            if case .writing = primitives[i] { return shapes[i].straightness >= 0.96 && shapes[i].chord >= 3 * unit }
            return false
        }
        for i in shafts where !used[i] {
            if let (head, tail, headIndex) = separateHead(for: i, shapes: shapes, used: used) {
                add(.arrow(tail: tail, head: head), [i, headIndex])
            }
        }
        // Crosses: two short straight strokes crossing near their middles, apart from writing.
        for i in shapes.indices.dropLast() where !used[i] && !used[i + 1] {
            if isCross(shapes[i], shapes[i + 1]), isolated([i, i + 1], shapes: shapes) { add(.cross, [i, i + 1]) }
        }
        var drawing: [Int] = []
        let hasWriting = shapes.indices.contains { i in
            if !used[i], case .writing = primitives[i] { return true }
            return false
        }
        for i in shapes.indices where !used[i] {
            switch primitives[i] {
            case .straight(let angle): add(.straight(angle: angle), [i])
            case .enclosure(let kind): add(.enclosure(kind), [i])
            case .arrow(let tail, let head): add(.arrow(tail: tail, head: head), [i])
            case .tall(let kind, let opens): add(.tall(kind, opensRight: opens), [i])
            // A tick marks writing; a lone check-shaped stroke on a page without writing is a
            // word written in one stroke ("cause").
            case .check: if isolated([i], shapes: shapes), hasWriting { add(.check, [i]) }
            case .drawing: drawing.append(i); used[i] = true
            case .writing: break
            }
        }
        let writing = shapes.indices.filter { !used[$0] }
        return Result(marks: marks, writing: writing, drawing: drawing)
    }

    /// A V-shaped stroke whose vertex sits at one end of the shaft and opens back along it.
    private func separateHead(for shaftIndex: Int, shapes: [StrokeShape], used: [Bool]) -> (CGPoint, CGPoint, Int)? {
        let shaft = shapes[shaftIndex]
        let reach = max(0.8 * unit, 0.12 * shaft.chord)
        // Heads are drawn just before or after the shaft; look at the nearest strokes in time first.
        let nearby = [shaftIndex + 1, shaftIndex - 1, shaftIndex + 2, shaftIndex - 2].filter { shapes.indices.contains($0) && !used[$0] }
        for j in nearby {
            let v = shapes[j]
            guard v.size <= 0.6 * shaft.chord, v.size >= 0.25 * unit else { continue }
            let poly = v.simplified(tolerance: 0.15 * v.size)
            guard poly.count == 3 || poly.count == 4 else { continue }
            // The tip: the vertex where the stroke turns most.
            var tipIndex = 1, sharpest = 0.0
            for k in 1..<(poly.count - 1) {
                let t = abs(turnAngle(poly[k - 1], poly[k], poly[k + 1]))
                if t > sharpest { sharpest = t; tipIndex = k }
            }
            guard sharpest >= 1.6 else { continue }
            let tip = poly[tipIndex]
            for (end, other) in [(shaft.end, shaft.start), (shaft.start, shaft.end)] where tip.distance(to: end) <= reach {
                let mid = CGPoint(x: (poly.first!.x + poly.last!.x) / 2, y: (poly.first!.y + poly.last!.y) / 2)
                let open = (mid.x - tip.x, mid.y - tip.y), back = (other.x - end.x, other.y - end.y)
                let cosine = (open.0 * back.0 + open.1 * back.1) / max(hypot(open.0, open.1) * hypot(back.0, back.1), 1e-12)
                // Heads are drawn after their shafts; the stroke just before an underline is
                // most often the last letter of the word it underlines, so a head drawn first
                // must spread further to both sides.
                let margin = (j < shaftIndex ? 0.15 : 0.05) * v.size
                if cosine >= 0.6, straddles(poly, tipIndex: tipIndex, lineFrom: other, to: end, margin: margin) {
                    return (end, other, j)
                }
            }
        }
        return nil
    }

    /// Whether the head's vertices other than its tip reach at least `margin` to each side of
    /// the shaft's line: a head's barbs spread both ways from the shaft, where the last letter
    /// of a word underlined up to its end (an e, a c) sits wholly on one side of it.
    private func straddles(_ poly: [CGPoint], tipIndex: Int, lineFrom a: CGPoint, to b: CGPoint, margin: Double) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y, n = max(hypot(dx, dy), 1e-12)
        let sides = poly.indices.filter { $0 != tipIndex }.map { k in (dx * (poly[k].y - b.y) - dy * (poly[k].x - b.x)) / n }
        return (sides.max() ?? 0) >= margin && (sides.min() ?? 0) <= -margin
    }

    /// Straight pieces (single segments or corners) that chain end to end around a rectangle.
    private func boxGroups(shapes: [StrokeShape], primitives: [StrokePrimitive]) -> [[Int]] {
        var pieces: [Int] = []
        for i in shapes.indices {
            let s = shapes[i]
            guard s.length >= unit else { continue }
            if case .straight = primitives[i] { pieces.append(i); continue }
            // A long upright side reads as a bracket on its own, a large corner as a doodle.
            switch primitives[i] {
            case .writing, .drawing: break
            case .tall where s.straightness >= 0.95: break
            default: continue
            }
            // A short side: straight, but too short to be a mark on its own (the box around a
            // word of small writing may be little more than a unit tall).
            if s.straightness >= 0.95 { pieces.append(i); continue }
            guard s.length >= 1.5 * unit else { continue }
            guard s.size >= 2 * unit else { continue }
            // A corner or a U: two or three sides with right-angle turns.
            let poly = s.simplified(tolerance: 0.08 * s.size)
            guard poly.count == 3 || poly.count == 4 else { continue }
            let rightAngles = (1..<(poly.count - 1)).allSatisfy { abs(abs(turnAngle(poly[$0 - 1], poly[$0], poly[$0 + 1])) - .pi / 2) < 0.5 }
            let axisAligned = (1..<poly.count).allSatisfy { k in
                let a = abs(foldedAngle(poly[k - 1], poly[k])); return a < 0.35 || a > 1.22
            }
            if rightAngles && axisAligned { pieces.append(i) }
        }
        guard pieces.count >= 2 else { return [] }
        // Pieces link when an end of one is near an end of the other and they were drawn one
        // after the other, so that straight letters nearby do not join a box.
        var parent = Array(0..<pieces.count)
        func find(_ x: Int) -> Int { var x = x; while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }; return x }
        for a in pieces.indices {
            for b in pieces.indices where b > a && pieces[b] - pieces[a] <= 2 {
                let sa = shapes[pieces[a]], sb = shapes[pieces[b]]
                let tolerance = max(0.8 * unit, 0.15 * min(sa.size, sb.size))
                let close = [sa.start, sa.end].contains { p in [sb.start, sb.end].contains { p.distance(to: $0) <= tolerance } }
                if close { parent[find(a)] = find(b) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for a in pieces.indices { groups[find(a), default: []].append(pieces[a]) }
        func isBox(_ group: [Int]) -> Bool {
            guard group.count >= 2, group.count <= 4 else { return false }
            let points = group.flatMap { shapes[$0].points }
            let bounds = CGRect.bounding(points)
            guard bounds.width >= 2 * unit, bounds.height >= unit else { return false }
            // Every side of the rectangle must be inked: count points near each side.
            let side = 0.15 * min(bounds.width, bounds.height)
            let top = points.contains { $0.y - bounds.minY <= side && abs($0.x - bounds.midX) < bounds.width / 4 }
            let bottom = points.contains { bounds.maxY - $0.y <= side && abs($0.x - bounds.midX) < bounds.width / 4 }
            let left = points.contains { $0.x - bounds.minX <= side && abs($0.y - bounds.midY) < bounds.height / 4 }
            let right = points.contains { bounds.maxX - $0.x <= side && abs($0.y - bounds.midY) < bounds.height / 4 }
            return top && bottom && left && right && PrimitiveClassifier.enclosureShape(points: points, bounds: bounds, cornerTolerance: 0.25) == .box
        }
        // A box is drawn in consecutive strokes: where a group also holds a mark drawn just
        // before or after it whose end comes near a corner (an underline, an arrow's shaft),
        // the box is the run of two to four of its pieces that closes.
        var boxes: [[Int]] = []
        for group in groups.values.map({ $0.sorted() }) {
            if isBox(group) { boxes.append(group); continue }
            guard group.count > 2 else { continue }
            var start = 0
            search: while start < group.count - 1 {
                for size in stride(from: min(4, group.count - start), through: 2, by: -1) {
                    let run = Array(group[start..<(start + size)])
                    if isBox(run) { boxes.append(run); start += size; continue search }
                }
                start += 1
            }
        }
        return boxes
    }

    private func isCross(_ a: StrokeShape, _ b: StrokeShape) -> Bool {
        guard a.straightness >= 0.9, b.straightness >= 0.9, a.chord >= 1.5 * unit, b.chord >= 1.5 * unit else { return false }
        // The strokes of a cross are diagonal; a t's are upright and level.
        let diagonal = (0.35...1.22).contains(abs(foldedAngle(a.start, a.end))) && (0.35...1.22).contains(abs(foldedAngle(b.start, b.end)))
        guard diagonal else { return false }
        guard max(a.chord, b.chord) <= 2 * min(a.chord, b.chord), max(a.chord, b.chord) <= 8 * unit else { return false }
        guard Polyline.segmentsIntersect(a.start, a.end, b.start, b.end) else { return false }
        let angle = abs(foldedAngle(a.start, a.end) - foldedAngle(b.start, b.end))
        let between = min(angle, .pi - angle)
        guard between >= 0.8 else { return false }
        // Crossing near both middles, unlike a t or a plus sign written in a word.
        return abs(a.center.x - b.center.x) <= 0.2 * max(a.width, b.width) + 0.2 * unit
            && abs(a.center.y - b.center.y) <= 0.2 * max(a.height, b.height) + 0.2 * unit
    }

    /// No other stroke comes within a unit of the group: a check or cross stands apart from words.
    private func isolated(_ group: [Int], shapes: [StrokeShape]) -> Bool {
        let bounds = group.reduce(CGRect.null) { $0.union(shapes[$1].bounds) }.insetBy(dx: -0.8 * unit, dy: -0.8 * unit)
        return !shapes.indices.contains { !group.contains($0) && shapes[$0].bounds.intersects(bounds) }
    }
}
