import Foundation

/// The library's reading keys, cached in memory so that prefix and fuzzy expansion of a query
/// word is one pass over contiguous bytes instead of a table scan.
///
/// Terms are only ever appended to the `terms` table, so the cache refreshes by loading the rows
/// above the highest id it holds; a connection sees other connections' new terms at its next
/// search.
final class TermVocabulary {
    private(set) var ids: [Int64] = []
    private(set) var keys: [[UInt8]] = []
    private var maxID: Int64 = 0

    func refresh(from db: Database) throws {
        let top = try db.scalarInt("SELECT max(id) FROM terms") ?? 0
        guard top > maxID else { return }
        let rows = try db.query("SELECT id, key FROM terms WHERE id > ? ORDER BY id", [.int(maxID)]) { ($0.int(0), $0.text(1)) }
        for (id, key) in rows {
            ids.append(id)
            keys.append(Array(key.utf8))
        }
        maxID = max(maxID, rows.last?.0 ?? maxID)
    }

    /// Terms matching a query key, with their match quality. O(terms) with a cheap length filter.
    func matches(of queryKey: String, fullWordsOnly: Bool) -> [(id: Int64, quality: Double)] {
        let q = Array(queryKey.utf8)
        let slack = LibrarySearchSemantics.maxEdits(length: q.count)
        var found: [(Int64, Double)] = []
        for (index, key) in keys.enumerated() {
            let closeInLength = abs(key.count - q.count) <= slack
            let prefixed = !fullWordsOnly && key.count > q.count && key.starts(with: q)
            guard closeInLength || prefixed,
                  let quality = LibrarySearchSemantics.matchQuality(query: q, candidate: key, fullWordsOnly: fullWordsOnly)
            else { continue }
            found.append((ids[index], quality))
        }
        return found
    }
}
