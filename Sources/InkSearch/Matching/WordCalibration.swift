import Foundation

/// Turns what is known about one word and one query word into the log-odds that the word is the
/// query: a logistic model over the best close reading (its probability, weighted distance,
/// whether it is a known word, exact or not) and, where the word kept its network evidence, the
/// `KeywordScorer` log-ratio; both by query length and by whether the query may be a prefix.
///
/// The weights are data, fitted on IAM-OnDB testset_v with `inkindex bench-search --dump-pairs`
/// (writers disjoint from the test sets); the threshold is the lowest with 90% precision there and
/// on UNIPEN's held-out writers (other tablets). Scores (`probability(logit:)`) are calibrated: about that share of hits at that
/// score are right.
///
/// ```swift
/// let c = WordCalibration.standard
/// let z = c.logit(text: .init(probability: 0.9, distance: 0, knownWord: true), logRatio: -0.2, length: 5, prefixQuery: false)
/// z >= c.threshold   // true: accepted
/// ```
public struct WordCalibration: Sendable, Hashable {
    /// The best reading's side of a match.
    public struct TextMatch: Sendable, Hashable {
        public var probability: Double
        public var distance: Double
        public var knownWord: Bool
        public init(probability: Double, distance: Double, knownWord: Bool) {
            self.probability = probability
            self.distance = distance
            self.knownWord = knownWord
        }
    }

    /// Weights where evidence is known: log-ratio, log-ratio / length, then the text features
    /// (log probability, distance, inexact known word, exact, has a reading), length, prefix
    /// query, bias.
    public var evidenceWeights: [Double]
    /// Weights without evidence: log probability, distance, inexact known word, exact, length,
    /// prefix query, bias.
    public var textWeights: [Double]
    /// Log-odds a word must reach to be a hit.
    public var threshold: Double
    /// How far (weighted distance, by query length in collapsed characters; the last entry for
    /// longer words) a reading may be from the query to count as a close reading.
    public var maxDistanceByLength: [Double]
    /// Shorter query words (collapsed characters) are matched as without calibration: the
    /// weights were fitted on words of 4+ letters, and short words have too many neighbours.
    public var minimumLength: Int
    /// Log-ratios are clipped here (and taken as this where no alignment fits).
    public static let ratioFloor = -20.0
    /// Words no reading comes close to are scored on evidence only where `EvidenceIndex`'s bound
    /// reaches this (as in the data the weights were fitted on).
    public static let evidenceFloor = -12.0

    public init(evidenceWeights: [Double], textWeights: [Double], threshold: Double,
                maxDistanceByLength: [Double] = [0, 0, 0, 0, 1.5, 2, 2, 2.5, 2.5, 3, 3], minimumLength: Int = 4) {
        self.minimumLength = minimumLength
        self.maxDistanceByLength = maxDistanceByLength
        precondition(evidenceWeights.count == 10 && textWeights.count == 7, "WordCalibration: 10 evidence and 7 text weights")
        self.evidenceWeights = evidenceWeights
        self.textWeights = textWeights
        self.threshold = threshold
    }

    /// The calibration for the research model's evidence (`ShippedModel.research`, and any model
    /// without one of its own). Fitted in recognition version 22 on testset_v as the research
    /// model then read it for search, beside the open model (a line's evidence is that of the
    /// reading its text came from, either network's; 2,207 words of 4+ letters as queries over
    /// 1,438 lines, whole words and prefixes together; a line's score is its best word's; words
    /// with a reading that spells the query taken as accepted, as
    /// `MatchPolicy.exactReadingsSuffice` does): `bench-search --quality --set testset_v --model
    /// research --dump-pairs P`, then `Training/search/fit_calibration.py P 4036 4639`. Fitted
    /// with a second network's readings beside the first, it no longer takes evidence alone for
    /// a hit below 15 letters: a word that no reading of any network comes close to is rarely
    /// the query. Since recognition version 23 the research model reads beside two networks
    /// (`ReadingPlan.standard(for: .research)`); the weights stay, because a refit on those
    /// readings found less at 90% precision (94.6% of testset_v's words at -1.2 against 95.0%),
    /// and the threshold is -1.1: the lowest, in steps of 0.1, that keeps 90% precision in both
    /// modes on testset_v (prefixes 90.0%) and on the 1,738 lines of UNIPEN's held-out writers
    /// (new devices, 92.4%). The price: evidence no longer rescues a five-letter known word one
    /// soft confusion from the query ("bread" read where the frames say "broad").
    public static let standard = WordCalibration(
        evidenceWeights: [0.190, 0.194, 0.256, -1.124, -3.129, -1.523, 7.124, 0.455, 0.041, -6.946],
        textWeights: [1.740, -3.076, -3.611, 2.057, -0.207, -0.763, -4.219],
        threshold: -1.1)

    /// The calibration for the evidence of the open model (`ShippedModel.open`): fitted the same
    /// way on UNIPEN's held-out writers only (the open model of recognition version 11 on 1,738
    /// free-text samples, 4,018 words of 4+ letters as queries: `bench-search --quality --file
    /// unipen/text.dev.jsonl.gz --held-out-writers --model open --dump-pairs`, then
    /// `Training/search/fit_calibration.py`), so that nothing a commercial app ships with the open
    /// model is fitted on IAM-OnDB. The threshold is where it matches `standard`'s recall on those
    /// pairs at higher precision (-1.0).
    public static let open = WordCalibration(
        evidenceWeights: [0.391, 0.035, 0.237, -0.162, -3.386, -0.971, 4.484, 0.442, -0.087, -4.124],
        textWeights: [1.468, -2.802, -3.337, 2.057, 0.068, -0.526, -3.945],
        threshold: -1.0)

    /// The calibration for the evidence of the model named `identifier` (a note's
    /// `recognitionModel`: "open", "research"); `standard` for any other.
    ///
    /// ```swift
    /// let c = WordCalibration.shipped(forModel: "open")
    /// ```
    public static func shipped(forModel identifier: String) -> WordCalibration {
        identifier == "open" ? open : standard
    }

    /// Log-odds that the word is the query. With `logRatio` nil the text model is used (no
    /// evidence); `text` nil means no reading came close.
    public func logit(text: TextMatch?, logRatio: Double?, length: Int, prefixQuery: Bool) -> Double {
        let n = Double(length), p = prefixQuery ? 1.0 : 0.0
        func textTerms(_ m: TextMatch) -> (lp: Double, d: Double, known: Double, exact: Double) {
            (log(max(m.probability, 1e-3)), m.distance, m.knownWord && m.distance > 0 ? 1 : 0, m.distance == 0 ? 1 : 0)
        }
        guard let logRatio else {
            guard let text else { return -.infinity }
            let t = textTerms(text), w = textWeights
            return w[0] * t.lp + w[1] * t.d + w[2] * t.known + w[3] * t.exact + w[4] * n + w[5] * p + w[6]
        }
        let r = max(logRatio, Self.ratioFloor), w = evidenceWeights
        var z = w[0] * r + w[1] * r / max(n, 1) + w[7] * n + w[8] * p + w[9]
        if let text {
            let t = textTerms(text)
            z += w[2] * t.lp + w[3] * t.d + w[4] * t.known + w[5] * t.exact + w[6]
        }
        return z
    }

    /// The lowest log-ratio with which a word no reading comes close to can still be a hit (not
    /// below `evidenceFloor`).
    public func minimumLogRatio(length: Int, prefixQuery: Bool) -> Double {
        max(Self.evidenceFloor, minimumLogRatio(text: nil, length: length, prefixQuery: prefixQuery))
    }

    /// The lowest log-ratio with which a word with this close reading (or none) can be a hit.
    public func minimumLogRatio(text: TextMatch?, length: Int, prefixQuery: Bool) -> Double {
        let n = Double(length), w = evidenceWeights
        let slope = w[0] + w[1] / max(n, 1)
        guard slope > 0 else { return Self.ratioFloor }
        let rest = logit(text: text, logRatio: 0, length: length, prefixQuery: prefixQuery)
        return (threshold - rest) / slope
    }

    public func maxDistance(forLength length: Int) -> Double {
        maxDistanceByLength[min(length, maxDistanceByLength.count - 1)]
    }

    /// The calibrated probability of a log-odds.
    public static func probability(logit: Double) -> Double { 1 / (1 + exp(-logit)) }
}
