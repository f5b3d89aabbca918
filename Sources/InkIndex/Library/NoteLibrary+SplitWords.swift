import Foundation

extension NoteLibrary {
    /// The rule `SearchIndex` follows for words read as two.
    static let splitWord = SplitWord()

    /// A one-word query's word read as two ("Whits table" for "Whitstable"), as `SearchIndex`
    /// finds it (`SplitWord`): two consecutive words of a note (a note's tokens have consecutive
    /// ids in reading order, across line ends) carrying the keys of the two halves of a cut. Only
    /// the pairs that can score at least `floor` (the score a hit needs to be among the best
    /// `limit` already held; 0: any) are looked for: none where it is above
    /// `MatchPolicy.splitFactor`, else only postings whose probability reaches
    /// floor / splitFactor.
    ///
    /// Complexity: one lookup of the halves' keys in `terms`; per cut whose halves are both keys,
    /// a walk of the postings of the rarer half (above that probability) with one primary-key
    /// seek each for the other; then the words of the pairs found.
    func splitWordHits(_ query: SearchQuery, floor: Double) throws -> [LibraryHit] {
        let rule = Self.splitWord, term = query.terms[0]
        let cuts = rule.cuts(of: term)
        let least = max(floor, rule.policy.minimumScore)
        guard !cuts.isEmpty, least <= rule.policy.splitFactor else { return [] }
        let ids = Dictionary(try db.query("SELECT key, id FROM terms WHERE key \(db.dialect.inStrings())",
                                          [.text(FormVocabulary.jsonKeys(Set(cuts.flatMap { [$0.head, $0.tail] })))]) { ($0.text(0), $0.int(1)) },
                             uniquingKeysWith: { first, _ in first })
        _ = try vocabulary.postingCount(of: Array(ids.values), in: db)
        // Lowered a little, so that rounding drops no pair that reaches `least`.
        let probability = rule.minimumProbability(reaching: least) * (1 - 1e-9)
        // The first word of each pair, with the cut it spells.
        var pairs: [(first: Int64, head: String, tail: String)] = []
        for (head, tail) in cuts {
            guard let headID = ids[head], let tailID = ids[tail] else { continue }
            let fromHead = try vocabulary.postingCount(of: headID, in: db) <= vocabulary.postingCount(of: tailID, in: db)
            try db.forEachRow("""
                SELECT d.token FROM postings d CROSS JOIN postings o
                WHERE d.term = ?1 AND d.probability >= ?3 AND o.term = ?2 AND o.token = d.token + ?4 AND o.probability >= ?3
                """, [.int(fromHead ? headID : tailID), .int(fromHead ? tailID : headID), .double(probability), .int(fromHead ? 1 : -1)]) { row in
                pairs.append((fromHead ? row.int(0) : row.int(0) - 1, head, tail))
            }
        }
        guard !pairs.isEmpty else { return [] }
        let rows = Dictionary(try wordRows(ids: pairs.flatMap { [$0.first, $0.first + 1] }).map { ($0.id, $0) },
                              uniquingKeysWith: { first, _ in first })
        let key = rule.matcher.normalizer.key
        return pairs.compactMap { pair in
            // Consecutive ids of two notes are no pair.
            guard let first = rows[pair.first], let second = rows[pair.first + 1], first.note == second.note,
                  let tailReading = second.word.readings.first(where: { key($0.text) == pair.tail }) else { return nil }
            // As `SearchIndex`: any reading of the first word with the head's key, the first of
            // the second with the tail's.
            let best = first.word.readings.filter { key($0.text) == pair.head }
                .compactMap { rule.match(term, $0, tailReading, caseMatchingOnly: query.options.caseMatchingOnly) }
                .max { $0.score < $1.score }
            guard let best else { return nil }
            // Placed as `SearchIndex` places a hit: filtered, and lowered where struck.
            var hit = SearchHit(spanning: [first.word, second.word], tokens: 0..<2, reading: best.reading, score: best.score)
            let context = HitContext(tokens: 0..<2, of: [first.word, second.word], markup: PageMarkup(places: [first.place, second.place], links: []))
            guard query.options.filter.admits(context) else { return nil }
            if context.isStruck { hit.score *= rule.policy.struckFactor }
            hit.context = context
            return LibraryHit(noteID: first.note, hit, tokenIDs: [pair.first, pair.first + 1])
        }
    }
}
