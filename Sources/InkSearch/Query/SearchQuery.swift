/// A parsed query: its words, normalized as the index is, and the scripture reference it names.
///
/// A query that is exactly a reference with a chapter ("Jn 3:16", "Ps 119") is matched against
/// references; a book alone ("Romans") is matched as a word and also against references to that
/// book; anything else is a word or a phrase.
///
/// ```swift
/// let q = SearchQuery("Jn 3.16")
/// q.reference?.description   // "John 3:16"
/// SearchQuery("new note").terms.map(\.folded)   // ["new", "note"]
/// ```
public struct SearchQuery: Sendable {
    /// One query word.
    public struct Term: Sendable, Hashable {
        /// Folded (lower case unless case matching).
        public var folded: String
        /// Collapsed scalars: what distances are measured on.
        public var scalars: [Unicode.Scalar]
        /// Folded lower case with spelling variants folded, confusion classes kept: what a
        /// reading must spell letter for letter to be the query itself.
        public var spelling: String
        /// The exact key (`TextNormalizer.key`).
        public var key: String
        /// Largest weighted distance accepted (for a word without evidence).
        public var maxDistance: Double
        /// Largest distance of a close reading that a calibrated policy weighs with the evidence.
        public var candidateDistance: Double
        /// May match the beginning of a longer word.
        public var allowsPrefix: Bool
    }

    public var text: String
    public var options: SearchOptions
    public var terms: [Term]
    /// The reference the whole query spells, with at least a chapter.
    public var reference: ScriptureReference?
    /// A query that is only a book name: the book.
    public var book: ScriptureReference?

    public init(_ text: String, options: SearchOptions = SearchOptions(), normalizer: TextNormalizer = .standard,
                policy: MatchPolicy = .standard, parser: ScriptureParser = .standard) {
        self.text = text
        self.options = options
        let words = TextNormalizer.rawWords(text)
            .filter { !normalizer.fold($0).isEmpty }
        terms = words.enumerated().map { index, word in
            let allowsPrefix = !options.fullWordsOnly && index == words.count - 1
            let scalars = normalizer.collapsedScalars(word)
            var keyView = String.UnicodeScalarView(); keyView.append(contentsOf: scalars)
            return Term(folded: normalizer.fold(word, keepingCase: options.caseMatchingOnly), scalars: scalars,
                        spelling: normalizer.spellings.canonical(normalizer.fold(word)),
                        key: String(keyView),
                        maxDistance: policy.maxDistance(forLength: scalars.count),
                        candidateDistance: max(policy.maxDistance(forLength: scalars.count),
                                               policy.calibration(allowingPrefix: allowsPrefix).map { word.count >= $0.minimumLength ? $0.maxDistance(forLength: scalars.count) : 0 } ?? 0),
                        allowsPrefix: allowsPrefix)
        }
        if let parsed = parser.parse(text) {
            if parsed.chapter != nil { reference = parsed } else { book = parsed }
        }
    }

    public var isEmpty: Bool { terms.isEmpty && reference == nil }
}
