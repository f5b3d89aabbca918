/// The figures `inkindex eval` prints: error rates (fractions, not percentages) and latency.
public struct EvaluationReport: Sendable, Hashable, Codable {
    public var samples: Int
    public var cer: Double
    public var wer: Double
    /// With spaces around punctuation normalized (see `PunctuationSpacing`).
    public var cerNormalized: Double
    public var werNormalized: Double
    /// The CER had the closest candidate been chosen (see `RecognitionEvaluator`).
    public var oracleCER: Double
    /// The CER with case folded on both sides (see `ErrorRates.caselessCER`).
    public var cerCaseless: Double
    /// The share of the references' letters beyond a–z read as written (see
    /// `ErrorRates.diacriticAccuracy`); absent where there are none.
    public var diacriticAccuracy: Double?
    /// The languages the recognizer read with (codes, priority order).
    public var languages: [String] = []
    /// Per-sample recognition time: layout plus every line's recognition.
    public var medianMilliseconds: Double
    public var p95Milliseconds: Double

    enum CodingKeys: String, CodingKey {
        case samples, cer, wer
        case cerNormalized = "cer_normalized"
        case werNormalized = "wer_normalized"
        case oracleCER = "oracle_cer"
        case cerCaseless = "cer_caseless"
        case diacriticAccuracy = "diacritic_accuracy"
        case languages
        case medianMilliseconds = "median_ms"
        case p95Milliseconds = "p95_ms"
    }

    public init(rates: ErrorRates, latency: LatencySummary) {
        samples = rates.samples
        cer = rates.cer
        wer = rates.wer
        cerNormalized = rates.normalizedCER
        werNormalized = rates.normalizedWER
        oracleCER = rates.oracleCER
        cerCaseless = rates.caselessCER
        diacriticAccuracy = rates.diacriticAccuracy
        medianMilliseconds = latency.median
        p95Milliseconds = latency.p95
    }
}
