import Foundation

/// A word of a library's vocabulary: names of people, places and books that no word list has,
/// which decoding favours like known words (`DecodingOptions.vocabulary`).
public struct VocabularyWord: Sendable, Hashable, Codable {
    /// Where a word came from; words a user added are never dropped to make room.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A word of a note's title.
        case title
        /// A word of a search that found something (`NoteLibrary.recordSuccessfulSearch`).
        case search
        /// Added by the user or the app (`NoteLibrary.addVocabulary`).
        case user
    }

    /// Lower case, as the word prior compares words.
    public var word: String
    public var source: Source
    public var added: Date
    /// How many times it was added (titles, searches).
    public var uses: Int

    /// The words of a text worth keeping: letters only (inner apostrophes and hyphens kept),
    /// 3 to 40 of them, lower case, each once, in order.
    ///
    /// ```swift
    /// VocabularyWord.words(in: "Okonkwo's visit, 3 May")   // ["okonkwo's", "visit", "may"]
    /// ```
    public static func words(in text: String) -> [String] {
        var seen = Set<String>(), out: [String] = []
        for raw in text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == ":" || $0 == "/" }) {
            let core = raw.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }
            let word = String(core.reversed()).lowercased()
            guard (3...40).contains(word.count), word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }),
                  seen.insert(word).inserted else { continue }
            out.append(word)
        }
        return out
    }
}

extension NoteLibrary {
    /// The most words a vocabulary keeps; past it, the least used title and search words (the
    /// oldest first among equals) make room. Words a user added are always kept.
    public static let vocabularyCapacity = 5_000

    /// The vocabulary, most used first.
    ///
    /// ```swift
    /// try await library.addVocabulary(["Okonkwo", "Capernaum"])
    /// let words = try await library.vocabularyWords().map(\.word)
    /// let recognizer = try ShippedRecognizer.load(.open, languages: [.english], vocabulary: words)
    /// ```
    public func vocabularyWords() throws -> [VocabularyWord] {
        try db.query("SELECT word, source, added, uses FROM vocabulary ORDER BY uses DESC, added DESC, word") { row in
            VocabularyWord(word: row.text(0), source: VocabularyWord.Source(rawValue: row.text(1)) ?? .user,
                           added: Date(timeIntervalSince1970: row.double(2)), uses: Int(row.int(3)))
        }
    }

    /// Adds words (each text's words, `VocabularyWord.words(in:)`) as the user's own.
    public func addVocabulary(_ texts: [String], at date: Date = Date()) throws {
        try db.transaction { try addVocabularyRows(texts.flatMap(VocabularyWord.words(in:)), source: .user, at: date) }
    }

    /// Removes words from the vocabulary (compared in lower case); returns how many were there.
    @discardableResult
    public func removeVocabulary(_ words: [String]) throws -> Int {
        try db.transaction {
            var removed = 0
            for word in Set(words.map { $0.lowercased() }) {
                if try db.scalarInt("SELECT 1 FROM vocabulary WHERE word = ?", [.text(word)]) != nil {
                    try db.execute("DELETE FROM vocabulary WHERE word = ?", [.text(word)])
                    removed += 1
                }
            }
            return removed
        }
    }

    /// Adds the words of a search that found what the user looked for (call it when hits came
    /// back, or when the user opened one).
    public func recordSuccessfulSearch(_ query: String, at date: Date = Date()) throws {
        let words = VocabularyWord.words(in: query)
        guard !words.isEmpty else { return }
        try db.transaction(synchronous: .normal) { try addVocabularyRows(words, source: .search, at: date) }
    }

    /// In the caller's transaction: adds or counts each word, then trims to capacity.
    func addVocabularyRows(_ words: [String], source: VocabularyWord.Source, at date: Date) throws {
        guard !words.isEmpty else { return }
        for word in words {
            // A user's word stays the user's; another source only counts a use.
            try db.execute("""
                INSERT INTO vocabulary(word, source, added, uses) VALUES (?, ?, ?, 1)
                ON CONFLICT(word) DO UPDATE SET uses = vocabulary.uses + 1,
                    source = CASE WHEN excluded.source = 'user' THEN 'user' ELSE vocabulary.source END
                """, [.text(word), .text(source.rawValue), .double(date.timeIntervalSince1970)])
        }
        let count = Int(try db.scalarInt("SELECT count(*) FROM vocabulary") ?? 0)
        if count > Self.vocabularyCapacity {
            try db.execute("""
                DELETE FROM vocabulary WHERE word IN (
                    SELECT word FROM vocabulary WHERE source != 'user' ORDER BY uses, added, word LIMIT ?)
                """, [.int(Int64(count - Self.vocabularyCapacity))])
        }
    }
}
