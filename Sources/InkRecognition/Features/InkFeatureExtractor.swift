import Foundation

/// Turns strokes into the network's input, exactly as `Training/features.py` does
/// (Training/FEATURES.md): size normalization by a robust scale, width normalization by the
/// writer's horizontal pitch (`InkWidthNormalizer`), arc-length resampling, and
/// per point dx, dy, direction, curvature, a stroke-start flag and the height above the centre.
///
/// Timestamps are ignored (UNIPEN has none), so missing or backwards times cannot matter.
/// Non-finite points are dropped; duplicated points add nothing (resampling is by arc length);
/// strokes keep the order given, since delayed strokes (i-dots, t-bars) are in the training data.
///
/// ```swift
/// let extractor = InkFeatureExtractor(config: InkFeatureConfig())
/// let features = extractor.extract([[SIMD2(0, 0), SIMD2(10, 5)]])
/// ```
/// Complexity: O(n log n) in the number of input points, plus O(ink length / step).
public struct InkFeatureExtractor: Sendable {
    public var config: InkFeatureConfig

    public init(config: InkFeatureConfig) { self.config = config }

    /// Features for strokes of points in drawing coordinates (y down).
    public func extract(_ strokes: [[SIMD2<Double>]]) -> InkFeatures {
        var kept: [[SIMD2<Double>]] = [], keptIndex: [Int] = []
        for (i, s) in strokes.enumerated() {
            let finite = s.filter { $0.x.isFinite && $0.y.isFinite }
            if !finite.isEmpty { kept.append(finite); keptIndex.append(i) }
        }
        let columns = config.featureCount
        guard !kept.isEmpty else { return InkFeatures(values: [], rowCount: 0, columnCount: columns, strokeIndices: []) }
        let scale = InkScale(strokes: kept, config: config)
        var normalized = kept.map { stroke in
            stroke.map { SIMD2(($0.x - scale.originX) / scale.size, ($0.y - scale.centerY) / scale.size) }
        }
        let widthFactor = InkWidthNormalizer(settings: config.width).factor(for: normalized)
        if widthFactor != 1 {
            for k in normalized.indices { normalized[k] = normalized[k].map { SIMD2($0.x * widthFactor, $0.y) } }
        }
        var points: [SIMD2<Double>] = [], starts: [Bool] = [], owners: [Int] = []
        for (k, stroke) in normalized.enumerated() {
            let resampled = Self.resample(stroke, step: config.step)
            for (j, p) in resampled.enumerated() {
                points.append(p); starts.append(j == 0); owners.append(keptIndex[k])
            }
        }
        return InkFeatures(values: featureRows(points: points, starts: starts), rowCount: points.count,
                           columnCount: columns, strokeIndices: owners)
    }

    /// Points at arc length 0, step, 2·step, … along the polyline, plus the end point where more
    /// than half a step remains. Mirrors `resample_stroke`.
    static func resample(_ p: [SIMD2<Double>], step: Double) -> [SIMD2<Double>] {
        let n = p.count
        guard n > 1 else { return p }
        var d = [Double](repeating: 0, count: n)
        for j in 1..<n {
            let dx = p[j].x - p[j - 1].x, dy = p[j].y - p[j - 1].y
            d[j] = d[j - 1] + (dx * dx + dy * dy).squareRoot()
        }
        let length = d[n - 1]
        let count = Int((length / step).rounded(.down))
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(count + 2)
        var j = 0
        var last = 0.0
        for k in 0...count {
            let s = Double(k) * step
            while j + 1 < n - 1 && d[j + 1] <= s { j += 1 }
            let span = d[j + 1] - d[j]
            let t = span > 0 ? (s - d[j]) / span : 0
            out.append(SIMD2(p[j].x + t * (p[j + 1].x - p[j].x), p[j].y + t * (p[j + 1].y - p[j].y)))
            last = s
        }
        if length - last > step * 0.5 { out.append(p[n - 1]) }
        return out
    }

    /// Mirrors `features_from_points`.
    func featureRows(points: [SIMD2<Double>], starts: [Bool]) -> [Float] {
        let n = points.count, columns = config.featureCount
        var values = [Float](repeating: 0, count: n * columns)
        var previousCos = 0.0, previousSin = 0.0
        for i in 0..<n {
            var dx = 0.0, dy = 0.0
            if i > 0 {
                dx = min(max(points[i].x - points[i - 1].x, -config.clipDelta), config.clipDelta)
                dy = min(max(points[i].y - points[i - 1].y, -config.clipDelta), config.clipDelta)
            }
            let norm = (dx * dx + dy * dy).squareRoot()
            let c = norm > 1e-8 ? dx / norm : 0, s = norm > 1e-8 ? dy / norm : 0
            var dc = 0.0, ds = 0.0
            if i > 0 && !starts[i] && !starts[i - 1] {
                dc = c * previousCos + s * previousSin
                ds = previousCos * s - previousSin * c
            }
            let row = i * columns
            values[row] = Float(dx); values[row + 1] = Float(dy)
            values[row + 2] = Float(c); values[row + 3] = Float(s)
            values[row + 4] = Float(dc); values[row + 5] = Float(ds)
            values[row + 6] = starts[i] ? 1 : 0
            values[row + 7] = Float(min(max(points[i].y, -config.clipY), config.clipY))
            previousCos = c; previousSin = s
        }
        return values
    }
}
