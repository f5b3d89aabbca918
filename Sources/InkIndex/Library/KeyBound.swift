import Foundation

/// What a word carrying one key that a query word matches can score for it: an upper bound, by
/// the probability of its reading and (where it kept its evidence) the cost of its frames' best
/// path. SQLite orders and prunes candidates by it before any word is read.
///
/// Without evidence a word scores `MatchPolicy.score` of its reading (only within the term's
/// `maxDistance`). With evidence, a calibrated term scores the calibrated probability of its
/// reading and its log-ratio, which can be far above the reading's score ("about" read "out"
/// with p 0.05 scores 0.9 where the frames say "about"); the log-ratio is at most the best
/// path's cost plus `EvidenceCoding.ratioMargin`, so the logit with that ratio bounds it.
///
/// ```swift
/// let bound = KeyBound(readingScore: 0.8, distance: 0.5, calibration: .standard, length: 5, prefixQuery: false)
/// bound.bound(probability: 0.3, evidenceCost: 2.1)   // ≥ any score such a word gets
/// ```
struct KeyBound: Hashable {
    /// `MatchPolicy.score` of a reading of probability 1 with the key; 0 where the key is too
    /// far for a reading alone to be a hit.
    var readingScore: Double
    /// The key's weighted distance from the query word.
    var distance: Double
    /// The calibration that judges the query word (nil: readings alone).
    var calibration: WordCalibration?
    /// The query word's length (collapsed characters) and whether it may be a prefix.
    var length: Int
    var prefixQuery: Bool

    /// At least the score of a word carrying the key with `probability`, whose evidence's best
    /// path costs `evidenceCost` (nil: no evidence). Nondecreasing in both.
    func bound(probability: Double, evidenceCost: Double?) -> Double {
        var best = probability * readingScore
        if let calibration, let evidenceCost {
            var z = -Double.infinity
            // The largest logit over what SQL does not know: whether the reading is a known
            // word, and the log-ratio (up to the bound; the floor where a weight is negative).
            for known in [false, true] {
                for ratio in [evidenceCost + EvidenceCoding.ratioMargin, WordCalibration.ratioFloor] {
                    z = max(z, calibration.logit(text: .init(probability: probability, distance: distance, knownWord: known),
                                                 logRatio: ratio, length: length, prefixQuery: prefixQuery))
                }
            }
            best = max(best, WordCalibration.probability(logit: z))
        }
        return best
    }

    /// A probability below every probability at which `bound` reaches `score` (-1 where it does
    /// at 0; nil where it never does, up to 1). Nondecreasing in `score`, so that bands of
    /// postings read between two levels neither overlap nor leave gaps.
    func probabilityBelow(reaching score: Double, evidenceCost: Double?) -> Double? {
        guard calibration != nil, evidenceCost != nil else {
            // Linear: the old, exact form (lowered a little, so that rounding drops nothing).
            return readingScore > 0 && score / readingScore <= 1 + 1e-9 ? score / readingScore * (1 - 1e-9) : nil
        }
        guard bound(probability: 1, evidenceCost: evidenceCost) >= score else { return nil }
        // The logit grows with log probability only where its weight is not negative.
        guard bound(probability: 0, evidenceCost: evidenceCost) < score, (calibration?.evidenceWeights[2] ?? 0) >= 0 else { return -1 }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if bound(probability: middle, evidenceCost: evidenceCost) >= score { high = middle } else { low = middle }
        }
        return low
    }
}
