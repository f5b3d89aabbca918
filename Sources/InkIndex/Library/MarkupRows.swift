import Foundation

/// The tables of a note's `PageMarkup` (schema 6): `clusters`, `token_marks`, `links`,
/// `link_ends`, `link_tokens`, and the place columns of `tokens` (written with each token).
/// They give library hits the `HitContext` an in-memory `SearchIndex` gives, and linked search.
enum MarkupRows {
    /// Writes a note's clusters, marks and links; `tokenIDs[i]` is the stored id of word `i`.
    static func insert(_ markup: PageMarkup, tokenIDs: [Int64], noteID: String, into db: any SQLConnection) throws {
        var clusters: [Int: LayoutCluster.Kind] = [:]
        for (k, place) in markup.places.enumerated() {
            clusters[place.clusterID] = place.cluster
            for mark in place.marks {
                try db.execute("INSERT OR IGNORE INTO token_marks(token, mark, kind) VALUES (?, ?, ?)",
                               [.int(tokenIDs[k]), .int(mark.id), .text(mark.kind.rawValue)])
            }
        }
        for (id, kind) in clusters.sorted(by: { $0.key < $1.key }) {
            try db.execute("INSERT INTO clusters(note, id, kind) VALUES (?, ?, ?)", [.text(noteID), .int(id), .text(kind.rawValue)])
        }
        for link in markup.links {
            let linkID = try db.insertReturningID("INSERT INTO links(note, kind, mark_kind) VALUES (?, ?, ?)",
                                                  [.text(noteID), .text(link.kind.rawValue), link.mark.map { .text($0.kind.rawValue) } ?? .null])
            for (position, end) in link.ends.enumerated() {
                try db.execute("INSERT INTO link_ends(link, position, role, stroke_ids) VALUES (?, ?, ?, ?)",
                               [.int(linkID), .int(position), .text(end.role.rawValue), .blob(TokenCoding.encode(end.strokeIDs))])
                for token in end.tokens where tokenIDs.indices.contains(token) {
                    try db.execute("INSERT OR IGNORE INTO link_tokens(token, link, position) VALUES (?, ?, ?)",
                                   [.int(tokenIDs[token]), .int(linkID), .int(position)])
                }
            }
        }
    }

    static func delete(noteID: String, in db: any SQLConnection) throws {
        try db.execute("DELETE FROM token_marks WHERE token IN (SELECT id FROM tokens WHERE note = ?)", [.text(noteID)])
        try db.execute("DELETE FROM link_tokens WHERE link IN (SELECT id FROM links WHERE note = ?)", [.text(noteID)])
        try db.execute("DELETE FROM link_ends WHERE link IN (SELECT id FROM links WHERE note = ?)", [.text(noteID)])
        try db.execute("DELETE FROM links WHERE note = ?", [.text(noteID)])
        try db.execute("DELETE FROM clusters WHERE note = ?", [.text(noteID)])
    }

    /// One end of a stored link.
    struct End {
        var link: Int64
        var position: Int
        var role: PageMarkup.End.Role
        var strokeIDs: [UUID]
        /// Stored token ids, in reading order.
        var tokens: [Int64]
    }

    /// A stored link with all its ends.
    struct Link {
        var id: Int64
        var kind: LayoutRelation.Kind
        var mark: LayoutMark.Kind?
        var ends: [End]
    }

    /// The links with an end holding one of `tokens`, by id (the order they were written in).
    /// Complexity: one index seek per token, then the ends of the links found.
    static func links(touching tokens: [Int64], in db: any SQLConnection) throws -> [Link] {
        guard !tokens.isEmpty else { return [] }
        let ids = try db.query("""
            SELECT DISTINCT link FROM link_tokens WHERE token IN (SELECT value FROM \(db.dialect.integers(as: "j"))) ORDER BY link
            """, [.text(FormVocabulary.jsonArray(tokens.map(String.init)))]) { $0.int(0) }
        return try ids.compactMap { id in
            guard let (kind, mark) = try db.query("SELECT kind, mark_kind FROM links WHERE id = ?", [.int(id)], row: {
                (LayoutRelation.Kind(rawValue: $0.text(0)), $0.isNull(1) ? nil : LayoutMark.Kind(rawValue: $0.text(1)))
            }).first, let kind else { return nil }
            var ends = try db.query("SELECT position, role, stroke_ids FROM link_ends WHERE link = ? ORDER BY position", [.int(id)]) {
                End(link: id, position: Int($0.int(0)), role: PageMarkup.End.Role(rawValue: $0.text(1)) ?? .mark,
                    strokeIDs: TokenCoding.decodeIDs($0.blob(2)), tokens: [])
            }
            for k in ends.indices {
                ends[k].tokens = try db.query("SELECT token FROM link_tokens WHERE link = ? AND position = ? ORDER BY token",
                                              [.int(id), .int(ends[k].position)]) { $0.int(0) }
            }
            return Link(id: id, kind: kind, mark: mark, ends: ends)
        }
    }

    /// The best reading of each stored token, by id.
    static func bestReadings(of tokens: [Int64], in db: any SQLConnection) throws -> [Int64: String] {
        guard !tokens.isEmpty else { return [:] }
        return Dictionary(try db.query("SELECT id, readings FROM tokens WHERE id IN (SELECT value FROM \(db.dialect.integers(as: "j")))",
                                       [.text(FormVocabulary.jsonArray(tokens.map(String.init)))]) {
            ($0.int(0), TokenCoding.decodeReadings($0.text(1)).first?.text ?? "")
        }, uniquingKeysWith: { a, _ in a })
    }

    /// The relations of a hit on the stored tokens `hit`, as `HitContext(tokens:of:markup:)`
    /// makes them in memory.
    static func relations(ofHit hit: [Int64], in db: any SQLConnection) throws -> [HitContext.Relation] {
        let links = try links(touching: hit, in: db)
        let readings = try bestReadings(of: links.flatMap { $0.ends.flatMap(\.tokens) }, in: db)
        let own = Set(hit)
        var relations: [HitContext.Relation] = []
        for link in links {
            guard let mine = link.ends.first(where: { $0.tokens.contains(where: own.contains) }) else { continue }
            for end in link.ends where !end.tokens.contains(where: own.contains) && !(end.tokens.isEmpty && end.strokeIDs.isEmpty) {
                let reading = end.tokens.compactMap { readings[$0] }.filter { !$0.isEmpty }.joined(separator: " ")
                relations.append(HitContext.Relation(kind: link.kind, mark: link.mark, role: mine.role, otherRole: end.role,
                                                     reading: reading, strokeIDs: end.strokeIDs))
            }
        }
        return relations
    }
}
