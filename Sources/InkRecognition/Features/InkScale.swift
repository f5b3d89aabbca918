/// How big the writing is: a robust vertical size, the centre line and the left origin, in the
/// ink's own units. Devices differ by 100x in units, so everything downstream is divided by `size`.
struct InkScale: Equatable {
    var size: Double
    var centerY: Double
    var originX: Double

    /// The 10%..90% spread of the ink's y, each segment weighted by its length (so sampling
    /// density does not matter); at least `minScaleFraction` of the largest bounding-box side.
    /// Mirrors `estimate_scale` in Training/features.py operation for operation. O(n log n).
    init(strokes: [[SIMD2<Double>]], config: InkFeatureConfig) {
        var mids: [Double] = [], weights: [Double] = []
        var minP = SIMD2<Double>(repeating: .infinity), maxP = SIMD2<Double>(repeating: -.infinity)
        for stroke in strokes {
            for p in stroke {
                minP = pointwiseMin(minP, p)
                maxP = pointwiseMax(maxP, p)
            }
            guard stroke.count >= 2 else { continue }
            for j in 0..<(stroke.count - 1) {
                let dx = stroke[j + 1].x - stroke[j].x, dy = stroke[j + 1].y - stroke[j].y
                weights.append((dx * dx + dy * dy).squareRoot())
                mids.append((stroke[j + 1].y + stroke[j].y) * 0.5)
            }
        }
        let first = strokes.first(where: { !$0.isEmpty })?.first ?? .zero
        originX = first.x
        let extent = max(maxP.x - minP.x, maxP.y - minP.y)
        var total = 0.0
        for w in weights { total += w }
        guard total > 0 else {
            size = extent > 0 ? extent : 1
            centerY = first.y
            return
        }
        // Stable ascending order of midpoints, as numpy's argsort(kind="stable").
        let order = mids.indices.sorted { mids[$0] < mids[$1] || (mids[$0] == mids[$1] && $0 < $1) }
        var cumulative = [Double](repeating: 0, count: order.count)
        var running = 0.0
        for (k, i) in order.enumerated() { running += weights[i]; cumulative[k] = running }
        func quantile(_ q: Double) -> Double {
            let target = q * total
            var k = 0
            while k < cumulative.count - 1 && cumulative[k] < target { k += 1 }
            return mids[order[k]]
        }
        let low = quantile(config.lowQuantile), mid = quantile(config.midQuantile), high = quantile(config.highQuantile)
        let h = max(high - low, config.minScaleFraction * extent)
        size = h > 0 ? h : 1
        centerY = mid
    }
}
