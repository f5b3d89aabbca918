import Foundation

extension StrokePoint {
    /// The point a fraction `f` of the way from `self` to `other`: location linear; each optional
    /// field linear where both points have it, nil otherwise. Angles are interpolated as plain
    /// numbers (no wrap-around), which is right for the small steps of resampling.
    func interpolated(to other: StrokePoint, fraction f: Double) -> StrokePoint {
        func lerp(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return nil }
            return a + (b - a) * f
        }
        var size: CGSize?
        if let a = self.size, let b = other.size {
            size = CGSize(width: lerp(a.width, b.width)!, height: lerp(a.height, b.height)!)
        }
        return StrokePoint(
            location: CGPoint(x: lerp(location.x, other.location.x)!, y: lerp(location.y, other.location.y)!),
            time: lerp(time, other.time), size: size, opacity: lerp(opacity, other.opacity),
            force: lerp(force, other.force), azimuth: lerp(azimuth, other.azimuth), altitude: lerp(altitude, other.altitude))
    }
}

extension Stroke {
    /// Length of the stroke's path in drawing coordinates (transform applied). O(n).
    public var arcLength: Double {
        let locations = transformedLocations
        return zip(locations, locations.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// The stroke with points every `spacing` drawing units along its path, first and last
    /// point kept. Distances are measured with the transform applied; the new points are
    /// interpolated in the stroke's own coordinates (an affine transform keeps ratios along a
    /// segment), so the transform, id, ink and annotations stay as they are. Strokes of fewer
    /// than two points, and a `spacing` that is not positive and finite, return `self`.
    /// O(n + arcLength / spacing).
    ///
    /// ```swift
    /// let even = stroke.resampled(spacing: 2)   // a point every 2 units
    /// ```
    public func resampled(spacing: Double) -> Stroke {
        guard points.count >= 2, spacing > 0, spacing.isFinite else { return self }
        let locations = transformedLocations
        var output = [points[0]]
        var untilNext = spacing
        for i in 1..<points.count {
            let length = hypot(locations[i].x - locations[i - 1].x, locations[i].y - locations[i - 1].y)
            guard length.isFinite else { return self }
            var travelled = 0.0
            while length - travelled >= untilNext {
                travelled += untilNext
                output.append(points[i - 1].interpolated(to: points[i], fraction: travelled / length))
                untilNext = spacing
            }
            untilNext -= length - travelled
        }
        // The end of the stroke is kept unless the last step landed on it already.
        if untilNext < spacing * (1 - 1e-9) || output.count == 1 { output.append(points[points.count - 1]) }
        var copy = self
        copy.points = output
        return copy
    }
}

extension Drawing {
    /// Every stroke resampled (`Stroke.resampled(spacing:)`). O(points + length / spacing).
    public func resampled(spacing: Double) -> Drawing {
        var copy = self
        copy.strokes = strokes.map { $0.resampled(spacing: spacing) }
        return copy
    }
}
