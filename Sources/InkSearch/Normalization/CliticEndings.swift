/// Possessive and contracted endings ("world's", "Paul’s", "we'll", "I'm"): a word written with
/// one is also the word without it, so that a full-word query for "world" finds "the world's
/// rivers". `WordTokenizer` gives such a reading its stem as a further reading, with the same
/// probability, so that the in-memory index and the library find it alike.
///
/// ```swift
/// CliticEndings.stem(of: "Christ's")   // "Christ"
/// CliticEndings.stem(of: "world’s,")   // "world" (curly apostrophe, trailing punctuation)
/// CliticEndings.stem(of: "worlds")     // nil: a plural is another word
/// ```
/// Changing these endings changes what indexes store: bump `ShippedRecognizer.recognitionVersion`.
/// Complexity: O(n) in the word's length.
public enum CliticEndings {
    /// Endings after the apostrophe, lower case. "n't" is not among them: "can't" is not "ca".
    static let endings: [String] = ["s", "ll", "ve", "re", "d", "m"]
    /// The straight apostrophe and the marks written or typed for it.
    static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`", "\u{00B4}"]

    /// The word without its possessive or contracted ending (and without punctuation after it),
    /// or nil where it has none or nothing with a letter would remain.
    public static func stem(of word: String) -> String? {
        var characters = Array(word)
        while let last = characters.last, !last.isLetter { characters.removeLast() }
        guard let mark = characters.lastIndex(where: { apostrophes.contains($0) }) else { return nil }
        let ending = String(characters[(mark + 1)...]).lowercased()
        guard endings.contains(ending) else { return nil }
        let stem = characters[..<mark]
        guard stem.contains(where: \.isLetter) else { return nil }
        return String(stem)
    }
}
