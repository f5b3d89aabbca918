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
        let r = max(width / 2, 0.5)
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
        let minX = bounds.minX.isFinite ? max(Int(bounds.minX.rounded(.down)), 0) : 0
        let minY = bounds.minY.isFinite ? max(Int(bounds.minY.rounded(.down)), 0) : 0
        let maxX = bounds.maxX.isFinite ? min(Int(Double(bounds.maxX.rounded(.up)).clamped(-1, Double(image.width))), image.width - 1) : -1
        let maxY = bounds.maxY.isFinite ? min(Int(Double(bounds.maxY.rounded(.up)).clamped(-1, Double(image.height))), image.height - 1) : -1
        x0 = minX; y0 = minY
        width = max(maxX - minX + 1, 0); height = max(maxY - minY + 1, 0)
        values = [Double](repeating: 0, count: width * height)
    }

    /// Coverage of a segment thickened to `radius`: one pixel's worth of soft edge.
    mutating func addCapsule(_ a: CGPoint, _ b: CGPoint, radius: Double) {
        let lx = max(Int((min(a.x, b.x) - radius - 1).rounded(.down)), x0)
        let hx = min(Int((max(a.x, b.x) + radius + 1).rounded(.up)), x0 + width - 1)
        let ly = max(Int((min(a.y, b.y) - radius - 1).rounded(.down)), y0)
        let hy = min(Int((max(a.y, b.y) + radius + 1).rounded(.up)), y0 + height - 1)
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
