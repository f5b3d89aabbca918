/// Folds British spellings onto American ones, word by word, so that both spellings of a word
/// have one search key ("honour" and "honor", "baptised" and "baptized"). Part of
/// `TextNormalizer`'s keys, applied alike to the index and to queries.
///
/// ```swift
/// let spellings = SpellingVariants.standard
/// spellings.canonical("saviour")      // "savior"
/// spellings.canonical("realised")     // "realized"
/// spellings.canonical("four")         // "four": only listed words change
/// ```
/// Complexity: O(1) a word (one hash lookup) after building the table once.
public struct SpellingVariants: Sendable {
    /// Folded (lower-case) word → its American spelling.
    private let american: [String: String]

    /// The shipped table: British spellings (`SpellingVariantData`) and the ASCII spellings of
    /// German, Danish and Norwegian letters (`Transliterations`: "fuer" for "für").
    public static let standard = SpellingVariants(pairs: SpellingVariantData.allPairs + Transliterations.pairs)

    /// No folding: every word is its own spelling.
    public static let none = SpellingVariants(pairs: [])

    /// - Parameter pairs: British and American forms of the same word, lower case.
    public init(pairs: [(british: String, american: String)]) {
        var american: [String: String] = [:]
        for pair in pairs where pair.british != pair.american { american[pair.british] = pair.american }
        self.american = american
    }

    /// The American spelling of a folded (lower-case) word, or the word itself.
    public func canonical(_ word: String) -> String {
        american[word] ?? word
    }
}

extension SpellingVariantData {
    /// Every pair, with the stems expanded.
    static var allPairs: [(british: String, american: String)] {
        var pairs = words
        for stem in ourStems {
            let american = String(stem.dropLast(2)) + "r"
            for suffix in ourSuffixes { pairs.append((stem + suffix, american + suffix)) }
        }
        for stem in reStems {
            let american = String(stem.dropLast(2)) + "er"
            pairs += [(stem, american), (stem + "s", american + "s"), (stem + "d", american + "ed"), (String(stem.dropLast()) + "ing", american + "ing")]
        }
        for stem in iseStems {
            for (british, american) in iseSuffixes { pairs.append((stem + british, stem + american)) }
        }
        return pairs
    }
}
