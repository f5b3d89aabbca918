import Foundation

/// A rectangle on the wire: `{"x", "y", "width", "height"}` in the drawing's own units. A null
/// rectangle (nothing to bound) is sent as all zeros.
public struct WireRect: Codable, Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ rect: CGRect) {
        let rect = rect.isNull || rect.isInfinite ? .zero : rect
        x = Double(rect.minX)
        y = Double(rect.minY)
        width = Double(rect.width)
        height = Double(rect.height)
    }

    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
