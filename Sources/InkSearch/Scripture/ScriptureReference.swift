/// A reference to scripture in canonical form: book, chapter, and a verse or range of verses.
///
/// ```swift
/// let ref = ScriptureParser().parse("1 Cor 13:4-7")!
/// ref.description                                   // "1 Corinthians 13:4-7"
/// ref.contains(ScriptureParser().parse("1 Co 13.5")!)  // true
/// ```
public struct ScriptureReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1 (Genesis) ... 66 (Revelation).
    public var book: Int
    /// Nil for a whole book.
    public var chapter: Int?
    /// Nil for a whole chapter.
    public var verses: ClosedRange<Int>?

    public init(book: Int, chapter: Int? = nil, verses: ClosedRange<Int>? = nil) {
        self.book = book
        self.chapter = chapter
        self.verses = verses
    }

    public var bookName: String { BibleBookData.rows[book - 1].name }

    /// "John 3:16", "1 Corinthians 13:4-7", "Psalms 119", "Jude".
    public var description: String {
        var text = bookName
        if let chapter { text += " \(chapter)" }
        if let verses {
            text += ":\(verses.lowerBound)"
            if verses.upperBound != verses.lowerBound { text += "-\(verses.upperBound)" }
        }
        return text
    }

    /// How well this (written) reference answers a query reference: 1 for the same passage, less
    /// for a passage that only overlaps or holds it, nil where they do not meet.
    ///
    /// A query names a book, a chapter or verses; a written "1 Cor 13:4-7" answers "1 Cor 13:5"
    /// and "1 Cor 13"; a written "Ps 119" answers "Ps 119:5" (less well).
    public func relevance(to query: ScriptureReference) -> Double? {
        guard book == query.book else { return nil }
        guard let queryChapter = query.chapter else { return 0.9 }
        guard let chapter else { return 0.6 }
        guard chapter == queryChapter else { return nil }
        guard let queryVerses = query.verses else { return verses == nil ? 1 : 0.9 }
        guard let verses else { return 0.75 }
        if verses == queryVerses { return 1 }
        return verses.overlaps(queryVerses) ? 0.9 : nil
    }

    /// True where this reference holds all of `other`.
    public func contains(_ other: ScriptureReference) -> Bool {
        guard book == other.book else { return false }
        guard let chapter else { return true }
        guard chapter == other.chapter else { return false }
        guard let verses else { return true }
        guard let otherVerses = other.verses else { return false }
        return verses.lowerBound <= otherVerses.lowerBound && otherVerses.upperBound <= verses.upperBound
    }
}
