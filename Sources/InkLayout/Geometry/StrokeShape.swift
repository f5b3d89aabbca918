import Foundation
import InkCore

/// The geometry of one stroke that layout decisions need, computed once per stroke.
///
/// Everything is in drawing units; callers divide by the page's `InkScale` to compare against
/// thresholds, so that the same rules hold for devices whose units differ by 100×.
package struct StrokeShape: Sendable {
    /// Position of the stroke in drawing order.
    package let order: Int
    package let id: UUID
    package let points: [CGPoint]
    package let bounds: CGRect
    /// Path length.
    package let length: Double
    /// Median y of the points: a stroke's vertical position that ascenders and descenders move little.
    package let medianY: Double

    package init(order: Int, stroke: Stroke) {
        self.order = order
        self.id = stroke.id
        let pts = stroke.transformedLocations
        self.points = pts
        self.bounds = CGRect.bounding(pts)
        var length = 0.0
        for i in pts.indices.dropFirst() { length += pts[i].distance(to: pts[i - 1]) }
        self.length = length
        let ys = pts.map(\.y).sorted()
        self.medianY = ys.isEmpty ? 0 : ys[ys.count / 2]
    }

    package var start: CGPoint { points.first ?? .zero }
    package var end: CGPoint { points.last ?? .zero }
    package var chord: Double { start.distance(to: end) }
    package var width: Double { bounds.width }
    package var height: Double { bounds.height }
    package var size: Double { max(bounds.width, bounds.height) }
    package var center: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
    /// Chord over path length: 1 for a straight stroke.
    package var straightness: Double { length > 0 ? chord / length : 1 }

    /// How nearly the stroke closes on itself: the smallest distance from one end to the other
    /// end's first fifth of the path, over the stroke's size (0 = closed). Overshoot past the
    /// start, common in hand-drawn circles, still reads as closed.
    package var closureGap: Double {
        guard points.count > 4, size > 0 else { return 1 }
        let n = points.count
        let k = max(1, n / 5)
        var best = start.distance(to: end)
        for p in points[(n - k)...] { best = min(best, p.distance(to: start)) }
        for p in points[..<k] { best = min(best, p.distance(to: end)) }
        return best / size
    }

    /// Sum of signed turning angles along a simplified path (radians); ±2π for one loop.
    package var totalTurning: Double {
        let poly = simplified(tolerance: size * 0.03)
        guard poly.count > 2 else { return 0 }
        var total = 0.0
        for i in 1..<(poly.count - 1) { total += turnAngle(poly[i - 1], poly[i], poly[i + 1]) }
        return total
    }

    /// The path simplified by Ramer–Douglas–Peucker. O(n log n) typical.
    package func simplified(tolerance: Double) -> [CGPoint] { Polyline.simplify(points, tolerance: tolerance) }
}

extension CGPoint {
    package func distance(to other: CGPoint) -> Double { hypot(x - other.x, y - other.y) }
}

/// Signed angle (radians, in -π...π) by which the path turns at `b` going a → b → c.
package func turnAngle(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Double {
    let a1 = atan2(b.y - a.y, b.x - a.x), a2 = atan2(c.y - b.y, c.x - b.x)
    var d = a2 - a1
    while d > .pi { d -= 2 * .pi }
    while d < -.pi { d += 2 * .pi }
    return d
}

package enum Polyline {
    /// Ramer–Douglas–Peucker simplification, iterative so that long strokes cannot overflow the stack.
    package static func simplify(_ points: [CGPoint], tolerance: Double) -> [CGPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (lo, hi) = stack.popLast() {
            guard hi > lo + 1 else { continue }
            let a = points[lo], b = points[hi]
            var worst = -1.0, worstIndex = lo
            for i in (lo + 1)..<hi {
                let d = distanceToSegment(points[i], a, b)
                if d > worst { worst = d; worstIndex = i }
            }
            if worst > tolerance {
                keep[worstIndex] = true
                stack.append((lo, worstIndex))
                stack.append((worstIndex, hi))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    package static func distanceToSegment(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return p.distance(to: a) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
        return p.distance(to: CGPoint(x: a.x + t * dx, y: a.y + t * dy))
    }

    /// Whether `p` lies inside the closed polygon `poly` (even–odd rule). O(n).
    package static func contains(_ poly: [CGPoint], _ p: CGPoint) -> Bool {
        guard poly.count > 2 else { return false }
        var inside = false
        var j = poly.count - 1
        for i in poly.indices {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Whether segments ab and cd cross.
    package static func segmentsIntersect(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Bool {
        func orient(_ p: CGPoint, _ q: CGPoint, _ r: CGPoint) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b)
        return (o1 > 0) != (o2 > 0) && (o3 > 0) != (o4 > 0)
    }
}

/// Distance from a point to a rectangle (0 inside).
package func distance(_ p: CGPoint, _ r: CGRect) -> Double {
    let dx = max(r.minX - p.x, 0, p.x - r.maxX)
    let dy = max(r.minY - p.y, 0, p.y - r.maxY)
    return hypot(dx, dy)
}

/// Distance between two rectangles: the length of the gap between them (0 where they touch or
/// overlap).
package func distance(_ a: CGRect, _ b: CGRect) -> Double {
    hypot(max(0, a.minX - b.maxX, b.minX - a.maxX), max(0, a.minY - b.maxY, b.minY - a.maxY))
}

/// Median of a list; 0 for an empty one. O(n log n).
package func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The value below which `q` of the list lies; 0 for an empty one.
package func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    return s[min(s.count - 1, max(0, Int(Double(s.count - 1) * q)))]
}
