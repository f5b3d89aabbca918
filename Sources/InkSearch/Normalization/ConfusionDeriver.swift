import Foundation

/// Derives confusion pairs from a recognizer's output on labeled data, so that `ConfusionData`
/// can follow the recognizer actually shipped rather than folklore.
///
/// Each (reference, hypothesis) pair is folded (case and punctuation, as search does), aligned
/// by Levenshtein distance, and every run of edits between matching characters is counted as one
/// confusion of up to two characters each way ("m" read as "rn", "o" read as "a", "e" lost).
///
/// ```swift
/// var deriver = ConfusionDeriver()
/// deriver.add(reference: "modern times", hypothesis: "modem tirnes")
/// deriver.pairs(minCount: 1).first   // ConfusionPair(reference: "rn", hypothesis: "m", ...)
/// ```
/// Complexity: O(|reference| · |hypothesis|) per pair.
package struct ConfusionDeriver: Sendable {
    public struct ConfusionPair: Sendable, Hashable, Codable {
        public var reference: String
        public var hypothesis: String
        /// How often the reference segment was read as the hypothesis.
        public var count: Int
        /// `count` over the number of times the reference segment occurs in the references.
        public var rate: Double
    }

    private var counts: [String: [String: Int]] = [:]
    /// Occurrences of every one- and two-character segment in the references.
    private var segmentCounts: [String: Int] = [:]
    private let normalizer: TextNormalizer
    public private(set) var pairCount = 0

    public init(normalizer: TextNormalizer = .standard) {
        self.normalizer = normalizer
    }

    public mutating func add(reference: String, hypothesis: String) {
        pairCount += 1
        let r = Array(foldKeepingSpaces(reference)), h = Array(foldKeepingSpaces(hypothesis))
        for k in r.indices where r[k] != " " {
            segmentCounts[String(r[k]), default: 0] += 1
            if k + 1 < r.count, r[k + 1] != " " { segmentCounts[String(r[k...(k + 1)]), default: 0] += 1 }
        }
        let n = r.count, m = h.count, w = m + 1
        var d = [Int](repeating: 0, count: (n + 1) * w)
        for j in 0...m { d[j] = j }
        for i in stride(from: 1, through: n, by: 1) {
            d[i * w] = i
            for j in stride(from: 1, through: m, by: 1) {
                d[i * w + j] = min(d[(i - 1) * w + j - 1] + (r[i - 1] == h[j - 1] ? 0 : 1), d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1)
            }
        }
        // Walk back, collecting runs of edits between matches.
        var i = n, j = m
        var runR: [Character] = [], runH: [Character] = []
        func flush() {
            if !(runR.isEmpty && runH.isEmpty), runR.count <= 2, runH.count <= 2, !runR.contains(" "), !runH.contains(" ") {
                counts[String(runR.reversed()), default: [:]][String(runH.reversed()), default: 0] += 1
            }
            runR = []; runH = []
        }
        while i > 0 || j > 0 {
            if i > 0, j > 0, r[i - 1] == h[j - 1], d[i * w + j] == d[(i - 1) * w + j - 1] {
                flush(); i -= 1; j -= 1
            } else if i > 0, j > 0, d[i * w + j] == d[(i - 1) * w + j - 1] + 1 {
                runR.append(r[i - 1]); runH.append(h[j - 1]); i -= 1; j -= 1
            } else if i > 0, d[i * w + j] == d[(i - 1) * w + j] + 1 {
                runR.append(r[i - 1]); i -= 1
            } else {
                runH.append(h[j - 1]); j -= 1
            }
        }
        flush()
    }

    /// Confusions seen at least `minCount` times, most frequent first.
    public func pairs(minCount: Int = 5) -> [ConfusionPair] {
        var result: [ConfusionPair] = []
        for (reference, readings) in counts {
            let occurrences = max(1, reference.isEmpty ? pairCount : segmentCounts[reference] ?? 0)
            for (hypothesis, count) in readings where count >= minCount {
                result.append(ConfusionPair(reference: reference, hypothesis: hypothesis, count: count, rate: Double(count) / Double(occurrences)))
            }
        }
        return result.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.reference, $0.hypothesis) < ($1.reference, $1.hypothesis) }
    }

    /// Soft pairs for `ConfusionTable`: the more often a confusion happens, the cheaper it is
    /// (cost 1 − rate·4, between 0.3 and 0.8).
    public func softPairs(minCount: Int = 5, minRate: Double = 0.02) -> [(String, String, Double)] {
        pairs(minCount: minCount).filter { $0.rate >= minRate }.map { pair in
            (pair.reference, pair.hypothesis, min(0.8, max(0.3, 1 - pair.rate * 4)))
        }
    }

    private func foldKeepingSpaces(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).map { normalizer.fold(String($0)) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
