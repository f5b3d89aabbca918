import Foundation

/// One pen-down trace: the unit of identity in InkIndex.
///
/// A stroke's `id` is stable across every format, so that recognized words, search hits and
/// stored indexes can point back at the ink. The points are the record and are never altered by
/// recognition.
///
/// ```swift
/// let stroke = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 10, y: 5)])
/// print(stroke.id, stroke.renderBounds)
/// ```
public struct Stroke: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var points: [StrokePoint]
    public var ink: Ink
    /// Applied to `points` when the stroke is shown (PencilKit's `PKStroke.transform`).
    public var transform: StrokeTransform?
    /// Free-form annotations (InkML `annotation` on a trace); kept verbatim.
    public var annotations: [String: String]

    public init(
        id: UUID = UUID(), points: [StrokePoint], ink: Ink = Ink(),
        transform: StrokeTransform? = nil, annotations: [String: String] = [:]
    ) {
        self.id = id
        self.points = points
        self.ink = ink
        self.transform = transform
        self.annotations = annotations
    }

    /// Points in drawing coordinates: `points` with `transform` applied. O(n).
    public var transformedLocations: [CGPoint] {
        guard let transform else { return points.map(\.location) }
        return points.map { transform.apply(to: $0.location) }
    }

    /// Bounds of the transformed points, ignoring tip width; `.null` for an empty stroke. O(n).
    public var renderBounds: CGRect { CGRect.bounding(transformedLocations) }
}
