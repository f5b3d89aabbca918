import Foundation

/// One sample of the pen, carrying what PencilKit's `PKStrokePoint` carries.
///
/// Only `location` is required: devices that do not report time, pressure or tilt leave those
/// fields `nil`, and every format writes back exactly what it read.
///
/// ```swift
/// let point = StrokePoint(location: CGPoint(x: 10, y: 20), time: 0.016, force: 0.4)
/// ```
public struct StrokePoint: Sendable, Hashable, Codable {
    /// Position in drawing coordinates; `y` grows downward.
    public var location: CGPoint
    /// Seconds since the drawing's time origin (not since the stroke's start, unlike PencilKit's
    /// `timeOffset`), or `nil` where the device gave none.
    public var time: Double?
    /// The size of the pen tip at this point.
    public var size: CGSize?
    /// Opacity in 0...1.
    public var opacity: Double?
    /// Pressure, in the device's own units (PencilKit: 0...~4.17, InkML `F`).
    public var force: Double?
    /// Angle of the pen around the perpendicular to the surface, in radians.
    public var azimuth: Double?
    /// Angle between the pen and the surface, in radians (π/2 is upright).
    public var altitude: Double?

    public init(
        location: CGPoint, time: Double? = nil, size: CGSize? = nil, opacity: Double? = nil,
        force: Double? = nil, azimuth: Double? = nil, altitude: Double? = nil
    ) {
        self.location = location
        self.time = time
        self.size = size
        self.opacity = opacity
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
    }

    /// Convenience for the common case of a position and an optional time.
    public init(x: Double, y: Double, time: Double? = nil) {
        self.init(location: CGPoint(x: x, y: y), time: time)
    }
}
