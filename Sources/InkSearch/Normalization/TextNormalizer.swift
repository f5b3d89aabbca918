import Foundation
import InkRecognition

/// The one normalization of InkIndex, applied alike to what is indexed and to what is searched.
///
/// Steps: Unicode NFKC; case folding (unless case is kept); diacritic and width folding;
/// punctuation and symbols removed (except `|`, which is a confusion of `1`); then, for keys,
/// British spellings folded onto American ones (`SpellingVariants`) and the confusion classes
/// collapsed (`ConfusionTable`).
///
/// ```swift
/// let n = TextNormalizer.standard
/// n.fold("Crème,")          // "creme"
/// n.key("Ps")  == n.key("P5")   // true: 5 and s are one class
/// n.key("Saviour") == n.key("Savior")   // true
/// n.words("1 Cor. 13:4-7")  // ["1", "cor", "1347"]
/// n.words("so-called")      // ["so", "called"]
/// ```
/// Complexity: O(n) in the text's length.
public struct TextNormalizer: Sendable {
    public var confusions: ConfusionTable
    public var spellings: SpellingVariants

    public static let standard = TextNormalizer(confusions: .standard)

    public init(confusions: ConfusionTable, spellings: SpellingVariants = .standard) {
        self.confusions = confusions
        self.spellings = spellings
    }

    /// NFKC, diacritics and width folded, letters without a decomposition spelled as ASCII
    /// ("æ" → "ae", "ø" → "o", "ł" → "l": `LatinFolding`), punctuation removed; lower-cased
    /// unless `keepingCase`.
    public func fold(_ text: String, keepingCase: Bool = false) -> String {
        Self.standardFold(text, keepingCase: keepingCase)
    }

    /// `fold`, which no table changes (the tables are built with it).
    static func standardFold(_ text: String, keepingCase: Bool = false) -> String {
        asciiFold(text, keepingCase: keepingCase) ?? unicodeFold(text, keepingCase: keepingCase)
    }

    /// `fold` for any text.
    static func unicodeFold(_ text: String, keepingCase: Bool) -> String {
        var options: String.CompareOptions = [.diacriticInsensitive, .widthInsensitive]
        if !keepingCase { options.insert(.caseInsensitive) }
        let folded = text.precomposedStringWithCompatibilityMapping.folding(options: options, locale: nil)
        var scalars = String.UnicodeScalarView()
        for character in folded {
            if character.isLetter, let ascii = LatinFolding.ascii(for: character) {
                scalars.append(contentsOf: ascii.unicodeScalars)
                continue
            }
            for scalar in character.unicodeScalars where isKept(scalar) { scalars.append(scalar) }
        }
        // .caseInsensitive folds "ß" to "ss" and leaves some capitals in other scripts: finish
        // with a plain lowercase so that index and query agree.
        let result = String(scalars)
        return keepingCase ? result : result.lowercased()
    }

    /// The words of a text, folded, split where `separatesWords` says; empty words dropped.
    public func words(_ text: String, keepingCase: Bool = false) -> [String] {
        Self.rawWords(text).map { fold($0, keepingCase: keepingCase) }.filter { !$0.isEmpty }
    }

    /// The words of a text as written (not folded), split where `separatesWords` says.
    ///
    /// ```swift
    /// TextNormalizer.rawWords("so-called 13:4-7")   // ["so", "called", "13:4-7"]
    /// ```
    public static func rawWords(_ text: String) -> [String] {
        let characters = Array(text)
        var words: [String] = []
        var start = 0
        for k in characters.indices where separatesWords(characters, at: k) {
            if k > start { words.append(String(characters[start..<k])) }
            start = k + 1
        }
        if characters.count > start { words.append(String(characters[start...])) }
        return words
    }

    /// Whether the character at `index` separates words: whitespace, or a hyphen, dash or slash
    /// with a letter on either side ("stock-index", "and/or", "16-year"), so that "index" finds
    /// "stock-index" as a search engine's tokenizer would, and a hyphen the recognizer misses
    /// ("stock index") changes nothing. Between digits it stays in the word: "13:4-7" is a verse
    /// range. Indexes store words cut by this rule: changing it means bumping
    /// `ShippedRecognizer.recognitionVersion`, so that stored indexes are rebuilt.
    /// Complexity: O(1).
    public static func separatesWords(_ characters: [Character], at index: Int) -> Bool {
        let character = characters[index]
        if character.isWhitespace { return true }
        guard Self.joiners.contains(character) else { return false }
        let before = index > 0 ? characters[index - 1] : nil, after = index + 1 < characters.count ? characters[index + 1] : nil
        return before?.isLetter == true || after?.isLetter == true
    }

    /// Hyphens, dashes and the slash.
    private static let joiners: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "/"]

    /// The collapsed scalars of a word: folded, lower case, spelling variants folded, confusion
    /// classes collapsed. Matching (`WeightedEditDistance`) runs on these.
    public func collapsedScalars(_ word: String) -> [Unicode.Scalar] {
        confusions.collapse(Array(spellings.canonical(fold(word)).unicodeScalars))
    }

    /// The exact search key of a word: equal keys mean equal under every confusion class.
    public func key(_ word: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: collapsedScalars(word))
        return String(view)
    }

    /// `fold` of a text all in ASCII, nil for any other text: NFKC and the diacritic and width
    /// foldings leave ASCII as it is, and case folding lowers A–Z alone, so only letters, digits
    /// and `|` stay (lowered). The Foundation path costs microseconds a word; search folds every
    /// reading of every candidate it confirms.
    static func asciiFold(_ text: String, keepingCase: Bool) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            for byte in bytes {
                switch byte {
                case 0x80...: return nil
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept.append(keepingCase ? byte : byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "|"): kept.append(byte)
                default: continue
                }
            }
            return String(decoding: kept, as: UTF8.self)
        } ?? nil
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
