import Foundation

/// Rasterizes a drawing with anti-aliased round-capped strokes, scaled to a target width, and
/// writes PNG. Highlights, overlays and labels are drawn as in `SVGRenderer`.
///
/// ```swift
/// let png = try PNGRenderer(width: 1200).png(for: drawing)
/// try png.write(to: URL(fileURLWithPath: "page.png"))
/// ```
/// Cost: O(points × stroke width² + pixels).
public struct PNGRenderer: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidSize(width: Int, height: Int)
        public var description: String {
            switch self {
            case .invalidSize(let width, let height):
                "cannot render a \(width) × \(height) pixel image (each side must be 1...\(PNGRenderer.maximumSide), \(PNGRenderer.maximumPixels) pixels at most)"
            }
        }
    }

    /// The largest side in pixels, and the most pixels in all (160 MB of RGBA), so that a
    /// drawing with a stray far-away point cannot ask for gigabytes.
    public static let maximumSide = 8_192
    public static let maximumPixels = 40_000_000

    public var width: Int
    public var options: RenderOptions

    public init(width: Int = 1200, options: RenderOptions = RenderOptions()) {
        self.width = width
        self.options = options
    }

    public func png(for drawing: Drawing) throws -> Data {
        try PNGEncoder.encode(raster(for: drawing))
    }

    /// The pixels, before encoding.
    public func raster(for drawing: Drawing) throws -> RasterImage {
        let frame = options.frame(for: drawing)
        let scale = Double(width) / max(frame.width, 1e-9)
        let heightDouble = (frame.height * scale).rounded(.up)
        guard width > 0, width <= Self.maximumSide, heightDouble.isFinite, heightDouble >= 1,
              heightDouble <= Double(Self.maximumSide), Double(width) * heightDouble <= Double(Self.maximumPixels)
        else { throw Failure.invalidSize(width: width, height: heightDouble.isFinite ? Int(heightDouble.clamped(-1e9, 1e9)) : -1) }
        let height = Int(heightDouble)
        func pixel(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x - frame.minX) * scale, y: (p.y - frame.minY) * scale) }

        var canvas = RasterCanvas(image: RasterImage(
            width: width, height: height, fill: options.background ?? Ink.Color(red: 255, green: 255, blue: 255, alpha: 0)))
        let layers = options.layeredOverlays
        for overlay in layers.below { draw(overlay, on: &canvas, scale: scale, pixel: pixel) }
        for stroke in drawing.strokes {
            canvas.strokePolyline(stroke.transformedLocations.map(pixel), width: max(options.width(for: stroke) * scale, 1),
                                  color: options.color(for: stroke))
        }
        for overlay in layers.above { draw(overlay, on: &canvas, scale: scale, pixel: pixel) }
        for overlay in layers.below + layers.above {
            guard let text = overlay.label, !text.isEmpty else { continue }
            let color = options.labelColor(for: overlay)
            let anchor = pixel(overlay.labelAnchor)
            let size = max(options.labelSize * scale, 7)
            BitmapLabel.draw(text, at: CGPoint(x: anchor.x, y: anchor.y - size * 0.3), height: size, color: color, on: &canvas)
        }
        return canvas.image
    }

    private func draw(_ overlay: Overlay, on canvas: inout RasterCanvas, scale: Double, pixel: (CGPoint) -> CGPoint) {
        let lineWidth = max(overlay.lineWidth * scale, 1)
        var outline: [CGPoint] = []
        var closed = false
        switch overlay.shape {
        case .rect(let r):
            outline = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map(pixel)
            closed = true
        case .line(let a, let b):
            outline = [pixel(a), pixel(b)]
        case .polyline(let points, let isClosed):
            outline = points.map(pixel)
            closed = isClosed
        case .circle(let c, let r):
            outline = (0..<64).map { i in
                let angle = Double(i) / 64 * 2 * .pi
                return pixel(CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle)))
            }
            closed = true
        case .arrow(let a, let b):
            outline = [pixel(a), pixel(b)]
            if let stroke = overlay.stroke {
                let head = ArrowHead(from: a, to: b, size: max(overlay.lineWidth * 5, 8))
                canvas.fillPolygon([pixel(b), pixel(head.left), pixel(head.right)], color: stroke)
            }
        }
        if let fill = overlay.fill, closed { canvas.fillPolygon(outline, color: fill) }
        guard let stroke = overlay.stroke else { return }
        if overlay.dashed {
            canvas.strokeDashed(closed ? outline + outline.prefix(1) : outline, width: lineWidth, color: stroke,
                                dash: lineWidth * 4, gap: lineWidth * 3)
        } else {
            canvas.strokePolyline(outline, width: lineWidth, color: stroke, closed: closed)
        }
    }
}
