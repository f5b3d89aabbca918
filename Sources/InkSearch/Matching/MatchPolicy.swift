import Foundation

/// How close is close enough, and how hits are scored. One policy serves the in-memory index and
/// the library alike.
///
/// ```swift
/// let policy = MatchPolicy.standard
/// policy.maxDistance(forLength: 4)     // 0.5: only a soft confusion
/// policy.score(probability: 0.8, distance: 0.5, prefix: false)
/// ```
public struct MatchPolicy: Sendable, Hashable {
    /// Allowed weighted distance by query-word length (in collapsed characters); the last entry
    /// holds for every longer word.
    public var maxDistanceByLength: [Double]
    /// Multiplies the score of a word matched only as a prefix.
    public var prefixFactor: Double
    /// Score falls as exp(-distanceDecay · distance).
    public var distanceDecay: Double
    /// Hits scoring below this are dropped (a far-fetched reading matched fuzzily).
    public var minimumScore: Double
    /// Multiplies the score of an inexact match on a reading that is itself a known word
    /// ("about" for the query "above"): the ink most likely says that other word.
    public var knownWordFactor: Double
    /// Where set, a word is a hit by this model of its reading and its network evidence (and
    /// scores its calibrated probability) instead of by `score` and `minimumScore`.
    public var calibration: WordCalibration?
    /// Whether terms matched as whole words (every term but a query's last without
    /// `fullWordsOnly`) are judged by `calibration` too, or by their readings alone. On in
    /// `standard`: with `exactReadingsSuffice`, the calibration finds more whole words on testset_v,
    /// the tuning set (recall 89.7%, precision 92.5%, against 89.0% / 93.1% by readings alone).
    public var calibratesWholeWords: Bool
    /// Whether a word with a reading that spells the query letter for letter (case, diacritics,
    /// punctuation and spelling variants aside; scoring at least `minimumScore`) is a hit whatever
    /// the calibration makes of its evidence. The evidence is the network's alone, and the
    /// decoder's language model rightly overrules it at times ("alsa" read as "also"): a word
    /// shown as "also" must be found by "also". A reading equal to the query only under the
    /// confusion classes ("clear" for "dear") is left to the calibration, which weighs what the
    /// frames say. On in `standard`; on testset_v it finds prefixes at recall 89.8%, precision
    /// 91.5%, against 88.1% / 92.5% without it.
    public var exactReadingsSuffice: Bool
    /// One-word queries of at least this many collapsed characters also find the word read as
    /// two adjacent words that spell it ("Whits table"); 0 turns that off.
    public var minimumSplitLength: Int = 6
    /// Multiplies the score of such a split word.
    public var splitFactor: Double = 0.5
    /// A struck-through word is still a hit, its score multiplied by this: at 0.05 (the
    /// `minimumScore` of `standard`, with scores at most 1) it ranks below every word not struck.
    public var struckFactor: Double = 0.05

    public init(maxDistanceByLength: [Double], prefixFactor: Double = 0.85, distanceDecay: Double = 2,
                minimumScore: Double = 0.05, knownWordFactor: Double = 0.1, calibration: WordCalibration? = nil,
                calibratesWholeWords: Bool = true, exactReadingsSuffice: Bool = true) {
        self.maxDistanceByLength = maxDistanceByLength
        self.exactReadingsSuffice = exactReadingsSuffice
        self.calibration = calibration
        self.calibratesWholeWords = calibratesWholeWords
        self.knownWordFactor = knownWordFactor
        self.prefixFactor = prefixFactor
        self.distanceDecay = distanceDecay
        self.minimumScore = minimumScore
    }

    /// Words without network evidence: length 0–3 exact (under the confusion classes), 4 one
    /// soft confusion, 5–6 one edit, 7–9 one and a half, 10 and more two, scored by `score`.
    /// Words with evidence: `WordCalibration.standard`, where a reading that spells the query is
    /// enough on its own.
    public static let standard = MatchPolicy(maxDistanceByLength: [0, 0, 0, 0, 0.5, 1, 1, 1.5, 1.5, 1.5, 2],
                                             calibration: .standard)

    /// `standard`, with the calibration of the model named `identifier`
    /// (`WordCalibration.shipped(forModel:)`): each model's evidence is weighed as fitted on its
    /// own readings.
    ///
    /// ```swift
    /// let policy = MatchPolicy.standard(forModel: recognizer.recognitionModel)
    /// ```
    public static func standard(forModel identifier: String) -> MatchPolicy {
        var policy = standard
        policy.calibration = .shipped(forModel: identifier)
        return policy
    }

    /// `standard` without calibration: evidence is ignored.
    public static let uncalibrated = MatchPolicy(maxDistanceByLength: [0, 0, 0, 0, 0.5, 1, 1, 1.5, 1.5, 1.5, 2])

    /// Exact matching only (the baseline in benchmarks).
    public static let exact = MatchPolicy(maxDistanceByLength: [0], prefixFactor: 0.85, minimumScore: 0)

    /// The calibration that judges a term: none for a whole-word term unless
    /// `calibratesWholeWords`.
    public func calibration(allowingPrefix: Bool) -> WordCalibration? {
        allowingPrefix || calibratesWholeWords ? calibration : nil
    }

    public func maxDistance(forLength length: Int) -> Double {
        maxDistanceByLength[min(length, maxDistanceByLength.count - 1)]
    }

    /// probability · exp(-decay · distance) · (prefix ? prefixFactor : 1), times
    /// `knownWordFactor` for an inexact match on a known word.
    public func score(probability: Double, distance: Double, prefix: Bool, readingIsKnownWord: Bool = false) -> Double {
        probability * exp(-distanceDecay * distance) * (prefix ? prefixFactor : 1)
            * (distance > 0 && readingIsKnownWord ? knownWordFactor : 1)
    }
}
