import Foundation

/// Draws a drawing as SVG: one `<path>` per stroke (transforms applied, round caps, the ink's
/// color and width), with highlights under the ink and overlays and labels over it.
///
/// ```swift
/// var options = RenderOptions()
/// options.highlights = [Highlight(rect: hitBounds, label: "grace")]
/// let svg = SVGRenderer(options: options).svg(for: drawing)
/// try svg.write(to: URL(fileURLWithPath: "page.svg"), atomically: true, encoding: .utf8)
/// ```
/// Cost: O(points). Non-finite points are left out of the path.
public struct SVGRenderer: Sendable {
    public var options: RenderOptions

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    public func svg(for drawing: Drawing) -> String {
        let frame = options.frame(for: drawing)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(frame.minX)) \(n(frame.minY)) \(n(frame.width)) \(n(frame.height))" \
            width="\(n(frame.width))" height="\(n(frame.height))">

            """
        if let background = options.background {
            out += "<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"\(paint("fill", background))/>\n"
        }
        let layers = options.layeredOverlays
        for overlay in layers.below { out += element(overlay) }
        out += "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for stroke in drawing.strokes { out += path(stroke) }
        out += "</g>\n"
        for overlay in layers.above { out += element(overlay) }
        for overlay in layers.below + layers.above { out += label(overlay) }
        out += "</svg>\n"
        return out
    }

    private func path(_ stroke: Stroke) -> String {
        let points = stroke.transformedLocations.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = points.first else { return "" }
        var d = "M\(n(first.x)) \(n(first.y))"
        // A single point still shows as a dot: a zero-length segment with round caps.
        for p in points.count == 1 ? points : Array(points.dropFirst()) { d += " L\(n(p.x)) \(n(p.y))" }
        return "<path data-stroke-id=\"\(stroke.id.uuidString)\" d=\"\(d)\"\(paint("stroke", options.color(for: stroke))) stroke-width=\"\(n(options.width(for: stroke)))\"/>\n"
    }

    private func element(_ overlay: Overlay) -> String {
        var style = paint("fill", overlay.fill) + paint("stroke", overlay.stroke)
        if overlay.fill == nil { style += " fill=\"none\"" }
        if overlay.stroke != nil { style += " stroke-width=\"\(n(overlay.lineWidth))\"" }
        if overlay.dashed { style += " stroke-dasharray=\"\(n(overlay.lineWidth * 4)) \(n(overlay.lineWidth * 3))\"" }
        switch overlay.shape {
        case .rect(let r):
            return "<rect class=\"overlay\" x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"\(style)/>\n"
        case .line(let a, let b):
            return "<line class=\"overlay\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"\(style)/>\n"
        case .polyline(let points, let closed):
            let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            return "<\(closed ? "polygon" : "polyline") class=\"overlay\" points=\"\(list)\"\(style)/>\n"
        case .circle(let c, let r):
            return "<circle class=\"overlay\" cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\"\(style)/>\n"
        case .arrow(let a, let b):
            let head = ArrowHead(from: a, to: b, size: max(overlay.lineWidth * 5, 8))
            let tip = "\(n(b.x)),\(n(b.y)) \(n(head.left.x)),\(n(head.left.y)) \(n(head.right.x)),\(n(head.right.y))"
            return "<line class=\"overlay\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"\(style)/>\n"
                + "<polygon points=\"\(tip)\"\(paint("fill", overlay.stroke))/>\n"
        }
    }

    private func label(_ overlay: Overlay) -> String {
        guard let text = overlay.label, !text.isEmpty else { return "" }
        let at = overlay.labelAnchor
        let color = options.labelColor(for: overlay)
        return "<text class=\"label\" x=\"\(n(at.x))\" y=\"\(n(at.y - options.labelSize * 0.3))\" font-family=\"sans-serif\" font-size=\"\(n(options.labelSize))\"\(paint("fill", color))>\(Self.escaped(text))</text>\n"
    }

    /// ` name="#rrggbb"` plus an opacity attribute when the color is translucent.
    private func paint(_ name: String, _ color: Ink.Color?) -> String {
        guard var color else { return "" }
        let alpha = color.alpha
        color.alpha = 255
        var attribute = " \(name)=\"\(color.hexString)\""
        if alpha != 255 { attribute += " \(name)-opacity=\"\(n(Double(alpha) / 255))\"" }
        return attribute
    }

    /// A compact, locale-independent number: at most two decimals, no trailing zeros.
    private func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    static func escaped(_ text: String) -> String { XMLEscaping.attribute(text) }
}

/// The two back corners of an arrow's head.
struct ArrowHead {
    var left: CGPoint, right: CGPoint
    init(from a: CGPoint, to b: CGPoint, size: Double) {
        let angle = atan2(b.y - a.y, b.x - a.x)
        left = CGPoint(x: b.x - size * cos(angle - 0.4), y: b.y - size * sin(angle - 0.4))
        right = CGPoint(x: b.x - size * cos(angle + 0.4), y: b.y - size * sin(angle + 0.4))
    }
}
