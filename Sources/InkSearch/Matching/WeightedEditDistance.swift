/// Edit distance between collapsed words (see `TextNormalizer.collapsedScalars`) where
/// substitutions within a soft confusion pair are cheap, and several-character confusions
/// ("nn" for "m") are single cheap edits.
///
/// ```swift
/// let d = WeightedEditDistance(table: .standard)
/// let n = TextNormalizer.standard
/// d.distance(n.collapsedScalars("Jahn"), n.collapsedScalars("John"), limit: 2)   // 0.5
/// d.prefixDistance(n.collapsedScalars("note"), n.collapsedScalars("notebook"), limit: 1)  // 0
/// ```
/// Complexity: O(|a| · |b| · soft sequences); stops early once every cell of a row is over `limit`.
public struct WeightedEditDistance: Sendable {
    public var table: ConfusionTable

    public init(table: ConfusionTable = .standard) {
        self.table = table
    }

    /// The weighted distance from `query` to all of `reading`, or nil where it exceeds `limit`.
    public func distance(_ query: [Unicode.Scalar], _ reading: [Unicode.Scalar], limit: Double) -> Double? {
        compute(query, reading, limit: limit, prefix: false)
    }

    /// The weighted distance from `query` to the closest prefix of `reading` (the rest of the
    /// reading is free), or nil where it exceeds `limit`.
    public func prefixDistance(_ query: [Unicode.Scalar], _ reading: [Unicode.Scalar], limit: Double) -> Double? {
        compute(query, reading, limit: limit, prefix: true)
    }

    private func compute(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Double, prefix: Bool) -> Double? {
        let n = a.count, m = b.count
        if !prefix, abs(n - m) > Int(limit.rounded(.up)) + 1 { return nil }
        let width = m + 1
        var d = [Double](repeating: .infinity, count: (n + 1) * width)
        for j in 0...m { d[j] = Double(j) }
        let sequences = table.softSequences
        for i in 0...n where i > 0 {
            d[i * width] = Double(i)
            var rowMin = d[i * width]
            for j in 1...max(m, 1) where m > 0 {
                var best = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1)
                best = min(best, d[(i - 1) * width + j - 1] + table.substitutionCost(a[i - 1], b[j - 1]))
                let ai = a[i - 1], bj = b[j - 1]
                for (x, y, cost) in sequences {
                    // Cheap test on the last scalars before the full comparison.
                    if x.last.map({ $0 == ai }) ?? true, y.last.map({ $0 == bj }) ?? true {
                        best = min(best, Self.seqCost(a, i, x, b, j, y, d, width, cost))
                    }
                    if y.last.map({ $0 == ai }) ?? true, x.last.map({ $0 == bj }) ?? true {
                        best = min(best, Self.seqCost(a, i, y, b, j, x, d, width, cost))
                    }
                }
                d[i * width + j] = best
                rowMin = min(rowMin, best)
            }
            if rowMin > limit { return nil }
        }
        let result = prefix ? (0...m).map { d[n * width + $0] }.min()! : d[n * width + m]
        return result <= limit + 1e-9 ? result : nil
    }

    /// Cost of reading the `x` ending at a[i] as the `y` ending at b[j], or infinity.
    @inline(__always)
    private static func seqCost(
        _ a: [Unicode.Scalar], _ i: Int, _ x: [Unicode.Scalar], _ b: [Unicode.Scalar], _ j: Int,
        _ y: [Unicode.Scalar], _ d: [Double], _ width: Int, _ cost: Double
    ) -> Double {
        guard i >= x.count, j >= y.count else { return .infinity }
        for k in 0..<x.count where a[i - x.count + k] != x[k] { return .infinity }
        for k in 0..<y.count where b[j - y.count + k] != y[k] { return .infinity }
        return d[(i - x.count) * width + (j - y.count)] + cost
    }
}
