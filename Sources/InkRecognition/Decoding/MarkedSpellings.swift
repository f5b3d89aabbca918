/// The words of a list that carry marks (accents, cedillas, ogoneks, strokes), found by their
/// letters without the marks: "dolares" → ["dólares"], "e" → ["è", "é"].
///
/// The network often reads a word's letters and misses a small mark, or takes a grave accent for
/// an acute one; the character language model folds marks away, so nothing in the beam tells
/// "dolares" from "dólares". `WordPrior.restoringMarks(in:margin:)` asks this index for the
/// spellings that the word list knows better.
///
/// Only letters whose unmarked form is one ASCII letter count ("é" → "e", "ł" → "l", "ø" → "o");
/// a word with "ß", "æ" or "œ" is not indexed, so a respelling never changes a word's length in
/// `Character`s (the decoder's per-character frames stay aligned).
///
/// ```swift
/// var spellings = MarkedSpellings()
/// spellings.insert("dólares")
/// spellings.spellings(ofBase: "dolares")   // ["dólares"]
/// MarkedSpellings.base(of: "miłość")        // "milosc"
/// ```
struct MarkedSpellings: Sendable {
    private var wordsOfBase: [String: [String]] = [:]

    init() {}

    /// Indexes every word with a mark in `words` (lower case, as a `WordPrior` keeps them).
    /// Complexity: O(total length); ASCII words cost one scan.
    init(words: some Sequence<String>) {
        for word in words { insert(word) }
    }

    var isEmpty: Bool { wordsOfBase.isEmpty }

    /// Adds `word` if it carries a mark and every letter has a one-letter base. O(word length).
    mutating func insert(_ word: String) {
        guard !word.utf8.allSatisfy({ $0 < 128 }), let base = Self.base(of: word), base != word else { return }
        if wordsOfBase[base, default: []].contains(word) { return }
        wordsOfBase[base, default: []].append(word)
    }

    /// The marked words listed whose letters without marks are `base`; none where there are none.
    func spellings(ofBase base: String) -> [String] { wordsOfBase[base] ?? [] }

    /// `word` with each letter's marks removed, `Character` for `Character`; nil where a letter
    /// has no one-letter ASCII base ("ß", "æ", a letter of another script).
    /// Complexity: O(word length).
    static func base(of word: String) -> String? {
        var base = ""
        base.reserveCapacity(word.utf8.count)
        for character in word {
            if character.isASCII {
                base.append(character)
            } else if let folded = LatinFolding.ascii(for: character), folded.count == 1, folded.first!.isLetter {
                base.append(folded)
            } else {
                return nil
            }
        }
        return base
    }
}
