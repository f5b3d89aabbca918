import InkRecognition

/// Decides whether one reading of a word answers one query word, and how well: the single
/// place where search semantics live, used by `SearchIndex` and meant for any other store of
/// `WordToken`s (a SQLite library finds candidate readings its own way, then asks this).
///
/// ```swift
/// let matcher = WordMatcher()
/// let query = SearchQuery("note")
/// matcher.match(query.terms[0], reading: WordReading(text: "notebook", probability: 0.9),
///               caseMatchingOnly: false)      // prefix match, score 0.9 · 0.85
/// ```
public struct WordMatcher: Sendable {
    /// How well a reading answers a query word.
    public struct Match: Sendable, Hashable {
        /// Weighted edit distance (0 for equal under the confusion classes).
        public var distance: Double
        /// Matched only as the beginning of a longer word.
        public var prefix: Bool
        /// `MatchPolicy.score` of the match.
        public var score: Double
    }

    public let normalizer: TextNormalizer
    public let policy: MatchPolicy
    public let lexicon: Lexicon?
    let distance: WeightedEditDistance

    public init(normalizer: TextNormalizer = .standard, policy: MatchPolicy = .standard, lexicon: Lexicon? = .shipped) {
        self.normalizer = normalizer
        self.policy = policy
        self.lexicon = lexicon
        self.distance = WeightedEditDistance(table: normalizer.confusions)
    }

    /// The match of a reading, or nil where it does not answer the term.
    public func match(_ term: SearchQuery.Term, reading: WordReading, caseMatchingOnly: Bool) -> Match? {
        match(term, collapsed: normalizer.collapsedScalars(reading.text), reading: reading, caseMatchingOnly: caseMatchingOnly)
    }

    /// `match` for a reading whose collapsed scalars are at hand (a stored key), so that
    /// judging many stored keys costs no normalization. `limit`: the largest distance accepted
    /// (default the term's `maxDistance`; a calibrated search looks as far as its
    /// `candidateDistance`).
    public func match(_ term: SearchQuery.Term, collapsed scalars: [Unicode.Scalar], reading: WordReading, caseMatchingOnly: Bool,
                      limit: Double? = nil) -> Match? {
        guard let (d, prefix) = distance(term, scalars, limit: limit) else { return nil }
        guard agreesInCase(term, reading.text, prefix: prefix, caseMatchingOnly: caseMatchingOnly) else { return nil }
        let known = d > 0 && (lexicon?.contains(token: reading.text) ?? false)
        return Match(distance: d, prefix: prefix, score: policy.score(probability: reading.probability, distance: d, prefix: prefix, readingIsKnownWord: known))
    }

    /// Distance of a term to collapsed reading scalars: as a whole word, or as a prefix where the
    /// term allows it and that is closer ("autumn" is a prefix of "autumnal" at 0, not the whole
    /// word at 2 insertions).
    func distance(_ term: SearchQuery.Term, _ scalars: [Unicode.Scalar], limit: Double? = nil) -> (Double, Bool)? {
        let limit = limit ?? term.maxDistance
        if scalars == term.scalars { return (0, false) }
        let whole = distance.distance(term.scalars, scalars, limit: limit)
        // Prefixes keep the term's own limit: looser ones would make most words candidates.
        if term.allowsPrefix, scalars.count > term.scalars.count, whole.map({ $0 > 0 }) ?? true,
           let d = distance.prefixDistance(term.scalars, scalars, limit: min(whole ?? limit, term.maxDistance)),
           d < whole ?? .infinity {
            return (d, true)
        }
        return whole.map { ($0, false) }
    }

    func agreesInCase(_ term: SearchQuery.Term, _ reading: String, prefix: Bool, caseMatchingOnly: Bool) -> Bool {
        guard caseMatchingOnly else { return true }
        return CaseAgreement.agrees(query: term.folded, reading: normalizer.fold(reading, keepingCase: true), prefix: prefix)
    }
}
