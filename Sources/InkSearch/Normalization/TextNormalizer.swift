import Foundation

/// The one normalization of InkIndex, applied alike to what is indexed and to what is searched.
///
/// Steps: Unicode NFKC; case folding (unless case is kept); diacritic and width folding;
/// punctuation and symbols removed (except `|`, which is a confusion of `1`); then, for keys,
/// the confusion classes collapsed (`ConfusionTable`).
///
/// ```swift
/// let n = TextNormalizer.standard
/// n.fold("Crème,")          // "creme"
/// n.key("Ps")  == n.key("P5")   // true: 5 and s are one class
/// n.words("1 Cor. 13:4-7")  // ["1", "cor", "1347"]
/// ```
/// Complexity: O(n) in the text's length.
public struct TextNormalizer: Sendable {
    public var confusions: ConfusionTable

    public static let standard = TextNormalizer(confusions: .standard)

    public init(confusions: ConfusionTable) {
        self.confusions = confusions
    }

    /// NFKC, diacritics and width folded, punctuation removed; lower-cased unless `keepingCase`.
    public func fold(_ text: String, keepingCase: Bool = false) -> String {
        var options: String.CompareOptions = [.diacriticInsensitive, .widthInsensitive]
        if !keepingCase { options.insert(.caseInsensitive) }
        let folded = text.precomposedStringWithCompatibilityMapping.folding(options: options, locale: nil)
        var scalars = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where Self.isKept(scalar) {
            scalars.append(scalar)
        }
        // .caseInsensitive folds "ß" to "ss" and leaves some capitals in other scripts: finish
        // with a plain lowercase so that index and query agree.
        let result = String(scalars)
        return keepingCase ? result : result.lowercased()
    }

    /// The words of a text, folded, split on whitespace; empty words dropped.
    public func words(_ text: String, keepingCase: Bool = false) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { fold(String($0), keepingCase: keepingCase) }.filter { !$0.isEmpty }
    }

    /// The collapsed scalars of a word: folded, lower case, confusion classes collapsed. Matching
    /// (`WeightedEditDistance`) runs on these.
    public func collapsedScalars(_ word: String) -> [Unicode.Scalar] {
        confusions.collapse(Array(fold(word).unicodeScalars))
    }

    /// The exact search key of a word: equal keys mean equal under every confusion class.
    public func key(_ word: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: collapsedScalars(word))
        return String(view)
    }


    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "|" { return true }
        let p = scalar.properties
        if p.isAlphabetic { return true }
        switch p.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }
}
