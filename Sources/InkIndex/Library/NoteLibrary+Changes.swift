import Foundation

extension NoteLibrary {
    /// The changes after `cursor`, oldest first, at most `limit` of them, and the cursor to ask
    /// from next. Cursor 0 reads the whole feed: every note the library holds (each once, at its
    /// latest change) and the deletions still remembered, so a new device can start there.
    /// Throws `LibraryError.resyncRequired` for a cursor older than the newest pruned tombstone:
    /// the device may have missed a deletion, and reads again from 0.
    ///
    /// ```swift
    /// var cursor: Int64 = 0
    /// repeat {
    ///     let page = try await library.changes(since: cursor, limit: 500)
    ///     for change in page.changes { apply(change) }
    ///     cursor = page.next
    /// } while page.hasMore
    /// ```
    /// Complexity: O(log n + limit), by the feed's position key.
    public func changes(since cursor: Int64, limit: Int = 1_000) throws -> ChangePage {
        precondition(limit > 0, "a page holds at least one change")
        if cursor > 0 {
            let pruned = try db.scalarInt("SELECT pruned_through FROM change_feed WHERE id = 0") ?? 0
            if cursor < pruned { throw LibraryError.resyncRequired(cursor: cursor, oldestKept: pruned) }
        }
        var changes = try db.query("""
            SELECT position, note, kind, revision, recognition_version, at FROM changes
            WHERE position > ? ORDER BY position LIMIT ?
            """, [.int(cursor), .int(Int64(limit) + 1)]) { row in
            NoteChange(position: row.int(0), noteID: row.text(1), kind: NoteChange.Kind(rawValue: row.text(2)) ?? .updated,
                       revision: Int(row.int(3)), recognitionVersion: row.isNull(4) ? nil : Int(row.int(4)),
                       at: Date(timeIntervalSince1970: row.double(5)))
        }
        let hasMore = changes.count > limit
        if hasMore { changes.removeLast() }
        return ChangePage(changes: changes, next: changes.last?.position ?? cursor, hasMore: hasMore)
    }

    /// The position of the newest change (0 for an empty feed): what a long poll compares to
    /// know that something changed. O(log n).
    public func latestChangePosition() throws -> Int64 {
        try db.scalarInt("SELECT max(position) FROM changes") ?? 0
    }

    /// Forgets the tombstones of deletions made before `date`, and remembers the newest position
    /// forgotten, so that a cursor older than it is told to resync rather than miss a deletion.
    /// Returns how many were forgotten.
    ///
    /// ```swift
    /// try await library.pruneTombstones(before: Date().addingTimeInterval(-30 * 86_400))  // keep 30 days
    /// ```
    @discardableResult
    public func pruneTombstones(before date: Date) throws -> Int {
        try db.transaction {
            let at = SQLValue.double(date.timeIntervalSince1970)
            guard let newest = try db.scalarInt("SELECT max(position) FROM changes WHERE kind = 'deleted' AND at < ?", [at]) else {
                return 0
            }
            let count = try db.scalarInt("SELECT count(*) FROM changes WHERE kind = 'deleted' AND at < ?", [at]) ?? 0
            try db.execute("DELETE FROM changes WHERE kind = 'deleted' AND at < ?", [at])
            try db.execute("UPDATE change_feed SET pruned_through = ? WHERE id = 0 AND pruned_through < ?", [.int(newest), .int(newest)])
            return Int(count)
        }
    }
}
