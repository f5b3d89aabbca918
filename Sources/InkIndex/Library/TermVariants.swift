import Foundation

/// The `term_variants` rows of a key: its deletion variants, as deep as `SearchIndex` indexes a
/// key of its length, so that SQLite finds the keys a query word may match fuzzily the way
/// `SearchIndex` finds them in memory.
enum TermVariants {
    static func variants(of key: String) -> Set<String> {
        DeletionNeighborhood.variants(of: key, depth: DeletionNeighborhood.indexDepth(forLength: key.unicodeScalars.count))
    }

    static func insert(term: Int64, key: String, into db: any SQLConnection) throws {
        for variant in variants(of: key) {
            try db.execute("INSERT OR IGNORE INTO term_variants(variant, term) VALUES (?, ?)", [.text(variant), .int(term)])
        }
    }

    /// Refills the table from `terms` (the version 4 migration). O(keys · variants).
    static func rebuild(_ db: any SQLConnection) throws {
        try db.execute("DELETE FROM term_variants")
        for (id, key) in try db.query("SELECT id, key FROM terms", row: { ($0.int(0), $0.text(1)) }) {
            try insert(term: id, key: key, into: db)
        }
    }
}
