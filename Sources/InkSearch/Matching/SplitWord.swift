import Foundation

/// The rule for a word the recognizer read as two ("Whits table" for "Whitstable", or a word
/// broken over a line end): one place for it, so that `SearchIndex` and a library over stored
/// keys find the same split words.
///
/// A one-word query of at least `MatchPolicy.minimumSplitLength` collapsed characters is cut in
/// two halves of at least two characters each; two words in a row (the second directly after
/// the first in reading order, on the same line or the next) are a hit where a reading of the
/// first has the head's key and a reading of the second the tail's: exact under the confusion
/// classes. The hit scores the product of the two readings' probabilities times
/// `MatchPolicy.splitFactor`, so that it ranks below a word read whole.
///
/// ```swift
/// let rule = SplitWord()
/// let term = SearchQuery("Whitstable").terms[0]
/// rule.cuts(of: term).count   // 7: "wh" + "itstable" ... "whitstab" + "le" (as keys)
/// rule.match(term, WordReading(text: "Whits", probability: 0.8), WordReading(text: "table", probability: 0.9),
///            caseMatchingOnly: false)?.score   // 0.36
/// ```
public struct SplitWord: Sendable {
    /// Whose normalizer folds case and whose policy sets the lengths and the factor.
    public let matcher: WordMatcher
    public var policy: MatchPolicy { matcher.policy }

    public init(matcher: WordMatcher = WordMatcher()) {
        self.matcher = matcher
    }

    /// The keys (`TextNormalizer.key`) of the two halves, at each cut of the term; none for a
    /// term shorter than `minimumSplitLength` (or where that is 0: off). O(term length²).
    public func cuts(of term: SearchQuery.Term) -> [(head: String, tail: String)] {
        let scalars = term.scalars
        guard policy.minimumSplitLength > 0, scalars.count >= max(4, policy.minimumSplitLength) else { return [] }
        return (2...(scalars.count - 2)).map { cut in
            (String(String.UnicodeScalarView(scalars[..<cut])), String(String.UnicodeScalarView(scalars[cut...])))
        }
    }

    /// The least probability a reading of either half needs for the pair to score `score`
    /// (the other reading at probability 1): for reading only the postings that can reach it.
    public func minimumProbability(reaching score: Double) -> Double {
        score / policy.splitFactor
    }

    /// The hit of a term on two readings that spell the halves of one of its cuts: its score and
    /// the reading shown ("Whits table"); nil where `caseMatchingOnly` and the joined readings
    /// do not agree in case with the query, or where it scores below `minimumScore`.
    public func match(_ term: SearchQuery.Term, _ first: WordReading, _ second: WordReading, caseMatchingOnly: Bool) -> (score: Double, reading: String)? {
        guard matcher.agreesInCase(term, first.text + second.text, prefix: false, caseMatchingOnly: caseMatchingOnly) else { return nil }
        let score = first.probability * second.probability * policy.splitFactor
        guard score >= policy.minimumScore else { return nil }
        return (score, first.text + " " + second.text)
    }
}
