import Foundation

extension NoteLibrary {
    /// Searches every indexed note, best hits first.
    ///
    /// The query's words are looked up among the library's reading keys (exact, prefix unless
    /// `fullWordsOnly`, and fuzzy), then the candidate words are rescored against their stored
    /// readings with the same matcher as a single drawing's search. Several words are a phrase:
    /// adjacent words in reading order, also across line breaks. Runs in one read transaction,
    /// so it sees each note wholly before or after any concurrent reindex.
    ///
    /// Complexity: O(terms) to expand the query, then O(postings of the matched terms).
    public func search(_ query: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, limit: Int = 50) throws -> [LibraryHit] {
        let words = LibrarySearchSemantics.queryWords(query).map {
            QueryWord(text: $0, caseMatching: caseMatchingOnly, fullWordsOnly: fullWordsOnly)
        }
        guard !words.isEmpty, limit > 0 else { return [] }
        return try db.transaction(.deferred) {
            try vocabulary.refresh(from: db)
            let candidates = try words.map { try candidateTokens(for: $0) }
            let hits = words.count == 1
                ? try singleWordHits(words[0], candidates: candidates[0], limit: limit)
                : try phraseHits(words, candidates: candidates)
            return Array(hits.sorted(by: LibraryHit.ranking).prefix(limit))
        }
    }

    /// Token ids whose readings may match, with an upper bound of their score.
    private func candidateTokens(for word: QueryWord) throws -> [Int64: Double] {
        var best: [Int64: Double] = [:]
        for (term, quality) in vocabulary.matches(of: word.key, fullWordsOnly: word.fullWordsOnly) {
            for (token, probability) in try db.query("SELECT token, probability FROM postings WHERE term = ?", [.int(term)], row: { ($0.int(0), $0.double(1)) }) {
                let score = LibrarySearchSemantics.score(quality: quality, probability: probability)
                if score > best[token] ?? -1 { best[token] = score }
            }
        }
        return best
    }

    private func singleWordHits(_ word: QueryWord, candidates: [Int64: Double], limit: Int) throws -> [LibraryHit] {
        // Rescore the most promising candidates first; stop once `limit` of them are confirmed
        // (case matching can reject some).
        let ranked = candidates.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var hits: [LibraryHit] = []
        var start = 0
        while hits.count < limit, start < ranked.count {
            let batch = ranked[start..<min(ranked.count, start + max(limit * 2, 64))]
            start += batch.count
            for row in try rows(tokenIDs: Array(batch)) {
                guard let match = word.bestMatch(in: row.word) else { continue }
                hits.append(LibraryHit(noteID: row.note, strokeIDs: row.word.strokeIDs, bounds: row.word.bounds,
                                       reading: match.reading, score: match.score))
            }
        }
        return hits
    }

    private func phraseHits(_ words: [QueryWord], candidates: [[Int64: Double]]) throws -> [LibraryHit] {
        guard let rarest = candidates.min(by: { $0.count < $1.count }), !rarest.isEmpty,
              candidates.allSatisfy({ !$0.isEmpty }) else { return [] }
        let notes = Set(try rows(tokenIDs: Array(rarest.keys)).map(\.note))
        var hits: [LibraryHit] = []
        for note in notes.sorted() {
            let noteWords = try wordRows(where: "note = ?", [.text(note)]).map(\.word)
            hits += PhraseMatcher.hits(of: words, in: noteWords).map {
                LibraryHit(noteID: note, strokeIDs: $0.strokeIDs, bounds: $0.bounds, reading: $0.reading, score: $0.score)
            }
        }
        return hits
    }

    private func rows(tokenIDs: [Int64]) throws -> [(id: Int64, note: String, word: IndexedWord)] {
        var rows: [(id: Int64, note: String, word: IndexedWord)] = []
        for chunk in stride(from: 0, to: tokenIDs.count, by: 500).map({ tokenIDs[$0..<min(tokenIDs.count, $0 + 500)] }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            rows += try wordRows(where: "id IN (\(marks))", chunk.map { .int($0) })
        }
        return rows
    }
}

extension LibraryHit {
    /// Best score first; ties in a stable order (note, then position on the page).
    static func ranking(_ a: LibraryHit, _ b: LibraryHit) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.noteID != b.noteID { return a.noteID < b.noteID }
        if a.bounds.minY != b.bounds.minY { return a.bounds.minY < b.bounds.minY }
        return a.bounds.minX < b.bounds.minX
    }
}
