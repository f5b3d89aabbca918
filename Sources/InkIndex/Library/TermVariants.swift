import Foundation

/// The `term_variants` rows of a key: its deletion variants, as deep as `SearchIndex` indexes a
/// key of its length, so that SQLite finds the keys a query word may match fuzzily the way
/// `SearchIndex` finds them in memory.
enum TermVariants {
    static func variants(of key: String) -> Set<String> {
        DeletionNeighborhood.variants(of: key, depth: DeletionNeighborhood.indexDepth(forLength: key.unicodeScalars.count))
    }

    /// One statement for all of a key's variants (up to ~80; on PostgreSQL a statement is a
    /// round trip).
    static func insert(term: Int64, key: String, into db: any SQLConnection) throws {
        let variants = variants(of: key)
        guard !variants.isEmpty else { return }
        try db.execute("INSERT OR IGNORE INTO term_variants(variant, term) SELECT j.value, CAST(? AS BIGINT) FROM \(db.dialect.strings(as: "j"))",
                       [.int(term), .text(FormVocabulary.jsonKeys(variants.sorted()))])
    }

    /// Refills the table from `terms` (the version 4 migration). O(keys · variants).
    static func rebuild(_ db: any SQLConnection) throws {
        try db.execute("DELETE FROM term_variants")
        for (id, key) in try db.query("SELECT id, key FROM terms", row: { ($0.int(0), $0.text(1)) }) {
            try insert(term: id, key: key, into: db)
        }
    }
}
