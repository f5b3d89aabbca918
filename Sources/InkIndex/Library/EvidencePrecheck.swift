import Foundation

/// Rules out, before it is put into the confirming `SearchIndex`, a stored word that the index
/// would reject by its evidence anyway: building an index entry (lexicon look-ups, keys, the
/// evidence's letter table) costs far more than one `KeywordScorer` pass that gives up early,
/// and with evidence a query word has many candidates (every word up to two edits away).
///
/// Exact with respect to `SearchIndex.judge`: a word is ruled out only where no reading spells
/// the query (no exact reading to suffice), and even its most favourable close reading would
/// need a log-ratio its frames do not reach (or more than 1, which `judge` never grants).
///
/// ```swift
/// var precheck = EvidencePrecheck(query)      // nil where the calibration does not judge the word
/// precheck?.rulesOut(word)                    // true: no hit, whatever the index says
/// ```
struct EvidencePrecheck {
    private let term: SearchQuery.Term
    private let calibration: WordCalibration
    /// (No lexicon: whether a reading is a known word is taken as no, the favourable case.)
    private let matcher = WordMatcher(lexicon: nil)
    private let caseMatching: Bool
    private var labels: [String: KeywordScorer.Label?] = [:]
    /// Each reading text's distance from the term (nil: not close), as `matcher` finds it: the
    /// candidates of a query carry few distinct readings, and matching one normalizes its text.
    private var distances: [String: Double?] = [:]

    init?(_ query: SearchQuery, policy: MatchPolicy = .standard) {
        guard query.terms.count == 1, let term = query.terms.first,
              let calibration = policy.calibration(allowingPrefix: term.allowsPrefix), term.folded.count >= calibration.minimumLength else { return nil }
        self.term = term
        self.calibration = calibration
        caseMatching = query.options.caseMatchingOnly
    }

    mutating func rulesOut(_ word: WordToken) -> Bool {
        guard let evidence = word.evidence else { return false }
        let alphabet = evidence.posteriors.alphabet
        if labels[alphabet] == nil { labels[alphabet] = KeywordScorer.Label(Array(term.folded), alphabet: alphabet, caseMatching: caseMatching) }
        guard let label = labels[alphabet] ?? nil else { return false }
        // The least log-ratio any close reading needs (unknown words need less: taken as unknown).
        var needed = Double.infinity
        for reading in word.readings {
            guard let distance = distance(of: reading) else { continue }
            if distance == 0 { return false }
            needed = min(needed, calibration.minimumLogRatio(text: .init(probability: reading.probability, distance: distance, knownWord: false),
                                                             length: term.scalars.count, prefixQuery: term.allowsPrefix))
        }
        guard needed.isFinite else { return false }
        if needed > 1 { return true }
        let ratio = KeywordScorer.score(label, evidence, prefix: term.allowsPrefix, cutoff: Float(needed)).map(Double.init) ?? WordCalibration.ratioFloor
        return max(ratio, WordCalibration.ratioFloor) < needed
    }

    /// The reading's distance from the term (no lexicon: it depends on the text alone).
    private mutating func distance(of reading: WordReading) -> Double? {
        if let known = distances[reading.text] { return known }
        let distance = matcher.match(term, collapsed: matcher.normalizer.collapsedScalars(reading.text), reading: reading,
                                     caseMatchingOnly: caseMatching, limit: term.candidateDistance)?.distance
        distances[reading.text] = distance
        return distance
    }
}
