#if canImport(PencilKit)
import Foundation
import PencilKit

extension Drawing {
    /// The strokes of a PencilKit drawing, point for point: location, time since the stroke
    /// began (`timeOffset`), size, opacity, force, azimuth and altitude, the ink's tool, color
    /// and width, and each stroke's transform. Strokes keep PencilKit's order (writing order).
    ///
    /// ```swift
    /// let drawing = Drawing(canvasView.drawing)
    /// await recognizer.updateDrawing(drawing)
    /// ```
    /// Complexity: O(points).
    public init(_ pkDrawing: PKDrawing) {
        self.init(strokes: pkDrawing.strokes.map(Stroke.init))
    }
}

extension Stroke {
    /// One PencilKit stroke. Its id is derived from the stroke's own points, so that the same
    /// stroke read twice (a drawing re-read after an edit) has the same id and only changed
    /// lines are recognized again.
    public init(_ pkStroke: PKStroke) {
        let path = pkStroke.path
        let points = path.map { point in
            StrokePoint(location: point.location, time: point.timeOffset,
                        size: point.size, opacity: Double(point.opacity), force: Double(point.force),
                        azimuth: Double(point.azimuth), altitude: Double(point.altitude))
        }
        let tool: Ink.Tool = switch pkStroke.ink.inkType {
        case .pencil: .pencil
        case .marker: .marker
        default: .pen
        }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        #if canImport(UIKit)
        pkStroke.ink.color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        #else
        (pkStroke.ink.color.usingColorSpace(.sRGB) ?? .black).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        #endif
        func byte(_ value: CGFloat) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        let t = pkStroke.transform
        let key = points.prefix(64).map { "\($0.location.x),\($0.location.y),\($0.time ?? 0)" }.joined(separator: ";")
        self.init(id: UUID(deterministicFrom: "pkstroke \(path.creationDate.timeIntervalSince1970) \(key)"),
                  points: points,
                  ink: Ink(tool: tool, color: Ink.Color(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha)),
                           width: points.first.map { Double($0.size?.width ?? 0) }),
                  transform: t == .identity ? nil : StrokeTransform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d),
                                                                  tx: Double(t.tx), ty: Double(t.ty)))
    }
}
#endif
