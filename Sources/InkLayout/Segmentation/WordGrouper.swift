import Foundation

/// Splits a line into words by the horizontal gaps between its strokes.
///
/// The threshold adapts to the line: gaps are split into "within a word" and "between words"
/// by Otsu's method on their logarithms, then kept within 0.5–1.6 of the line's x-height, so
/// that tight and loose writers both come out right. O(n log n) in the line's strokes.
struct WordGrouper: Sendable {
    let unit: Double

    /// - Parameter xHeight: the line's own x-height (margin notes are often smaller than the
    ///   body), such as the height of the band holding most of its ink.
    func words(of members: [Int], shapes: [StrokeShape], xHeight: Double) -> [[Int]] {
        guard !members.isEmpty else { return [] }
        let sorted = members.sorted { shapes[$0].bounds.minX < shapes[$1].bounds.minX }
        let xHeight = xHeight > 0.2 * unit ? xHeight : unit
        var gaps: [(index: Int, gap: Double)] = []
        var right = shapes[sorted[0]].bounds.maxX
        for k in sorted.indices.dropFirst() {
            let b = shapes[sorted[k]].bounds
            if b.minX > right { gaps.append((k, b.minX - right)) }
            right = max(right, b.maxX)
        }
        let threshold = Self.threshold(gaps.map(\.gap), xHeight: xHeight)
        var words: [[Int]] = [[]]
        let breaks = Set(gaps.filter { $0.gap > threshold }.map(\.index))
        for k in sorted.indices {
            if breaks.contains(k) { words.append([]) }
            words[words.count - 1].append(sorted[k])
        }
        return words.map { $0.sorted() }
    }

    static func threshold(_ gaps: [Double], xHeight: Double) -> Double {
        let lo = 0.5 * xHeight, hi = 1.6 * xHeight
        guard gaps.count >= 4 else { return 0.9 * xHeight }
        // Gaps below a fifth of the x-height all mean "same word"; their logarithms would
        // otherwise spread out and pull the split down among them.
        let logs = gaps.map { log(max($0, 0.2 * xHeight)) }.sorted()
        var best = 0.9 * xHeight, bestScore = -Double.infinity
        let total = logs.reduce(0, +)
        var prefix = 0.0
        for k in 1..<logs.count {
            prefix += logs[k - 1]
            let w0 = Double(k), w1 = Double(logs.count - k)
            let m0 = prefix / w0, m1 = (total - prefix) / w1
            let score = w0 * w1 * (m1 - m0) * (m1 - m0)
            if score > bestScore { bestScore = score; best = exp((logs[k - 1] + logs[k]) / 2) }
        }
        return min(max(best, lo), hi)
    }
}
