import Foundation

/// A page of ink: strokes in the order they were written.
///
/// `Drawing` is the record that InkIndex stores verbatim. Everything derived from it (layout,
/// recognized text, search keys) can be thrown away and rebuilt.
///
/// ```swift
/// var drawing = Drawing()
/// drawing.strokes.append(Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 4, y: 9)]))
/// print(drawing.bounds, drawing.pointCount)
/// ```
public struct Drawing: Sendable, Hashable, Codable {
    public var strokes: [Stroke]
    /// Free-form annotations on the whole drawing (InkML `annotation` on the root); kept verbatim.
    public var annotations: [String: String]

    public init(strokes: [Stroke] = [], annotations: [String: String] = [:]) {
        self.strokes = strokes
        self.annotations = annotations
    }

    /// Union of the strokes' bounds; `.null` for a drawing without points. O(points).
    public var bounds: CGRect {
        strokes.reduce(CGRect.null) { $0.union($1.renderBounds) }
    }

    /// Total number of points. O(strokes).
    public var pointCount: Int { strokes.reduce(0) { $0 + $1.points.count } }

    /// Seconds from the first to the last timestamp, or `nil` where no point has a time. O(points).
    public var duration: Double? {
        let times = strokes.lazy.flatMap(\.points).compactMap(\.time)
        guard let first = times.min(), let last = times.max() else { return nil }
        return last - first
    }

    /// The stroke with the given identifier. O(strokes).
    public func stroke(withID id: UUID) -> Stroke? { strokes.first { $0.id == id } }

    /// The strokes whose identifiers are in `ids`, in drawing order. O(strokes).
    public func strokes(withIDs ids: Set<UUID>) -> [Stroke] { strokes.filter { ids.contains($0.id) } }
}
