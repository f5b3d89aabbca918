import InkRecognition

/// The ASCII spellings that languages write in place of their letters, as word pairs for
/// `SpellingVariants`: German "fuer", "Muenchen" for "für", "München"; Danish and Norwegian
/// "Soeren", "Aarhus" for "Søren", "Århus". A note written either way is found by a query
/// written either way: the transliteration is folded onto the letters' folded form ("fur"),
/// which is also what "für" folds to.
///
/// Built from the shipped word priors of those languages, so that only real words change: a
/// transliteration that is itself an English word ("does", "poet") is left alone. (The
/// languages' own lists hold some transliterations, "fuer" among them: those are the point.)
///
/// ```swift
/// Transliterations.pairs.contains { $0 == ("fuer", "fur") }   // true
/// ```
/// Complexity: O(words of the German, Danish and Norwegian priors), once per process.
enum Transliterations {
    /// (transliterated, folded) pairs, lower case.
    static let pairs: [(british: String, american: String)] = {
        let rules: [(RecognitionLanguage, [Character: String])] = [
            (.german, ["ä": "ae", "ö": "oe", "ü": "ue"]),
            (.danish, ["ø": "oe", "æ": "ae", "å": "aa"]),
            (.norwegianBokmal, ["ø": "oe", "æ": "ae", "å": "aa"]),
        ]
        let english = (try? WordPrior.shipped(.english)).map { Set($0.words) } ?? []
        var out: [(String, String)] = []
        for (language, rule) in rules {
            guard let prior = try? WordPrior.shipped(language) else { continue }
            for word in prior.words where word.contains(where: { rule[$0] != nil }) {
                let written = String(word.flatMap { rule[$0].map(Array.init) ?? [$0] })
                guard !english.contains(written) else { continue }
                out.append((TextNormalizer.standardFold(written), TextNormalizer.standardFold(word)))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }()
}
