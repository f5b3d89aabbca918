import Foundation

/// Anti-aliased drawing into a `RasterImage`, in pixel coordinates.
///
/// Each shape is first rendered into a coverage mask (the maximum over its pieces) and then
/// blended once, so translucent ink does not darken where a polyline's segments overlap.
struct RasterCanvas {
    var image: RasterImage

    /// A thick polyline with round caps and joins. O(points × width²).
    mutating func strokePolyline(_ points: [CGPoint], width: Double, color: Ink.Color, closed: Bool = false) {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !finite.isEmpty else { return }
        // Tips wider than 256 px are drawn at 256 px, so that an absurd width cannot cost
        // a full-image pass per segment.
        let r = width.isFinite ? min(max(width / 2, 0.5), 128) : 0.5
        var mask = CoverageMask(bounds: CGRect.bounding(finite).insetBy(dx: -r - 1, dy: -r - 1), image: image)
        guard !mask.isEmpty else { return }
        var segments = Array(zip(finite, finite.dropFirst()))
        if closed, let first = finite.first, let last = finite.last { segments.append((last, first)) }
        if segments.isEmpty { segments = [(finite[0], finite[0])] }
        for (a, b) in segments { mask.addCapsule(a, b, radius: r) }
        mask.paint(color, on: &image)
    }

    /// A dashed polyline: dashes of `dash` pixels separated by `gap`.
    mutating func strokeDashed(_ points: [CGPoint], width: Double, color: Ink.Color, dash: Double, gap: Double) {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        let length = zip(points, points.dropFirst()).reduce(0.0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        // A dash pattern too fine to see (or to draw in reasonable time) is drawn solid.
        guard dash > 0.5, gap > 0.5, length / (dash + gap) < 10_000 else {
            strokePolyline(points, width: width, color: color)
            return
        }
        var on = true, left = dash
        var current: [CGPoint] = points.first.map { [$0] } ?? []
        for (a, b) in zip(points, points.dropFirst()) {
            var start = a
            var remaining = hypot(b.x - a.x, b.y - a.y)
            while remaining > 0 {
                let step = min(left, remaining)
                let t = step / remaining
                let next = CGPoint(x: start.x + (b.x - start.x) * t, y: start.y + (b.y - start.y) * t)
                if on { current.append(next) }
                remaining -= step; left -= step; start = next
                if left <= 1e-9 {
                    if on { strokePolyline(current, width: width, color: color) }
                    on.toggle()
                    left = on ? dash : gap
                    current = [start]
                }
            }
        }
        if on, current.count > 1 { strokePolyline(current, width: width, color: color) }
    }

    /// A filled polygon (even-odd), anti-aliased by 4 × 4 supersampling. O(pixels in bounds × edges).
    mutating func fillPolygon(_ points: [CGPoint], color: Ink.Color) {
        guard points.count >= 3 else { return }
        var mask = CoverageMask(bounds: CGRect.bounding(points), image: image)
        guard !mask.isEmpty else { return }
        mask.fill { x, y in
            var inside = false
            var j = points.count - 1
            for i in 0..<points.count {
                let pi = points[i], pj = points[j]
                if (pi.y > y) != (pj.y > y), x < (pj.x - pi.x) * (y - pi.y) / (pj.y - pi.y) + pi.x { inside.toggle() }
                j = i
            }
            return inside
        }
        mask.paint(color, on: &image)
    }

    mutating func fillCircle(center: CGPoint, radius: Double, color: Ink.Color) {
        var mask = CoverageMask(bounds: CGRect(x: center.x - radius - 1, y: center.y - radius - 1,
                                               width: 2 * radius + 2, height: 2 * radius + 2), image: image)
        guard !mask.isEmpty else { return }
        mask.addCapsule(center, center, radius: radius)
        mask.paint(color, on: &image)
    }
}

/// Per-pixel coverage over the part of an image a shape can touch.
struct CoverageMask {
    let x0: Int, y0: Int, width: Int, height: Int
    var values: [Double]
    var isEmpty: Bool { width <= 0 || height <= 0 }

    init(bounds: CGRect, image: RasterImage) {
        let minX = max(Self.pixel(Double(bounds.minX), .down), 0)
        let minY = max(Self.pixel(Double(bounds.minY), .down), 0)
        let maxX = min(Self.pixel(Double(bounds.maxX), .up), image.width - 1)
        let maxY = min(Self.pixel(Double(bounds.maxY), .up), image.height - 1)
        let valid = [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy { Double($0).isFinite }
        x0 = minX; y0 = minY
        width = valid ? max(maxX - minX + 1, 0) : 0
        height = valid ? max(maxY - minY + 1, 0) : 0
        values = [Double](repeating: 0, count: width * height)
    }

    /// A pixel index for a coordinate, rounded as asked and clamped far outside any image, so that
    /// huge or non-finite coordinates cannot trap in the conversion to `Int`.
    static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(value.rounded(rule).clamped(-1_000_000, 1_000_000))
    }

    /// Coverage of a segment thickened to `radius`: one pixel's worth of soft edge.
    mutating func addCapsule(_ a: CGPoint, _ b: CGPoint, radius: Double) {
        let lx = max(Self.pixel(min(a.x, b.x) - radius - 1, .down), x0)
        let hx = min(Self.pixel(max(a.x, b.x) + radius + 1, .up), x0 + width - 1)
        let ly = max(Self.pixel(min(a.y, b.y) - radius - 1, .down), y0)
        let hy = min(Self.pixel(max(a.y, b.y) + radius + 1, .up), y0 + height - 1)
        guard lx <= hx, ly <= hy else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        for py in ly...hy {
            let cy = Double(py) + 0.5
            for px in lx...hx {
                let cx = Double(px) + 0.5
                var t = lengthSquared > 0 ? ((cx - a.x) * dx + (cy - a.y) * dy) / lengthSquared : 0
                t = t.clamped(0, 1)
                let distance = hypot(cx - (a.x + t * dx), cy - (a.y + t * dy))
                let coverage = (radius + 0.5 - distance).clamped(0, 1)
                let i = (py - y0) * width + (px - x0)
                if coverage > values[i] { values[i] = coverage }
            }
        }
    }

    /// Coverage from a point-inside test sampled 4 × 4 times per pixel.
    mutating func fill(_ inside: (Double, Double) -> Bool) {
        for py in 0..<height {
            for px in 0..<width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x0 + px) + (Double(sx) + 0.5) / 4, Double(y0 + py) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                values[py * width + px] = max(values[py * width + px], Double(hits) / 16)
            }
        }
    }

    func paint(_ color: Ink.Color, on image: inout RasterImage) {
        for py in 0..<height {
            for px in 0..<width where values[py * width + px] > 0 {
                image.blend(x: x0 + px, y: y0 + py, color: color, coverage: values[py * width + px])
            }
        }
    }
}
