import Foundation

extension NoteLibrary {
    /// How many of a query's hits linked search follows.
    static let linkedSourceLimit = 1_000

    /// The words joined to the hits of a query by an arrow, a connector, a bracket or brace, or a
    /// margin note, in every note, best first: what `SearchIndex.linked(to:options:limit:)`
    /// finds in memory ("Jn 3:16" finds the margin note beside it; the note finds the line).
    /// `filter` applies to the linked words. Each linked word scores as the best hit it is
    /// linked to. Runs in one read transaction.
    ///
    /// ```swift
    /// for hit in try await library.linked(to: "Jn 3:16") { print(hit.noteID, hit.reading) }   // "see Rom 5"
    /// ```
    /// Complexity: the query's search (its best `linkedSourceLimit` hits), then per hit one index
    /// seek in `link_tokens` and the ends of the links found.
    public func linked(to text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = [],
                       limit: Int = 50) throws -> [LibraryHit] {
        let query = SearchQuery(text, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly))
        guard !query.isEmpty, limit > 0 else { return [] }
        return try db.transaction(.deferred) {
            var best = LibraryHit.Unique()
            for source in try hits(query, limit: Self.linkedSourceLimit) {
                let own = Set(source.tokenIDs)
                for link in try MarkupRows.links(touching: source.tokenIDs, in: db) {
                    for end in link.ends where !end.tokens.isEmpty && !end.tokens.contains(where: own.contains) {
                        if let hit = try linkedHit(end, score: source.score, filter: filter) { best.insert(hit) }
                    }
                }
            }
            var hits = Array(best.best.values.sorted(by: LibraryHit.ranking).prefix(limit))
            for k in hits.indices {
                let relations = try MarkupRows.relations(ofHit: hits[k].tokenIDs, in: db)
                hits[k].context?.relations = relations
            }
            return hits
        }
    }

    /// A link's end as a hit: its strokes, its words' readings and bounds, and the context of
    /// the words from its first to its last (as in memory), relations aside.
    private func linkedHit(_ end: MarkupRows.End, score: Double, filter: SearchFilter) throws -> LibraryHit? {
        let rows = try wordRows(where: "id BETWEEN ? AND ?", [.int(end.tokens.min()!), .int(end.tokens.max()!)])
        guard let first = rows.first else { return nil }
        let held = Set(end.tokens)
        let words = rows.filter { held.contains($0.id) }.map(\.word)
        var mask = 0
        for row in rows { mask |= MarkKindBits.mask(row.place.marks.map(\.kind)) }
        let context = HitContext(cluster: first.place.cluster, line: first.word.line, marks: MarkKindBits.kinds(mask))
        guard filter.admits(context) else { return nil }
        var hit = LibraryHit(noteID: first.note, strokeIDs: end.strokeIDs, bounds: words.reduce(CGRect.null) { $0.union($1.bounds) },
                             reading: words.map(\.best).filter { !$0.isEmpty }.joined(separator: " "), score: score, context: context)
        hit.tokenIDs = rows.map(\.id)
        return hit
    }
}
