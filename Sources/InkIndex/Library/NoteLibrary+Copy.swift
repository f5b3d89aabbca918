import Foundation

/// A note's record exactly as a library stores it: what `NoteLibrary.copy(to:)` moves between
/// stores.
public struct NoteRecord: Sendable, Hashable {
    public var id: String
    public var title: String
    public var created: Date
    public var modified: Date
    public var revision: Int
    /// The drawing in the binary encoding, byte for byte as stored (its checksum verified).
    public var drawing: Data
}

/// What `NoteLibrary.copy(to:)` did.
public struct LibraryCopyReport: Sendable, Hashable, Codable {
    /// Notes written to the destination, each read back there and matched byte for byte.
    public var copied = 0
    /// Notes the destination already held with the same drawing, title and revision (a copy run
    /// again).
    public var alreadyThere = 0
    /// Notes the destination holds under the same id with something else: left as they are there.
    public var conflicting: [String] = []
    public var vocabularyWords = 0
    public var importedFiles = 0
}

extension NoteLibrary {
    /// Copies every record of this library into `destination` (another file, or a PostgreSQL
    /// library): each note's drawing bytes as stored (verified against their checksum as they are
    /// read, and again as they are read back at the destination), its title, dates and revision;
    /// the vocabulary; the imported files. Derived rows are not copied: the destination's notes
    /// wait to be indexed (`LibraryRebuilder`, `inkindex library reindex`, workers), which any
    /// recognizer does from the records alone. A note the destination already holds is never
    /// changed. Batches of 200 notes, each one transaction at the destination.
    ///
    /// ```swift
    /// let report = try await NoteLibrary(path: "notes.sqlite").copy(to: try PostgresLibrary.open(url))
    /// ```
    /// Complexity: O(notes × drawing size).
    public func copy(to destination: NoteLibrary, progress: @Sendable (Int) -> Void = { _ in }) async throws -> LibraryCopyReport {
        var report = LibraryCopyReport()
        var after = ""
        while true {
            let batch = try records(after: after, limit: 200)
            guard let last = batch.last else { break }
            let outcome = try await destination.insert(batch)
            report.copied += outcome.copied
            report.alreadyThere += outcome.alreadyThere
            report.conflicting += outcome.conflicting
            after = last.id
            progress(report.copied + report.alreadyThere + report.conflicting.count)
        }
        report.vocabularyWords = try await destination.insert(vocabularyWords())
        report.importedFiles = try await destination.insert(importedFiles())
        return report
    }

    /// Up to `limit` records with ids after `after`, by id, each drawing verified.
    package func records(after: String, limit: Int) throws -> [NoteRecord] {
        let rows = try db.query("SELECT id, title, created, modified, revision FROM notes WHERE id > ? ORDER BY id LIMIT ?",
                                [.text(after), .int(limit)]) {
            ($0.text(0), $0.text(1), Date(timeIntervalSince1970: $0.double(2)), Date(timeIntervalSince1970: $0.double(3)), Int($0.int(4)))
        }
        return try rows.map { id, title, created, modified, revision in
            NoteRecord(id: id, title: title, created: created, modified: modified, revision: revision, drawing: try drawingBytes(id: id))
        }
    }

    /// Writes records that are new here in one transaction, then reads each back and compares it
    /// byte for byte; a record whose id is taken is left as stored.
    package func insert(_ records: [NoteRecord]) throws -> (copied: Int, alreadyThere: Int, conflicting: [String]) {
        var fresh: [NoteRecord] = [], alreadyThere = 0, conflicting: [String] = []
        try db.transaction {
            for record in records {
                if try exists(record.id) {
                    let stored = try db.query("SELECT title, revision, drawing FROM notes WHERE id = ?", [.text(record.id)]) {
                        ($0.text(0), Int($0.int(1)), $0.blob(2))
                    }.first
                    if let stored, stored == (record.title, record.revision, record.drawing) { alreadyThere += 1 } else { conflicting.append(record.id) }
                    continue
                }
                try db.execute("""
                    INSERT INTO notes(id, title, created, modified, drawing, checksum, revision) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(record.id), .text(record.title), .double(record.created.timeIntervalSince1970),
                          .double(record.modified.timeIntervalSince1970), .blob(record.drawing),
                          .int(Int64(CRC32C.checksum(record.drawing))), .int(record.revision)])
                try ChangeRows.record(.created, noteID: record.id, at: record.modified, in: db)
                fresh.append(record)
            }
        }
        for record in fresh where try drawingBytes(id: record.id) != record.drawing {
            throw LibraryError.damagedNote(id: record.id, reason: "its copy does not read back as the bytes written")
        }
        return (fresh.count, alreadyThere, conflicting)
    }

    /// Adds vocabulary words that are new here, as they were (source, date, uses); returns how many.
    package func insert(_ words: [VocabularyWord]) throws -> Int {
        try db.transaction {
            var added = 0
            for word in words where try db.scalarInt("SELECT 1 FROM vocabulary WHERE word = ?", [.text(word.word)]) == nil {
                try db.execute("INSERT INTO vocabulary(word, source, added, uses) VALUES (?, ?, ?, ?)",
                               [.text(word.word), .text(word.source.rawValue), .double(word.added.timeIntervalSince1970), .int(word.uses)])
                added += 1
            }
            return added
        }
    }

    /// Adds imported files that are new here; returns how many.
    package func insert(_ files: [ImportedFile]) throws -> Int {
        try db.transaction {
            var added = 0
            for file in files where try db.scalarInt("SELECT 1 FROM imported_files WHERE identity = ?", [.text(file.identity)]) == nil {
                try db.execute("INSERT INTO imported_files(identity, content_hash, note_ids, imported) VALUES (?, ?, ?, ?)",
                               [.text(file.identity), .int(Int64(file.contentHash)), .text(file.noteIDs.joined(separator: "\n")),
                                .double(file.imported.timeIntervalSince1970)])
                added += 1
            }
            return added
        }
    }
}
