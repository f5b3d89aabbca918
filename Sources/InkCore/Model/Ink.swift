import Foundation

/// How a stroke was drawn: the tool, its color and its nominal width (PencilKit's `PKInk`).
///
/// ```swift
/// let ink = Ink(tool: .pen, color: .black, width: 2)
/// ```
public struct Ink: Sendable, Hashable, Codable {
    /// The drawing tool. Known tools have constants; any other name is kept as written.
    public struct Tool: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public static let pen: Tool = "pen"
        public static let pencil: Tool = "pencil"
        public static let marker: Tool = "marker"
        public static let monoline: Tool = "monoline"
        public static let fountainPen: Tool = "fountainPen"
    }

    /// A color as 8-bit RGBA, which every format here can carry exactly.
    public struct Color: Sendable, Hashable, Codable {
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
        public static let black = Color(red: 0, green: 0, blue: 0)
        /// `#rrggbb` or `#rrggbbaa`.
        public var hexString: String {
            let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + parts.map { String(format: "%02x", $0) }.joined()
        }
        /// Parses `#rrggbb` or `#rrggbbaa`; nil for anything else.
        public init?(hexString: String) {
            var s = Substring(hexString)
            if s.hasPrefix("#") { s = s.dropFirst() }
            guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
            if s.count == 6 {
                self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
            } else {
                self.init(red: UInt8(v >> 24), green: UInt8(v >> 16 & 0xff), blue: UInt8(v >> 8 & 0xff), alpha: UInt8(v & 0xff))
            }
        }
    }

    public var tool: Tool
    public var color: Color
    /// Nominal width in drawing units, or `nil` where the source gave none.
    public var width: Double?

    public init(tool: Tool = .pen, color: Color = .black, width: Double? = nil) {
        self.tool = tool
        self.color = color
        self.width = width
    }
}
