import Foundation

/// A rectangle to mark on a rendered drawing, such as a search hit, with an optional label.
///
/// ```swift
/// let hit = Highlight(rect: CGRect(x: 10, y: 40, width: 120, height: 50), label: "grace 0.93")
/// ```
public struct Highlight: Sendable, Hashable {
    public var rect: CGRect
    public var label: String?
    /// Fill color; the outline uses the same color, opaque.
    public var color: Ink.Color

    public init(rect: CGRect, label: String? = nil, color: Ink.Color = .highlightYellow) {
        self.rect = rect
        self.label = label
        self.color = color
    }
}

/// A shape drawn over (or under) the ink: layout clusters, baselines, marks, relations.
///
/// ```swift
/// let baseline = Overlay(.line(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 400, y: 100)),
///                        stroke: .init(red: 0, green: 120, blue: 255), label: "line 1")
/// let cluster = Overlay(.rect(box), stroke: .black, fill: .init(red: 0, green: 200, blue: 0, alpha: 40), dashed: true)
/// ```
public struct Overlay: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        case rect(CGRect)
        case line(from: CGPoint, to: CGPoint)
        /// An open polyline, or a polygon when `closed`.
        case polyline([CGPoint], closed: Bool)
        case circle(center: CGPoint, radius: Double)
        /// An arrow from `from` to `to` (a line with a head at `to`), for relations.
        case arrow(from: CGPoint, to: CGPoint)
    }

    public var shape: Shape
    public var stroke: Ink.Color?
    public var fill: Ink.Color?
    /// Line width in drawing units.
    public var lineWidth: Double
    public var dashed: Bool
    /// Text written at the shape's top-left (a line's or arrow's start).
    public var label: String?
    /// Draw beneath the ink instead of over it.
    public var belowInk: Bool

    public init(
        _ shape: Shape, stroke: Ink.Color? = .black, fill: Ink.Color? = nil, lineWidth: Double = 1.5,
        dashed: Bool = false, label: String? = nil, belowInk: Bool = false
    ) {
        self.shape = shape
        self.stroke = stroke
        self.fill = fill
        self.lineWidth = lineWidth
        self.dashed = dashed
        self.label = label
        self.belowInk = belowInk
    }

    /// The area the shape covers, for fitting the view. O(points).
    public var bounds: CGRect {
        let pad = lineWidth / 2
        switch shape {
        case .rect(let r): return r.insetBy(dx: -pad, dy: -pad)
        case .line(let a, let b), .arrow(let a, let b): return CGRect.bounding([a, b]).insetBy(dx: -pad, dy: -pad)
        case .polyline(let points, _): return CGRect.bounding(points).insetBy(dx: -pad, dy: -pad)
        case .circle(let c, let r): return CGRect(x: c.x - r - pad, y: c.y - r - pad, width: 2 * (r + pad), height: 2 * (r + pad))
        }
    }

    /// Where a label goes: above the top-left corner of the shape.
    var labelAnchor: CGPoint {
        switch shape {
        case .rect(let r): CGPoint(x: r.minX, y: r.minY)
        case .line(let a, _), .arrow(let a, _): a
        case .polyline(let points, _): points.first ?? .zero
        case .circle(let c, let r): CGPoint(x: c.x - r, y: c.y - r)
        }
    }

    /// The highlight as overlays: a translucent fill under the ink and an outlined, labelled
    /// frame over it.
    static func from(_ highlight: Highlight) -> [Overlay] {
        var frame = highlight.color
        frame.alpha = 255
        return [
            Overlay(.rect(highlight.rect), stroke: nil, fill: highlight.color, belowInk: true),
            Overlay(.rect(highlight.rect), stroke: frame, fill: nil, lineWidth: 1.5, label: highlight.label),
        ]
    }
}

/// What to draw besides the ink, and how; shared by `SVGRenderer` and `PNGRenderer`.
///
/// ```swift
/// var options = RenderOptions(margin: 30)
/// options.highlights = [Highlight(rect: hit.bounds, label: "grace")]
/// options.overlays = [Overlay(.rect(cluster.bounds), stroke: .black, dashed: true, label: "note")]
/// options.strokeColors = Dictionary(uniqueKeysWithValues: hit.strokeIDs.map { ($0, Ink.Color(red: 200, green: 0, blue: 0)) })
/// ```
public struct RenderOptions: Sendable, Hashable {
    /// Space around the content, in drawing units.
    public var margin: Double = 20
    /// Page color; nil leaves it transparent.
    public var background: Ink.Color? = Ink.Color(red: 255, green: 255, blue: 255)
    /// Width for strokes whose ink has none.
    public var defaultInkWidth: Double = 2
    public var highlights: [Highlight] = []
    public var overlays: [Overlay] = []
    /// Colors that replace the ink's own, per stroke (for showing clusters or search hits).
    public var strokeColors: [UUID: Ink.Color] = [:]
    /// The area to show; nil fits the ink, highlights and overlays.
    public var viewport: CGRect?
    /// Height of label text in drawing units.
    public var labelSize: Double = 14

    public init(
        margin: Double = 20, background: Ink.Color? = Ink.Color(red: 255, green: 255, blue: 255), highlights: [Highlight] = [],
        overlays: [Overlay] = [], strokeColors: [UUID: Ink.Color] = [:], viewport: CGRect? = nil
    ) {
        self.margin = margin
        self.background = background
        self.highlights = highlights
        self.overlays = overlays
        self.strokeColors = strokeColors
        self.viewport = viewport
    }

    /// Highlights and overlays as drawn beneath the ink, then above it.
    var layeredOverlays: (below: [Overlay], above: [Overlay]) {
        let all = highlights.flatMap(Overlay.from) + overlays
        return (all.filter(\.belowInk), all.filter { !$0.belowInk })
    }

    /// The area shown: the viewport, or the content's bounds plus the margin (100 × 100 when
    /// there is nothing to show). Non-finite points are ignored. O(points).
    func frame(for drawing: Drawing) -> CGRect {
        if let viewport { return viewport }
        var box = CGRect.null
        for stroke in drawing.strokes {
            box = box.union(CGRect.bounding(stroke.transformedLocations.filter { $0.x.isFinite && $0.y.isFinite }))
        }
        for overlay in highlights.flatMap(Overlay.from) + overlays {
            let b = overlay.bounds
            if b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite {
                box = box.union(b)
                if overlay.label != nil { box = box.union(CGRect(x: b.minX, y: b.minY - labelSize * 1.4, width: 1, height: 1)) }
            }
        }
        if box.isNull { return CGRect(x: 0, y: 0, width: 100, height: 100) }
        return box.insetBy(dx: -margin, dy: -margin)
    }

    /// Labels take the overlay's color, opaque, and darkened where it is too light to read on paper.
    func labelColor(for overlay: Overlay) -> Ink.Color {
        var color = overlay.stroke ?? overlay.fill ?? .black
        color.alpha = 255
        let luminance = 0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)
        guard luminance > 150 else { return color }
        func shade(_ c: UInt8) -> UInt8 { UInt8(Double(c) * 0.55) }
        return Ink.Color(red: shade(color.red), green: shade(color.green), blue: shade(color.blue))
    }

    func color(for stroke: Stroke) -> Ink.Color { strokeColors[stroke.id] ?? stroke.ink.color }
    func width(for stroke: Stroke) -> Double { stroke.ink.width ?? defaultInkWidth }
}

extension Ink.Color {
    /// Translucent yellow, the default for highlights.
    public static let highlightYellow = Ink.Color(red: 255, green: 214, blue: 0, alpha: 90)
    static let paper = Ink.Color(red: 255, green: 255, blue: 255)
}
