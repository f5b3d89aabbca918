/// Median and 95th percentile of per-sample latencies.
///
/// ```swift
/// let summary = LatencySummary(milliseconds: [3, 1, 2, 10])
/// summary.median // 2.5
/// ```
public struct LatencySummary: Sendable, Hashable {
    public var median: Double
    public var p95: Double

    /// Percentiles interpolate linearly between order statistics; no samples give zeros.
    public init(milliseconds values: [Double]) {
        let sorted = values.sorted()
        median = LatencySummary.percentile(sorted, 0.5)
        p95 = LatencySummary.percentile(sorted, 0.95)
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let position = fraction * Double(sorted.count - 1)
        let low = Int(position.rounded(.down)), high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
