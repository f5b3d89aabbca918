import Foundation

/// The ASCII spelling of a Latin letter or punctuation mark that an English-trained model does
/// not know: "é" → "e", "ß" → "ss", "æ" → "ae", "ł" → "l", "«" → "\"", "–" → "-".
///
/// The English character language model was trained on English text, so it would score every
/// letter of the open model's Latin alphabet as an unknown symbol and the decoder would never
/// write one. Scored as its folded spelling (at a fixed cost, `NGramLanguageModel.foldedLogProbability`),
/// "más" reads about as likely as "mas", and the network's evidence decides the accent. Each other
/// language's model knows its own letters and folds only those of other languages ("é" in Polish).
///
/// ```swift
/// LatinFolding.ascii(for: "ñ")  // "n"
/// LatinFolding.ascii(for: "Œ")  // "OE"
/// LatinFolding.ascii(for: "字") // nil: nothing to fold to
/// ```
public enum LatinFolding {
    /// The ASCII spelling of `character`, or nil where it is ASCII already or has none.
    /// Complexity: O(1) for characters seen before (a cached table), else one Unicode folding.
    public static func ascii(for character: Character) -> String? {
        if character.isASCII { return nil }
        if let known = table[character] { return known }
        let folded = String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.allSatisfy(\.isASCII) && !folded.isEmpty ? folded : nil
    }

    /// Letters that Unicode does not decompose into a base and a mark, and punctuation with an
    /// ASCII counterpart; every other Latin letter folds by `diacriticInsensitive`.
    private static let table: [Character: String] = {
        var table: [Character: String] = [
            "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
            "ı": "i", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
            "«": "\"", "»": "\"", "„": "\"", "“": "\"", "”": "\"", "‘": "'", "’": "'", "‚": ",",
            "–": "-", "—": "-", "¿": "?", "¡": "!",
        ]
        // The Latin-1 and Latin Extended-A letters, folded once.
        for scalar in (0x00C0...0x017F).compactMap(Unicode.Scalar.init) {
            let character = Character(scalar)
            guard table[character] == nil else { continue }
            let folded = String(character).folding(options: [.diacriticInsensitive], locale: nil)
            if folded.allSatisfy(\.isASCII), !folded.isEmpty { table[character] = folded }
        }
        return table
    }()
}
