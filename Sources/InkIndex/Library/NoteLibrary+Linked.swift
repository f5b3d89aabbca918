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
    /// Complexity: the query's search (its best `linkedSourceLimit` hits), then one index seek in
    /// `link_tokens` per token of those hits and the ends of the links found.
    public func linked(to text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = [],
                       limit: Int = 50) throws -> [LibraryHit] {
        let query = SearchQuery(text, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly),
                                policy: searchPolicy)
        guard !query.isEmpty, limit > 0 else { return [] }
        return try db.transaction(.deferred) {
            var best = LibraryHit.Unique()
            let sources = try hits(query, limit: Self.linkedSourceLimit)
            let links = try MarkupRows.links(touching: Array(Set(sources.flatMap(\.tokenIDs))).sorted(), in: db)
            for source in sources {
                let own = Set(source.tokenIDs)
                for link in links where link.ends.contains(where: { $0.tokens.contains(where: own.contains) }) {
                    for end in link.ends where !end.tokens.isEmpty && !end.tokens.contains(where: own.contains) {
                        if let hit = try linkedHit(end, score: source.score, filter: filter) { best.insert(hit) }
                    }
                }
            }
            var hits = Array(best.best.values.sorted(by: LibraryHit.ranking).prefix(limit))
            for (k, relations) in try MarkupRows.relations(ofHits: hits.map(\.tokenIDs), in: db).enumerated() {
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
