import Foundation

extension NoteLibrary {
    /// Searches every indexed note with the semantics of `StrokeRecognizer.search`: full words or
    /// prefixes, case, fuzzy matching under the confusion classes, phrases across adjacent words
    /// (and line breaks), and scripture references. Best hits first.
    ///
    /// SQLite finds the candidates (the keys a query word matches, then their postings; for a
    /// reference, the notes citing its book); InkSearch's `SearchIndex` then scores them, so a note
    /// gets the hits it would get on its own. Runs in one read transaction: each note is seen
    /// wholly before or after any concurrent reindex.
    ///
    /// ```swift
    /// let hits = try await library.search("Jn 3:16", limit: 10)
    /// ```
    /// Complexity: the query's key expansion, then O(postings of the matched keys) for one word;
    /// a phrase or reference loads the notes that may hold it.
    public func search(_ text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, limit: Int = 50) throws -> [LibraryHit] {
        let query = SearchQuery(text, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly))
        guard !query.isEmpty, limit > 0 else { return [] }
        return try db.transaction(.deferred) {
            try vocabulary.refresh(from: db)
            var hits: [LibraryHit] = []
            if let book = (query.reference ?? query.book)?.book {
                let citing = try db.query("SELECT note FROM citations WHERE book = ?", [.int(book)]) { $0.text(0) }
                hits += try hitsInNotes(query, notes: citing, limit: limit)
            }
            if query.reference == nil {
                var words = query
                words.book = nil
                hits += words.terms.count == 1 ? try wordHits(words, limit: limit) : try phraseHits(words, limit: limit)
            }
            var best: [String: LibraryHit] = [:]
            for hit in hits {
                let key = hit.noteID + "\u{1}" + (hit.strokeIDs.first?.uuidString ?? "")
                if hit.score > best[key]?.score ?? -1 { best[key] = hit }
            }
            return Array(best.values.sorted(by: LibraryHit.ranking).prefix(limit))
        }
    }

    /// Token ids that carry a key the term matches, with an upper bound of their score.
    private func candidateTokens(_ term: SearchQuery.Term, in query: SearchQuery) throws -> [Int64: Double] {
        var bound: [Int64: Double] = [:]
        for (termID, formScore) in vocabulary.matches(of: term, in: query) {
            for (token, probability) in try db.query("SELECT token, probability FROM postings WHERE term = ?", [.int(termID)], row: { ($0.int(0), $0.double(1)) }) {
                let score = probability * formScore
                if score > bound[token] ?? -1 { bound[token] = score }
            }
        }
        return bound
    }

    /// One word: each candidate token is scored on its own, most promising first, until `limit`
    /// hits are confirmed (case matching can reject some).
    private func wordHits(_ query: SearchQuery, limit: Int) throws -> [LibraryHit] {
        let minimum = SearchIndex<Int64>().policy.minimumScore
        let ranked = try candidateTokens(query.terms[0], in: query).filter { $0.value >= minimum }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var hits: [LibraryHit] = []
        var start = 0
        while hits.count < limit, start < ranked.count {
            let batch = Array(ranked[start..<min(ranked.count, start + max(2 * limit, 64))])
            start += batch.count
            var index = SearchIndex<Int64>()
            var notes: [Int64: String] = [:]
            for row in try rows(tokenIDs: batch) {
                index.add([row.word], to: row.id)
                notes[row.id] = row.note
            }
            hits += index.search(query).map { LibraryHit(noteID: notes[$0.document]!, $0.hit) }
        }
        return hits
    }

    /// A phrase: only the words around each candidate of its rarest word are searched. A note's
    /// tokens have consecutive ids in reading order (they are inserted so, in one transaction),
    /// so those words are the ids around the candidate's, within the same note; two extra on each
    /// side cover words without a searchable reading (punctuation) that a phrase steps over.
    private func phraseHits(_ query: SearchQuery, limit: Int) throws -> [LibraryHit] {
        var candidates: [Set<Int64>] = []
        for term in query.terms {
            let tokens = try candidateTokens(term, in: query)
            if tokens.isEmpty { return [] }
            candidates.append(Set(tokens.keys))
        }
        let rarest = candidates.min { $0.count < $1.count }!
        let reach = Int64(query.terms.count + 1)
        var wanted = Set<Int64>()
        for id in rarest { for near in (id - reach)...(id + reach) { wanted.insert(near) } }
        var rowsByID: [Int64: (note: String, word: WordToken)] = [:]
        for row in try rows(tokenIDs: wanted.sorted()) { rowsByID[row.id] = (row.note, row.word) }
        var index = SearchIndex<Int64>()
        var notes: [Int64: String] = [:]
        for id in rarest.sorted() {
            guard let note = rowsByID[id]?.note else { continue }
            let window = ((id - reach)...(id + reach)).filter { rowsByID[$0]?.note == note }
            // Every word of the phrase needs a candidate in the window.
            guard candidates.allSatisfy({ set in window.contains(where: set.contains) }) else { continue }
            index.add(window.map { rowsByID[$0]!.word }, to: id)
            notes[id] = note
        }
        return index.search(query, limit: limit).map { LibraryHit(noteID: notes[$0.document]!, $0.hit) }
    }

    private func hitsInNotes(_ query: SearchQuery, notes: [String], limit: Int) throws -> [LibraryHit] {
        var index = SearchIndex<String>()
        for note in notes { index.add(try wordRows(where: "note = ?", [.text(note)]).map(\.word), to: note) }
        return index.search(query, limit: limit).map { LibraryHit(noteID: $0.document, $0.hit) }
    }

    private func rows(tokenIDs: [Int64]) throws -> [(id: Int64, note: String, word: WordToken)] {
        var rows: [(id: Int64, note: String, word: WordToken)] = []
        for start in stride(from: 0, to: tokenIDs.count, by: 500) {
            let chunk = tokenIDs[start..<min(tokenIDs.count, start + 500)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            rows += try wordRows(where: "id IN (\(marks))", chunk.map { .int($0) })
        }
        return rows
    }
}

extension LibraryHit {
    init(noteID: String, _ hit: SearchHit) {
        self.init(noteID: noteID, strokeIDs: hit.strokeIDs, bounds: hit.bounds, reading: hit.reading, score: hit.score)
    }

    /// Best score first; ties in a stable order (note, then position on the page).
    static func ranking(_ a: LibraryHit, _ b: LibraryHit) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.noteID != b.noteID { return a.noteID < b.noteID }
        if a.bounds.minY != b.bounds.minY { return a.bounds.minY < b.bounds.minY }
        return a.bounds.minX < b.bounds.minX
    }
}
