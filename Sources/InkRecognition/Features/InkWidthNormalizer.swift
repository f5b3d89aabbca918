/// Makes narrow and wide hands look alike to the network: it measures the writer's horizontal
/// pitch, the x extent of the ink per down-stroke, and gives the factor that x is multiplied by
/// so that the pitch comes within a band around the training lines' typical pitch.
///
/// Only y decides what a down-stroke is, so stretching ink by s multiplies the pitch by exactly s
/// and the factor by 1/s (within the band and the bounds). Mirrors `estimate_pitch` and
/// `width_factor` in Training/features.py operation for operation.
///
/// ```swift
/// let normalizer = InkWidthNormalizer(settings: config.width)
/// let k = normalizer.factor(for: strokesDividedByScale)   // x' = x · k
/// ```
/// Complexity: O(n + s log s) for n points in s strokes.
struct InkWidthNormalizer: Sendable {
    var settings: InkFeatureConfig.WidthNormalization

    /// The x factor for strokes already divided by the vertical scale.
    func factor(for strokes: [[SIMD2<Double>]]) -> Double {
        guard settings.referencePitch > 0, let pitch = pitch(of: strokes) else { return 1 }
        let ratio = settings.referencePitch / pitch
        let k: Double
        if ratio > settings.band {
            k = ratio / settings.band
        } else if ratio * settings.band < 1 {
            k = ratio * settings.band
        } else {
            k = 1
        }
        return min(max(k, settings.minFactor), settings.maxFactor)
    }

    /// Covered width per down-stroke, or nil with too few down-strokes or no width.
    func pitch(of strokes: [[SIMD2<Double>]]) -> Double? {
        var count = 0
        for stroke in strokes { count += downstrokeCount(stroke) }
        let width = Self.coveredWidth(strokes)
        guard count >= settings.minDownstrokes, width > 0 else { return nil }
        return width / Double(count)
    }

    /// A zigzag over y that turns only after `turn` of travel back, so jitter does not count; the
    /// first leg counts when it goes down (y growing).
    func downstrokeCount(_ s: [SIMD2<Double>]) -> Int {
        guard s.count >= 2 else { return 0 }
        let turn = settings.turn
        var count = 0, direction = 0
        var low = s[0].y, high = s[0].y
        for j in 1..<s.count {
            let y = s[j].y
            switch direction {
            case 0:
                if y < low { low = y }
                if y > high { high = y }
                if y - low >= turn {
                    direction = 1; count += 1; high = y
                } else if high - y >= turn {
                    direction = -1; low = y
                }
            case 1:
                if y > high { high = y } else if high - y >= turn { direction = -1; low = y }
            default:
                if y < low { low = y } else if y - low >= turn { direction = 1; count += 1; high = y }
            }
        }
        return count
    }

    /// Length of the union of the strokes' x intervals: the gaps between words do not count.
    static func coveredWidth(_ strokes: [[SIMD2<Double>]]) -> Double {
        var spans: [(low: Double, high: Double)] = []
        for stroke in strokes where !stroke.isEmpty {
            var low = stroke[0].x, high = stroke[0].x
            for p in stroke { low = min(low, p.x); high = max(high, p.x) }
            spans.append((low, high))
        }
        spans.sort { $0.low < $1.low || ($0.low == $1.low && $0.high < $1.high) }
        guard let first = spans.first else { return 0 }
        var total = 0.0
        var low = first.low, high = first.high
        for span in spans.dropFirst() {
            if span.low > high {
                total += high - low
                low = span.low
                high = span.high
            } else if span.high > high {
                high = span.high
            }
        }
        return total + (high - low)
    }
}
