/// The `KeywordScorer.Label`s of one query's terms, made once per alphabet met (indexes normally
/// hold one model's words, so one alphabet).
struct KeywordLabels {
    private let caseMatching: Bool
    private var made: [Int: (alphabet: String, label: KeywordScorer.Label?)] = [:]
    private var symbolsMade: [Int: [Int]?] = [:]

    init(_ query: SearchQuery) {
        caseMatching = query.options.caseMatchingOnly
    }

    /// The term's `EvidenceIndex` symbols (nil where it has other characters).
    mutating func symbols(_ index: Int, _ term: SearchQuery.Term) -> [Int]? {
        if let made = symbolsMade[index] { return made }
        let symbols = EvidenceIndex.symbols(of: term.folded)
        symbolsMade[index] = symbols
        return symbols
    }

    mutating func label(_ index: Int, _ term: SearchQuery.Term, alphabet: String) -> KeywordScorer.Label? {
        if let cached = made[index], cached.alphabet == alphabet { return cached.label }
        let label = KeywordScorer.Label(Array(term.folded), alphabet: alphabet, caseMatching: caseMatching)
        made[index] = (alphabet, label)
        return label
    }
}
