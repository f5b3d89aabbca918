import Foundation
import InkIndex

/// One point on the wire: `[x, y]`, `[x, y, t]` or `[x, y, t, pressure]`; `t` (seconds) may be
/// null where only the pressure is known. Pressure is stored as `StrokePoint.force`, verbatim.
public struct WirePoint: Codable, Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var t: Double?
    public var pressure: Double?

    public init(x: Double, y: Double, t: Double? = nil, pressure: Double? = nil) {
        (self.x, self.y, self.t, self.pressure) = (x, y, t, pressure)
    }

    public init(from decoder: any Decoder) throws {
        var values = try decoder.unkeyedContainer()
        guard let count = values.count, (2...4).contains(count) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a point is [x, y], [x, y, t] or [x, y, t, pressure]"))
        }
        x = try values.decode(Double.self)
        y = try values.decode(Double.self)
        t = count > 2 ? try values.decodeNil() ? nil : try values.decode(Double.self) : nil
        pressure = count > 3 ? try values.decodeNil() ? nil : try values.decode(Double.self) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.unkeyedContainer()
        try values.encode(x)
        try values.encode(y)
        guard t != nil || pressure != nil else { return }
        if let t { try values.encode(t) } else { try values.encodeNil() }
        if let pressure { try values.encode(pressure) }
    }

    package init(_ point: StrokePoint) {
        self.init(x: Double(point.location.x), y: Double(point.location.y), t: point.time, pressure: point.force)
    }

    package var strokePoint: StrokePoint {
        StrokePoint(location: CGPoint(x: x, y: y), time: t, force: pressure)
    }
}

/// A stroke on the wire: `{"id": UUID, "points": [[x, y, t, pressure], ...]}`. A stroke sent
/// without an id gets a new one. `annotations` (optional) carries `Stroke.annotations` both ways.
public struct WireStroke: Codable, Sendable, Hashable {
    public var id: UUID?
    public var points: [WirePoint]
    public var annotations: [String: String]?

    public init(id: UUID? = nil, points: [WirePoint], annotations: [String: String]? = nil) {
        self.id = id
        self.points = points
        self.annotations = annotations
    }

    /// The stroke as the wire shows it: points and annotations (ink, transform and the other
    /// point fields stay in the record and in the InkML export).
    public init(_ stroke: Stroke) {
        id = stroke.id
        points = stroke.points.map(WirePoint.init)
        annotations = stroke.annotations.isEmpty ? nil : stroke.annotations
    }
}

/// The body of `POST /api/recognize`: `{"strokes": [...]}`.
public struct WireStrokes: Codable, Sendable {
    public var strokes: [WireStroke]
    public init(strokes: [WireStroke]) { self.strokes = strokes }
}

/// The JSON body of `POST /api/notes` and `PUT /api/notes/{id}`: `{"title": ..., "strokes": [...]}`.
public struct WireNoteBody: Codable, Sendable {
    public var title: String?
    public var strokes: [WireStroke]
    public init(title: String? = nil, strokes: [WireStroke]) {
        self.title = title
        self.strokes = strokes
    }
}

extension Drawing {
    /// The drawing the wire strokes make, in their order.
    package init(wire strokes: [WireStroke]) {
        self.init(strokes: strokes.map { wire in
            Stroke(id: wire.id ?? UUID(), points: wire.points.map(\.strokePoint), annotations: wire.annotations ?? [:])
        })
    }
}
