import Foundation

extension NoteLibrary {
    /// Verifies every note's record: its bytes match their checksum and decode to a drawing;
    /// also runs the database's own check (SQLite's integrity check). O(file size × log) for
    /// SQLite's part, then O(total drawing bytes).
    ///
    /// The integrity check, unlike the quicker `quick_check`, also compares every index with its
    /// table: a damaged entry of the notes' key index hides a note from lookups by id while the
    /// note's row is intact, and only the full check reports it.
    public func check(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> LibraryCheckReport {
        var problems = try db.structuralProblems().map { "database: \($0)" }
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
        for problem in try indexProblems() {
            problems.append("note '\(problem.noteID)' could not be indexed by recognition version \(problem.recognitionVersion): \(problem.reason)")
        }
        return LibraryCheckReport(notesChecked: ids.count, problems: problems)
    }

    /// Counts and sizes; `outdatedNotes` are those a recognizer of `currentVersion` would reindex.
    public func stats(currentVersion: Int? = nil) throws -> LibraryStats {
        func count(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int { Int(try db.scalarInt(sql, bindings) ?? 0) }
        var versions: [Int: Int] = [:]
        for (version, notes) in try db.query("SELECT recognition_version, count(*) FROM note_index GROUP BY 1", row: { (Int($0.int(0)), Int($0.int(1))) }) {
            versions[version] = notes
        }
        var stats = LibraryStats(
            notes: try count("SELECT count(*) FROM notes"),
            indexedNotes: try count("SELECT count(*) FROM note_index"),
            outdatedNotes: try currentVersion.map { try notesToIndex(version: $0).count } ?? 0,
            words: try count("SELECT count(*) FROM tokens"),
            lines: try count("SELECT count(*) FROM (SELECT DISTINCT note, line FROM tokens) AS lines"),
            terms: try count("SELECT count(*) FROM terms"),
            drawingBytes: try count("SELECT coalesce(sum(length(drawing)), 0) FROM notes"),
            fileBytes: try db.storedBytes(),
            recognitionVersions: versions)
        (stats.wordsWithEvidence, stats.evidenceBytes) = try db.query("SELECT count(evidence), coalesce(sum(length(evidence)), 0) FROM tokens") {
            (Int($0.int(0)), Int($0.int(1)))
        }.first ?? (0, 0)
        // Each table's and index's pages, where SQLite has the dbstat table (Debian's and Apple's
        // builds do); empty where it has not.
        if let rows = try? db.query("SELECT name, sum(pgsize) FROM dbstat GROUP BY name", row: { ($0.text(0), Int($0.int(1))) }) {
            stats.tableBytes = Dictionary(rows, uniquingKeysWith: +)
        }
        return stats
    }
}

/// What `NoteLibrary.repair()` found and did.
public struct LibraryRepairReport: Sendable, Hashable, Codable {
    /// `check()` before the repair.
    public var problemsBefore: [String]
    /// `check()` after it: empty where the library is whole again. What remains is damage to the
    /// records themselves (a note's bytes), which no repair may touch: restore those from a backup.
    public var problemsAfter: [String]
    /// Index rows of notes that no longer exist, removed.
    public var orphanIndexRowsRemoved: Int
    /// Whether the derived tables were emptied (damage that rebuilding SQLite's indexes did not
    /// mend): every note then waits to be indexed again, and a reindex rebuilds them.
    public var derivedTablesCleared: Bool

    public var isHealthy: Bool { problemsAfter.isEmpty }
}

extension NoteLibrary {
    /// The tables derived from the records (everything but `notes`), emptied by a repair that needs
    /// to.
    static let derivedTables = ["postings", "terms", "token_marks", "link_tokens", "link_ends",
                                "links", "clusters", "citations", "tokens", "note_index", "evidence_ceiling", "alphabets"]

    /// Rebuilds what `check()` finds damaged from the records, and never changes a record: SQLite's
    /// indexes are rebuilt from their tables (`REINDEX`: a damaged key index of the notes is mended
    /// without touching a note's row), index rows of notes that do not exist are removed, and where
    /// the derived tables are still damaged they are emptied, so that every note is indexed again
    /// (`LibraryRebuilder`, `inkindex library reindex`, or the server's background reindex).
    ///
    /// ```swift
    /// let report = try await library.repair()
    /// if report.derivedTablesCleared { try await LibraryRebuilder(library: library, indexer: indexer).run() }
    /// ```
    /// Complexity: O(size of the file) for the checks and the rebuilt indexes.
    @discardableResult
    public func repair() throws -> LibraryRepairReport {
        let before = try check().problems
        var report = LibraryRepairReport(problemsBefore: before, problemsAfter: before, orphanIndexRowsRemoved: 0, derivedTablesCleared: false)
        guard !before.isEmpty else { return report }
        try db.rebuildIndexes()
        report.orphanIndexRowsRemoved = try db.transaction(synchronous: .normal) { () throws -> Int in
            let orphans = try db.query("SELECT i.note FROM note_index i LEFT JOIN notes n ON n.id = i.note WHERE n.id IS NULL") { $0.text(0) }
            for id in orphans { try deleteIndexRows(noteID: id) }
            return orphans.count
        }
        var after = try check().problems
        if after.contains(where: { $0.hasPrefix("database:") }) {
            try db.transaction(synchronous: .normal) {
                for table in Self.derivedTables { try db.execute("DELETE FROM \(table)") }
                // Devices that show the server's readings learn that they are gone.
                let now = Date()
                let ids = try db.query("SELECT id FROM notes ORDER BY id", []) { $0.text(0) }
                for id in ids { try ChangeRows.record(.repaired, noteID: id, at: now, in: db) }
            }
            try db.rebuildIndexes()
            report.derivedTablesCleared = true
            after = try check().problems
        }
        report.problemsAfter = after
        return report
    }
}

extension NoteLibrary {
    /// Rewrites a SQLite library without the space that deleted notes and dropped tables left
    /// behind, in the page size new libraries use (1 KiB: `Database.pageSize`). A library made
    /// before schema 11 keeps 4 KiB pages until it is compacted; its index then takes about half
    /// the space beside the ink it took. Notes, their ids, revisions and index are unchanged.
    ///
    /// It needs the file alone: with another connection open (a server, another `NoteLibrary`
    /// on the same file), it throws `LibraryError.inUse` and changes nothing. On PostgreSQL it
    /// throws `LibraryError.unsupported` (the database's `VACUUM FULL` is its operator's).
    ///
    /// ```swift
    /// let (before, after) = try await library.compact()
    /// print("\(before) → \(after) bytes")
    /// ```
    /// Complexity: O(size of the file), and as much free disk for the copy SQLite makes.
    @discardableResult
    public func compact() throws -> (bytesBefore: Int, bytesAfter: Int) {
        guard let database = db as? Database else {
            throw LibraryError.unsupported("compact rewrites a SQLite library's file; a PostgreSQL database is compacted by its VACUUM FULL")
        }
        let before = try database.storedBytes()
        guard try database.compact(pageSize: Database.pageSize) else { throw LibraryError.inUse(path: path) }
        return (before, try database.storedBytes())
    }
}
