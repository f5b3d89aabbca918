import Foundation

/// The `citations` table: each scripture reference written in a note, stored where it is written
/// (its first token and how many tokens spell it), so that a reference query reads only the
/// citations of its book and chapter and then only the words that spell the best of them.
enum CitationRows {
    /// A stored citation that answers a query, with the score its hit will have.
    struct Candidate {
        var note: String
        var firstToken: Int64
        var wordCount: Int
        /// relevance × probability: exactly the score `SearchIndex` gives the hit.
        var score: Double
    }

    /// Writes a note's citations; `tokenIDs[i]` is the stored id of the note's word `i`.
    static func insert(_ citations: [ScriptureParser.Found], tokenIDs: [Int64], noteID: String, into db: any SQLConnection) throws {
        for found in citations {
            let reference = found.reference
            try db.execute("""
                INSERT INTO citations(book, chapter, token, first_verse, last_verse, word_count, probability, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.int(reference.book), .int(reference.chapter ?? 0), .int(tokenIDs[found.words.lowerBound]),
                      .int(reference.verses?.lowerBound ?? 0), .int(reference.verses?.upperBound ?? 0),
                      .int(found.words.count), .double(found.probability), .text(noteID)])
        }
    }

    /// Citations that answer `query` with a score of at least `minimumScore`, best first (ties by
    /// note and position). Reads the rows of the query's book and chapter only (with those of the
    /// book written alone).
    static func candidates(for query: ScriptureReference, minimumScore: Double, in db: any SQLConnection) throws -> [Candidate] {
        var sql = "SELECT note, token, word_count, chapter, first_verse, last_verse, probability FROM citations WHERE book = ?"
        var bindings: [SQLValue] = [.int(query.book)]
        if let chapter = query.chapter {
            sql += " AND chapter IN (0, ?)"
            bindings.append(.int(chapter))
        }
        let rows = try db.query(sql, bindings) { row -> Candidate? in
            let chapter = Int(row.int(3)), first = Int(row.int(4)), last = Int(row.int(5))
            let written = ScriptureReference(book: query.book, chapter: chapter == 0 ? nil : chapter,
                                             verses: first == 0 ? nil : first...max(first, last))
            guard let relevance = written.relevance(to: query) else { return nil }
            let score = relevance * row.double(6)
            guard score >= minimumScore else { return nil }
            return Candidate(note: row.text(0), firstToken: row.int(1), wordCount: Int(row.int(2)), score: score)
        }
        return rows.compactMap { $0 }.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            if $0.note != $1.note { return $0.note < $1.note }
            return $0.firstToken < $1.firstToken
        }
    }

    /// Refills the table from the stored words of every indexed note (schema version 3): the
    /// citations are a function of the words, so no recognition is needed. O(stored words).
    static func rebuild(_ db: any SQLConnection) throws {
        try db.execute("DELETE FROM citations")
        var note = "", ids: [Int64] = [], readings: [[WordReading]] = []
        func flush() throws {
            guard !ids.isEmpty else { return }
            try insert(ScriptureParser.standard.references(in: readings), tokenIDs: ids, noteID: note, into: db)
            ids.removeAll(keepingCapacity: true)
            readings.removeAll(keepingCapacity: true)
        }
        try db.forEachRow("SELECT note, id, readings FROM tokens ORDER BY note, line, position", []) { row in
            let rowNote = row.text(0)
            if rowNote != note { try flush(); note = rowNote }
            ids.append(row.int(1))
            readings.append(TokenCoding.decodeReadings(row.text(2)))
        }
        try flush()
    }
}
