import Foundation

/// A straight line `y = intercept + slope·x` fitted through weighted points, for the baseline
/// of a line of writing that may be sloped.
struct LineFit: Sendable {
    var intercept: Double
    var slope: Double

    func y(at x: Double) -> Double { intercept + slope * x }

    /// Weighted least squares; slope clamped to ±0.5 since writing lines are never steeper, and
    /// flat where the points span too little x to tell.
    init(points: [(x: Double, y: Double, weight: Double)], minSpan: Double) {
        var sw = 0.0, sx = 0.0, sy = 0.0
        for p in points { sw += p.weight; sx += p.weight * p.x; sy += p.weight * p.y }
        guard sw > 0 else { intercept = points.first?.y ?? 0; slope = 0; return }
        let mx = sx / sw, my = sy / sw
        var sxx = 0.0, sxy = 0.0
        var lo = Double.infinity, hi = -Double.infinity
        for p in points {
            sxx += p.weight * (p.x - mx) * (p.x - mx)
            sxy += p.weight * (p.x - mx) * (p.y - my)
            lo = min(lo, p.x); hi = max(hi, p.x)
        }
        var b = (hi - lo >= minSpan && sxx > 0) ? sxy / sxx : 0
        b = max(-0.5, min(0.5, b))
        slope = b
        intercept = my - b * mx
    }

    init(intercept: Double, slope: Double) { self.intercept = intercept; self.slope = slope }
}
