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
    /// Complexity: three statements for any number of tokens and links (on PostgreSQL each
    /// statement is a round trip): one index seek per token, then the ends and the end tokens of
    /// the links found.
    static func links(touching tokens: [Int64], in db: any SQLConnection) throws -> [Link] {
        guard !tokens.isEmpty else { return [] }
        var links: [Link] = []
        try db.forEachRow("""
            SELECT l.id, l.kind, l.mark_kind FROM links l
            WHERE l.id \(db.dialect.inValues(of: "SELECT link FROM link_tokens WHERE token \(db.dialect.inIntegers())")) ORDER BY l.id
            """, [.text(FormVocabulary.jsonArray(tokens.map(String.init)))]) { row in
            guard let kind = LayoutRelation.Kind(rawValue: row.text(1)) else { return }
            links.append(Link(id: row.int(0), kind: kind, mark: row.isNull(2) ? nil : LayoutMark.Kind(rawValue: row.text(2)), ends: []))
        }
        guard !links.isEmpty else { return [] }
        let ids = FormVocabulary.jsonArray(links.map { String($0.id) })
        let offsets = Dictionary(uniqueKeysWithValues: links.enumerated().map { ($1.id, $0) })
        try db.forEachRow("""
            SELECT link, position, role, stroke_ids FROM link_ends WHERE link \(db.dialect.inIntegers())
            ORDER BY link, position
            """, [.text(ids)]) { row in
            let link = row.int(0)
            links[offsets[link]!].ends.append(End(link: link, position: Int(row.int(1)), role: PageMarkup.End.Role(rawValue: row.text(2)) ?? .mark,
                                                  strokeIDs: TokenCoding.decodeIDs(row.blob(3)), tokens: []))
        }
        try db.forEachRow("""
            SELECT link, position, token FROM link_tokens WHERE link \(db.dialect.inIntegers())
            ORDER BY link, position, token
            """, [.text(ids)]) { row in
            let k = offsets[row.int(0)]!, position = Int(row.int(1))
            if let end = links[k].ends.firstIndex(where: { $0.position == position }) { links[k].ends[end].tokens.append(row.int(2)) }
        }
        return links
    }

    /// The best reading of each stored token, by id.
    static func bestReadings(of tokens: [Int64], in db: any SQLConnection) throws -> [Int64: String] {
        guard !tokens.isEmpty else { return [:] }
        return Dictionary(try db.query("SELECT id, readings FROM tokens WHERE id \(db.dialect.inIntegers())",
                                       [.text(FormVocabulary.jsonArray(tokens.map(String.init)))]) {
            ($0.int(0), TokenCoding.decodeReadings($0.text(1)).first?.text ?? "")
        }, uniquingKeysWith: { a, _ in a })
    }

    /// The relations of each hit on the stored tokens `hits[k]`, as `HitContext(tokens:of:markup:)`
    /// makes them in memory. Complexity: four statements for any number of hits
    /// (`links(touching:)`, then the best readings of the other ends).
    static func relations(ofHits hits: [[Int64]], in db: any SQLConnection) throws -> [[HitContext.Relation]] {
        let links = try links(touching: Array(Set(hits.joined())).sorted(), in: db)
        guard !links.isEmpty else { return hits.map { _ in [] } }
        let readings = try bestReadings(of: Array(Set(links.flatMap { $0.ends.flatMap(\.tokens) })).sorted(), in: db)
        return hits.map { hit in
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
}
