import Foundation

extension NoteLibrary {
    /// Verifies every note's record: its bytes match their checksum and decode to a drawing;
    /// also runs SQLite's integrity check. O(file size × log) for SQLite's part, then O(total
    /// drawing bytes).
    ///
    /// The integrity check, unlike the quicker `quick_check`, also compares every index with its
    /// table: a damaged entry of the notes' key index hides a note from lookups by id while the
    /// note's row is intact, and only the full check reports it.
    public func check(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> LibraryCheckReport {
        var problems = try db.query("PRAGMA integrity_check") { $0.text(0) }.filter { $0 != "ok" }.map { "database: \($0)" }
        let ids = try db.query("SELECT id FROM notes ORDER BY id") { $0.text(0) }
        for (done, id) in ids.enumerated() {
            do {
                _ = try drawing(id: id)
            } catch {
                problems.append("\(error)")
            }
            progress?(done + 1, ids.count)
        }
        let orphans = try db.scalarInt("SELECT count(*) FROM note_index i LEFT JOIN notes n ON n.id = i.note WHERE n.id IS NULL") ?? 0
        if orphans > 0 { problems.append("index: \(orphans) index rows name notes that do not exist") }
        return LibraryCheckReport(notesChecked: ids.count, problems: problems)
    }

    /// Counts and sizes; `outdatedNotes` are those a recognizer of `currentVersion` would reindex.
    public func stats(currentVersion: Int? = nil) throws -> LibraryStats {
        func count(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int { Int(try db.scalarInt(sql, bindings) ?? 0) }
        var versions: [Int: Int] = [:]
        for (version, notes) in try db.query("SELECT recognition_version, count(*) FROM note_index GROUP BY 1", row: { (Int($0.int(0)), Int($0.int(1))) }) {
            versions[version] = notes
        }
        let pageSize = try count("PRAGMA page_size"), pages = try count("PRAGMA page_count")
        var stats = LibraryStats(
            notes: try count("SELECT count(*) FROM notes"),
            indexedNotes: try count("SELECT count(*) FROM note_index"),
            outdatedNotes: try currentVersion.map { try notesToIndex(version: $0).count } ?? 0,
            words: try count("SELECT count(*) FROM tokens"),
            lines: try count("SELECT count(*) FROM (SELECT DISTINCT note, line FROM tokens)"),
            terms: try count("SELECT count(*) FROM terms"),
            drawingBytes: try count("SELECT coalesce(sum(length(drawing)), 0) FROM notes"),
            fileBytes: pageSize * pages,
            recognitionVersions: versions)
        (stats.wordsWithEvidence, stats.evidenceBytes) = try db.query("SELECT count(evidence), coalesce(sum(length(evidence)), 0) FROM tokens") {
            (Int($0.int(0)), Int($0.int(1)))
        }.first ?? (0, 0)
        return stats
    }
}
