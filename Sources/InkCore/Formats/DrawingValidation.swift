import Foundation

/// One problem `Drawing.validate()` found.
public struct DrawingIssue: Sendable, Hashable, CustomStringConvertible {
    public var stroke: Int
    /// nil for stroke-level values (ink width, transform).
    public var point: Int?
    public var field: String
    public var value: Double

    public var description: String {
        "stroke \(stroke)\(point.map { " point \($0)" } ?? ""): \(field) is \(value)"
    }
}

extension Drawing {
    /// The values that are not finite (NaN or infinite), in stroke and point order, up to
    /// `limit`. O(points).
    ///
    /// Policy (Docs/BinaryFormat.md, "Validation"): non-finite numbers are the only invalid
    /// content. Empty strokes and empty drawings are valid (a tap may record no point; a note
    /// may be blank). Size is not limited: drawings of millions of points are accepted and every
    /// codec handles them in linear time. The binary format stores non-finite values exactly;
    /// InkML and the dataset format refuse them with a typed error.
    ///
    /// ```swift
    /// let issues = drawing.validate()
    /// if !issues.isEmpty { print("bad values:", issues) }
    /// ```
    public func validate(limit: Int = 100) -> [DrawingIssue] {
        var issues: [DrawingIssue] = []
        func check(_ value: Double?, _ field: String, _ stroke: Int, _ point: Int?) {
            if let value, !value.isFinite, issues.count < limit {
                issues.append(DrawingIssue(stroke: stroke, point: point, field: field, value: value))
            }
        }
        for (s, stroke) in strokes.enumerated() {
            check(stroke.ink.width, "ink width", s, nil)
            if let t = stroke.transform {
                for (name, v) in [("transform a", t.a), ("transform b", t.b), ("transform c", t.c),
                                  ("transform d", t.d), ("transform tx", t.tx), ("transform ty", t.ty)] {
                    check(v, name, s, nil)
                }
            }
            for (p, point) in stroke.points.enumerated() {
                check(point.location.x, "x", s, p)
                check(point.location.y, "y", s, p)
                check(point.time, "time", s, p)
                check(point.size.map { Double($0.width) }, "width", s, p)
                check(point.size.map { Double($0.height) }, "height", s, p)
                check(point.opacity, "opacity", s, p)
                check(point.force, "force", s, p)
                check(point.azimuth, "azimuth", s, p)
                check(point.altitude, "altitude", s, p)
            }
            if issues.count >= limit { break }
        }
        return issues
    }

    /// True where `validate()` finds nothing. O(points).
    public var isValid: Bool { validate(limit: 1).isEmpty }
}
