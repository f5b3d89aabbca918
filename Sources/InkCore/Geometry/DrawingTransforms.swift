import Foundation

extension Drawing {
    /// The drawing moved, scaled or rotated as a whole: `transform` is composed after each
    /// stroke's own transform, and the points (the record) stay as written. O(strokes).
    ///
    /// ```swift
    /// let shifted = drawing.transformed(by: .translation(x: 0, y: 100))
    /// let half = drawing.scaled(by: 0.5)
    /// ```
    public func transformed(by transform: StrokeTransform) -> Drawing {
        var copy = self
        for i in copy.strokes.indices {
            copy.strokes[i].transform = (copy.strokes[i].transform ?? .identity).concatenating(transform)
        }
        return copy
    }

    public func translated(x: Double, y: Double) -> Drawing { transformed(by: .translation(x: x, y: y)) }

    public func scaled(by factor: Double) -> Drawing { transformed(by: .scale(x: factor, y: factor)) }

    /// Each stroke with its transform applied to its points and then removed, for algorithms
    /// that want plain coordinates. Tip sizes are not scaled. O(points).
    public func flattened() -> Drawing {
        var copy = self
        copy.strokes = strokes.map { $0.flattened() }
        return copy
    }
}

extension Stroke {
    /// The stroke with `transform` applied to its points and set to nil. O(n).
    public func flattened() -> Stroke {
        guard let transform else { return self }
        var copy = self
        for i in copy.points.indices { copy.points[i].location = transform.apply(to: copy.points[i].location) }
        copy.transform = nil
        return copy
    }
}

extension CGRect {
    /// The bounding box of this rectangle's corners under `transform`; `.null` stays null.
    public func applying(_ transform: StrokeTransform) -> CGRect {
        guard !isNull else { return self }
        return .bounding([CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                          CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map(transform.apply))
    }
}
