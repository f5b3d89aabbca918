import Foundation

/// What one stroke looks like on its own, before its neighbours are considered: the first step
/// in telling marks from writing.
package enum StrokePrimitive: Sendable, Equatable {
    case writing
    /// A long straight stroke; `angle` in radians from the x axis, folded into -π/2...π/2.
    case straight(angle: Double)
    /// A large closed curve or polygon.
    case enclosure(LayoutMark.Kind)
    /// An arrow drawn in one stroke: shaft and head.
    case arrow(tail: CGPoint, head: CGPoint)
    /// A tall bracket, parenthesis or brace; `opensRight` says on which side its content lies.
    case tall(LayoutMark.Kind, opensRight: Bool?)
    /// A check mark shape (kept only where it stands apart from writing).
    case check
    /// A large stroke that is none of the above: a doodle.
    case drawing
}

/// Classifies single strokes by shape, with thresholds in multiples of the page's unit.
package struct PrimitiveClassifier: Sendable {
    package let unit: Double

    package init(unit: Double) { self.unit = unit }

    package func classify(_ s: StrokeShape) -> StrokePrimitive {
        let u = unit
        guard s.points.count >= 2, s.size > 0 else { return .writing }
        if let arrow = oneStrokeArrow(s) { return arrow }
        // Before straightness: a long brace is nearly straight overall.
        if let tall = tallMark(s) { return tall }
        if let straight = straightAngle(s) { return .straight(angle: straight) }
        if let enclosure = enclosureKind(s) { return .enclosure(enclosure) }
        if isCheck(s) { return .check }
        if s.height >= 5.5 * u && s.width >= 2.5 * u { return .drawing }
        return .writing
    }

    /// Straight and long for its direction: letters such as l, I or / are straight too, but
    /// shorter than a mark.
    package func straightAngle(_ s: StrokeShape) -> Double? {
        guard s.straightness >= 0.93 else { return nil }
        let angle = foldedAngle(s.start, s.end)
        let steep = abs(angle)
        // A level mark can be as short as the word it underlines; letter strokes that long are
        // sorted out once the lines are known (`MarkResolver.isWritingAfterAll`).
        let minLength = steep < 0.45 ? 1.5 * unit : (steep > 1.05 ? 5.5 * unit : 4 * unit)
        guard s.chord >= minLength else { return nil }
        // A wobble far from the chord is a curve, however straight on average.
        let maxDeviation = s.points.reduce(0.0) { max($0, Polyline.distanceToSegment($1, s.start, s.end)) }
        return maxDeviation <= 0.12 * s.chord + 0.15 * unit ? angle : nil
    }

    /// A shaft then a head drawn without lifting the pen: tail → tip → barb → tip → barb, or the
    /// head first: barb → tip → barb → tip → tail. One barb alone is too like a hooked letter.
    private func oneStrokeArrow(_ s: StrokeShape) -> StrokePrimitive? {
        guard s.length >= 3.5 * unit, s.closureGap > 0.2 else { return nil }
        // Fine enough to keep barbs of a unit on a long shaft, coarse enough to ignore tremor;
        // then finer, for a narrow head whose first barb runs back within a quarter unit of the
        // shaft (simplified away with it at the coarse tolerance). A finer outline only adds
        // vertices to the shaft, which may bend a little.
        let coarse = max(0.1 * unit, min(0.025 * s.length, 0.25 * unit)), fine = 0.1 * unit
        for tolerance in coarse > fine ? [coarse, fine] : [coarse] {
            if let arrow = oneStrokeArrow(s, outline: s.simplified(tolerance: tolerance)) { return arrow }
        }
        return nil
    }

    /// `oneStrokeArrow` on one simplified outline of the stroke.
    private func oneStrokeArrow(_ s: StrokeShape, outline poly: [CGPoint]) -> StrokePrimitive? {
        guard poly.count >= 5 else { return nil }
        for forward in [true, false] {
            let p = forward ? poly : poly.reversed()
            // The head is the last four vertices (tip, barb, back at the tip, barb), or five where
            // the outline kept a wobble between them; everything before is the shaft, which a
            // slow hand may bend a little but not much.
            for tipIndex in [p.count - 4, p.count - 5] where tipIndex >= 1 {
                if let arrow = oneStrokeArrow(s, outline: p, tipIndex: tipIndex) { return arrow }
            }
        }
        return nil
    }

    /// Whether the outline `p` is a shaft up to `p[tipIndex]` and a head after it.
    private func oneStrokeArrow(_ s: StrokeShape, outline p: [CGPoint], tipIndex: Int) -> StrokePrimitive? {
        let tail = p[0], tip = p[tipIndex]
        let head = p[(tipIndex + 1)...]
        // The return to the tip is the head's vertex nearest it (not its first or last); each
        // barb ends at the vertex farthest from the tip on its side of that return.
        guard head.count >= 3,
              let backIndex = head.indices.dropFirst().dropLast().min(by: { p[$0].distance(to: tip) < p[$1].distance(to: tip) }),
              let barb1 = p[head.startIndex..<backIndex].max(by: { $0.distance(to: tip) < $1.distance(to: tip) }),
              let barb2 = p[(backIndex + 1)...].max(by: { $0.distance(to: tip) < $1.distance(to: tip) })
        else { return nil }
        let back = p[backIndex]
        var shaftLength = 0.0
        for k in 0..<tipIndex { shaftLength += p[k].distance(to: p[k + 1]) }
        let shaft = tail.distance(to: tip)
        // A short arrow's two barbs may be as long as its shaft.
        guard shaft >= 3 * unit, shaft >= 0.95 * shaftLength, shaftLength >= 0.45 * s.length else { return nil }
        let b1 = tip.distance(to: barb1), b2 = back.distance(to: barb2)
        guard b1 <= 0.45 * shaft, b2 <= 0.45 * shaft, min(b1, b2) >= max(0.3 * unit, min(0.03 * shaft, 0.6 * unit)),
              back.distance(to: tip) <= 0.5 * max(b1, b2) else { return nil }
        // Both barbs point back along the shaft, one on each side of it.
        let dir = CGPoint(x: (p[tipIndex - 1].x - tip.x), y: (p[tipIndex - 1].y - tip.y))
        let n = max(hypot(dir.x, dir.y), 1e-12)
        func side(_ b: CGPoint, from t: CGPoint) -> (cos: Double, cross: Double) {
            let v = CGPoint(x: b.x - t.x, y: b.y - t.y), m = max(hypot(v.x, v.y), 1e-12)
            return ((v.x * dir.x + v.y * dir.y) / (m * n), (dir.x * v.y - dir.y * v.x) / (m * n))
        }
        let s1 = side(barb1, from: tip), s2 = side(barb2, from: back)
        guard s1.cos >= 0.35, s2.cos >= 0.35, (s1.cross > 0) != (s2.cross > 0) else { return nil }
        return .arrow(tail: tail, head: tip)
    }

    private func enclosureKind(_ s: StrokeShape) -> LayoutMark.Kind? {
        let u = unit
        // Small loops pass here: a round letter encloses no word and is given back to the
        // writing once the words are known (`MarkResolver.isWritingAfterAll`).
        guard s.size >= 2 * u, s.width >= u, s.height >= u, s.closureGap <= 0.25 else { return nil }
        // Once round, with a little overshoot; the loops of a cursive letter turn more.
        guard abs(s.totalTurning) >= 1.2 * .pi, abs(s.totalTurning) <= 2.6 * .pi else { return nil }
        return Self.enclosureShape(points: s.points, bounds: s.bounds)
    }

    /// Box where the ink reaches the bounding rectangle's corners (a round shape stays 0.2 of
    /// its size away from them) and hugs its sides; otherwise circle or ellipse by aspect.
    package static func enclosureShape(points: [CGPoint], bounds b: CGRect, cornerTolerance: Double = 0.13) -> LayoutMark.Kind {
        let side = min(b.width, b.height)
        let tolerance = 0.12 * side
        var near = 0
        for p in points {
            let d = min(p.x - b.minX, b.maxX - p.x, p.y - b.minY, b.maxY - p.y)
            if d <= tolerance { near += 1 }
        }
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)]
        let reached = corners.filter { c in points.contains { $0.distance(to: c) <= cornerTolerance * side } }.count
        if reached >= 3, Double(near) >= 0.75 * Double(points.count) { return .box }
        return max(b.width, b.height) / max(side, 1e-9) < 1.6 ? .circle : .ellipse
    }

    /// A bracket, parenthesis or brace: tall, narrow and open. `minHeight` defaults to a height
    /// no letter reaches; once the line pitch is known a lower bound in pitches applies.
    package func tallMark(_ s: StrokeShape, minHeight: Double? = nil) -> StrokePrimitive? {
        guard s.height >= (minHeight ?? 5.5 * unit), s.width <= 0.6 * s.height, s.closureGap > 0.25 else { return nil }
        // Brackets stand upright: a straight stroke at a slant is a line (an arrow's steep shaft).
        guard s.straightness < 0.97 || s.width < 0.3 * s.height else { return nil }
        // A bracket turns by two right angles, a brace's turns cancel: a looped letter turns more.
        guard abs(s.totalTurning) <= 1.4 * .pi else { return nil }
        let ends = (s.start.x + s.end.x) / 2
        let midBand = (s.bounds.minY + 0.3 * s.height)...(s.bounds.minY + 0.7 * s.height)
        let middle = s.points.indices.filter { midBand.contains(s.points[$0].y) }
        guard !middle.isEmpty else { return nil }
        let midX = middle.map { s.points[$0].x }.reduce(0, +) / Double(middle.count)
        let opens: Bool? = abs(ends - midX) < 0.15 * s.width + 0.1 * unit ? nil : ends > midX
        // A brace's cusp: the middle point farthest from the open side stands out from the path
        // just above and below it; a parenthesis bulges smoothly and a bracket not at all.
        let side: Double = (opens ?? true) ? -1 : 1
        let tip = middle.max { side * s.points[$0].x < side * s.points[$1].x }!
        let reach = 0.15 * s.height
        var before = tip, after = tip
        while before > 0, abs(s.points[before].y - s.points[tip].y) < reach { before -= 1 }
        while after < s.points.count - 1, abs(s.points[after].y - s.points[tip].y) < reach { after += 1 }
        let bulge = Polyline.distanceToSegment(s.points[tip], s.points[before], s.points[after])
        let kind: LayoutMark.Kind = bulge >= max(0.35 * unit, 0.2 * s.width) ? .brace : .bracket
        return .tall(kind, opensRight: opens)
    }

    private func isCheck(_ s: StrokeShape) -> Bool {
        guard s.size >= 1.2 * unit, s.size <= 6 * unit else { return false }
        let poly = s.simplified(tolerance: 0.12 * s.size)
        guard poly.count == 3 else { return false }
        let a = poly[0], v = poly[1], c = poly[2]
        let first = a.distance(to: v), second = v.distance(to: c)
        // Short arm down to the vertex, long arm up and to the right.
        return v.y > a.y && v.y > c.y && c.x > v.x && second >= 1.4 * first && c.y < a.y + 0.2 * s.size
            && abs(turnAngle(a, v, c)) >= 0.6 && abs(turnAngle(a, v, c)) <= 2.2
    }
}

/// Direction of a segment in -π/2...π/2 (a line has no sense of direction).
func foldedAngle(_ a: CGPoint, _ b: CGPoint) -> Double {
    var angle = atan2(b.y - a.y, b.x - a.x)
    if angle > .pi / 2 { angle -= .pi }
    if angle < -.pi / 2 { angle += .pi }
    return angle
}
