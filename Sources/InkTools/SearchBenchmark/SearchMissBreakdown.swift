import Foundation
import InkIndex
import InkRecognition
import InkSearch

/// Why a relevant line was missed, judged from its tokens (for choosing what to fix):
/// - `nearReading`: some reading of some word is within 2 plain edits of the query (matching
///   or scoring turned it down);
/// - `segmentation`: two adjacent best readings joined are within 1 edit, or the query sits
///   inside a longer reading (words split or merged);
/// - `far`: nothing read is close: only the ink's evidence can find it.
///
/// ```swift
/// var breakdown = SearchMissBreakdown()
/// breakdown.add(query: "about", tokens: tokens)
/// breakdown.counts   // ["far": 1]
/// ```
struct SearchMissBreakdown: Sendable, Codable {
    var counts: [String: Int] = [:]

    mutating func add(query: String, tokens: [WordToken], normalizer: TextNormalizer = .standard) {
        counts[kind(query, tokens, normalizer), default: 0] += 1
        counts["evidence " + evidenceBucket(query, tokens), default: 0] += 1
    }

    /// The best `KeywordScorer` log-ratio of the query over the words, bucketed.
    private func evidenceBucket(_ query: String, _ tokens: [WordToken]) -> String {
        var best: Float?
        for token in tokens {
            guard let evidence = token.evidence,
                  let label = KeywordScorer.Label(Array(query), alphabet: evidence.posteriors.alphabet, caseMatching: false),
                  let ratio = KeywordScorer.score(label, evidence, prefix: false) else { continue }
            best = max(best ?? -.infinity, ratio)
        }
        guard let best else { return "none" }
        return best >= -3 ? ">=-3" : best >= -6 ? "-6..-3" : best >= -10 ? "-10..-6" : "<-10"
    }

    private func kind(_ query: String, _ tokens: [WordToken], _ normalizer: TextNormalizer) -> String {
        let q = Array(query)
        let readings = tokens.map { $0.readings.map { normalizer.fold($0.text) } }
        if readings.joined().contains(where: { EditDistance.between(q, Array($0)) <= 2 }) { return "nearReading" }
        let best = readings.map { $0.first ?? "" }
        for k in best.indices.dropLast() where EditDistance.between(q, Array(best[k] + best[k + 1])) <= 1 { return "segmentation" }
        if best.contains(where: { $0.count >= q.count + 2 && $0.contains(query) }) { return "segmentation" }
        return "far"
    }

    var description: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
