import Foundation

/// An 8-bit RGBA image (straight alpha, rows top to bottom), as `PNGRenderer` draws and
/// `PNGEncoder` writes it.
public struct RasterImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: Ink.Color = Ink.Color(red: 0, green: 0, blue: 0, alpha: 0)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[4 * i] = fill.red; pixels[4 * i + 1] = fill.green
            pixels[4 * i + 2] = fill.blue; pixels[4 * i + 3] = fill.alpha
        }
    }

    public subscript(x: Int, y: Int) -> Ink.Color {
        let i = 4 * (y * width + x)
        return Ink.Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Paints `color` over the pixel with the given coverage (0...1), source-over.
    mutating func blend(x: Int, y: Int, color: Ink.Color, coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let i = 4 * (y * width + x)
        let sa = Double(color.alpha) / 255 * min(coverage, 1)
        let da = Double(pixels[i + 3]) / 255
        let oa = sa + da * (1 - sa)
        guard oa > 0 else { return }
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(((Double(s) * sa + Double(d) * da * (1 - sa)) / oa).rounded().clamped(0, 255))
        }
        pixels[i] = channel(color.red, pixels[i])
        pixels[i + 1] = channel(color.green, pixels[i + 1])
        pixels[i + 2] = channel(color.blue, pixels[i + 2])
        pixels[i + 3] = UInt8((oa * 255).rounded().clamped(0, 255))
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
