import Foundation

/// Polyline operations that turn a glyph's few vertices into a digitizer-like pen path.
enum PenPath {
    /// Chaikin corner cutting, keeping both ends: rounds the straight-segment corners of Hershey
    /// glyphs the way a moving pen does. Each pass roughly doubles the vertices. O(n · passes).
    static func smoothed(_ points: [CGPoint], passes: Int) -> [CGPoint] {
        guard points.count > 2 else { return points }
        var current = points
        for _ in 0..<passes {
            var next: [CGPoint] = [current[0]]
            next.reserveCapacity(current.count * 2)
            for i in 0..<(current.count - 1) {
                let p = current[i], q = current[i + 1]
                next.append(CGPoint(x: 0.75 * p.x + 0.25 * q.x, y: 0.75 * p.y + 0.25 * q.y))
                next.append(CGPoint(x: 0.25 * p.x + 0.75 * q.x, y: 0.25 * p.y + 0.75 * q.y))
            }
            next.append(current[current.count - 1])
            current = next
        }
        return current
    }

    /// Points every `spacing` along the polyline (the last point kept), as a digitizer reports them.
    /// A polyline shorter than `spacing` (a dot) keeps its ends. O(n + length / spacing).
    static func resampled(_ points: [CGPoint], spacing: Double) -> [CGPoint] {
        guard let first = points.first, spacing > 0 else { return points }
        var result = [first]
        var carried = 0.0  // arc length since the last emitted point
        for i in 1..<max(points.count, 1) {
            let a = points[i - 1], b = points[i]
            let length = hypot(b.x - a.x, b.y - a.y)
            guard length > 0 else { continue }
            var along = spacing - carried
            while along <= length {
                let t = along / length
                result.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                along += spacing
            }
            carried = length - (along - spacing)
        }
        if let last = points.last, result.count == 1 || distance(result[result.count - 1], last) > spacing * 0.25 {
            result.append(last)
        }
        return result
    }

    /// Time stamps for a pen moving along `points` starting at `start`: fast on straight runs,
    /// slower in tight turns and at the ends of the stroke, as measured in handwriting (the
    /// speed–curvature power law, loosely). `speed` is the top speed in units per second.
    static func timestamps(_ points: [CGPoint], start: Double, speed: Double, rampLength: Double) -> [Double] {
        guard !points.isEmpty else { return [] }
        var times = [start]
        times.reserveCapacity(points.count)
        var travelled = 0.0
        let total = zip(points, points.dropFirst()).reduce(0.0) { $0 + distance($1.0, $1.1) }
        for i in 1..<points.count {
            let step = distance(points[i - 1], points[i])
            travelled += step
            let turn = turning(points, at: i)
            let fromEnd = min(travelled, total - travelled)
            let ramp = 0.35 + 0.65 * min(1, fromEnd / max(rampLength, 1e-9))
            let bend = 1 / (1 + 2.5 * turn)
            let v = max(speed * ramp * bend, speed * 0.15)
            times.append(times[i - 1] + step / v)
        }
        return times
    }

    /// Direction change in radians around point `i`, over a few neighbours so that dense
    /// sampling does not hide curvature.
    private static func turning(_ points: [CGPoint], at i: Int) -> Double {
        let a = points[max(i - 2, 0)], b = points[i], c = points[min(i + 2, points.count - 1)]
        let d1 = atan2(b.y - a.y, b.x - a.x), d2 = atan2(c.y - b.y, c.x - b.x)
        guard a != b, b != c else { return 0 }
        var delta = abs(d2 - d1)
        if delta > .pi { delta = 2 * .pi - delta }
        return delta
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(b.x - a.x, b.y - a.y) }
}
