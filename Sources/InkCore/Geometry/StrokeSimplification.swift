import Foundation

extension Stroke {
    /// Indices of the points Ramer-Douglas-Peucker keeps: the first, the last, and enough
    /// between them that every dropped point lies within `tolerance` drawing units of the
    /// simplified path (distances measured with the transform applied). Iterative, so long
    /// strokes cannot overflow the stack. O(n log n) typical, O(n²) worst case.
    public func simplifiedIndices(tolerance: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        let locations = transformedLocations
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var ranges = [(0, points.count - 1)]
        while let (start, end) = ranges.popLast() {
            guard end - start > 1 else { continue }
            var farthest = start, farthestDistance = -1.0
            for i in (start + 1)..<end {
                let d = Self.distance(locations[i], toSegment: locations[start], locations[end])
                if d > farthestDistance { farthest = i; farthestDistance = d }
            }
            // NaN distances (non-finite input) count as far, so such points are kept.
            if farthestDistance > tolerance || farthestDistance.isNaN {
                keep[farthest] = true
                ranges.append((start, farthest))
                ranges.append((farthest, end))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The stroke with only the points `simplifiedIndices(tolerance:)` keeps; id, ink,
    /// transform and annotations unchanged, kept points unaltered.
    ///
    /// ```swift
    /// let lighter = stroke.simplified(tolerance: 0.5)
    /// ```
    public func simplified(tolerance: Double) -> Stroke {
        var copy = self
        copy.points = simplifiedIndices(tolerance: tolerance).map { points[$0] }
        return copy
    }

    static func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return hypot(p.x - a.x, p.y - a.y) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }
}

extension Drawing {
    /// Every stroke simplified (`Stroke.simplified(tolerance:)`).
    public func simplified(tolerance: Double) -> Drawing {
        var copy = self
        copy.strokes = strokes.map { $0.simplified(tolerance: tolerance) }
        return copy
    }
}
