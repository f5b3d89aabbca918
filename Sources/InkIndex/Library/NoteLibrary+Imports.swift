import Foundation

/// A file whose pages a library imported: what a folder sync compares to see what changed.
public struct ImportedFile: Sendable, Hashable, Codable {
    /// How the file is known (a path relative to the synced folder): its pages' ids derive from it.
    public var identity: String
    /// The CRC-32 of the file's bytes when it was read (`DrawingFile.contentHash(of:)`).
    public var contentHash: UInt32
    /// The notes its pages became, in page order.
    public var noteIDs: [String]
    public var imported: Date
}

extension NoteLibrary {
    /// Every imported file, by identity.
    ///
    /// ```swift
    /// let known = Dictionary(uniqueKeysWithValues: try await library.importedFiles().map { ($0.identity, $0) })
    /// ```
    public func importedFiles() throws -> [ImportedFile] {
        try db.query("SELECT identity, content_hash, note_ids, imported FROM imported_files ORDER BY identity") { row in
            ImportedFile(identity: row.text(0), contentHash: UInt32(truncatingIfNeeded: row.int(1)),
                         noteIDs: row.text(2).split(separator: "\n").map(String.init),
                         imported: Date(timeIntervalSince1970: row.double(3)))
        }
    }

    /// Stores a file's pages as notes (each saved: new ones added, changed ones replaced, so a
    /// changed notebook updates its notes rather than adding new ones), deletes the notes of
    /// pages it had before and no longer has, and records the file, all in one transaction.
    /// Returns the ids of the notes whose drawing is new or changed.
    ///
    /// ```swift
    /// let pages = try DrawingFile.readPages(from: url, fileIdentity: "lectures/week1.xopp").pages
    /// try await library.importFile(identity: "lectures/week1.xopp", contentHash: hash,
    ///                              pages: pages.map { ($0.id.uuidString, "week1, page \($0.number)", $0.drawing) })
    /// ```
    @discardableResult
    public func importFile(identity: String, contentHash: UInt32, pages: [(id: String, title: String, drawing: Drawing)],
                           at date: Date = Date()) throws -> [String] {
        try db.transaction {
            let before = try importedNoteIDs(identity)
            var changed: [String] = []
            for page in pages {
                let encoded = BinaryDrawingCodec.encode(page.drawing)
                let checksum = Int64(CRC32C.checksum(encoded))
                if try db.scalarInt("SELECT checksum FROM notes WHERE id = ?", [.text(page.id)]) == checksum { continue }
                try upsert(page.drawing, id: page.id, title: page.title, at: date)
                changed.append(page.id)
            }
            let kept = Set(pages.map(\.id))
            for id in before where !kept.contains(id) { try deleteIfPresent(id, at: date) }
            try db.execute("""
                INSERT INTO imported_files(identity, content_hash, note_ids, imported) VALUES (?, ?, ?, ?)
                ON CONFLICT(identity) DO UPDATE SET content_hash = excluded.content_hash, note_ids = excluded.note_ids,
                                                    imported = excluded.imported
                """, [.text(identity), .int(Int64(contentHash)), .text(pages.map(\.id).joined(separator: "\n")),
                      .double(date.timeIntervalSince1970)])
            return changed
        }
    }

    /// Deletes the notes of a file that is gone and forgets the file; returns how many notes.
    @discardableResult
    public func forgetImportedFile(identity: String) throws -> Int {
        try db.transaction {
            var deleted = 0
            for id in try importedNoteIDs(identity) where try exists(id) {
                try deleteIfPresent(id, at: Date())
                deleted += 1
            }
            try db.execute("DELETE FROM imported_files WHERE identity = ?", [.text(identity)])
            return deleted
        }
    }

    private func importedNoteIDs(_ identity: String) throws -> [String] {
        try db.query("SELECT note_ids FROM imported_files WHERE identity = ?", [.text(identity)]) { $0.text(0) }
            .first.map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    private func deleteIfPresent(_ id: String, at date: Date) throws {
        guard try exists(id) else { return }
        try remove(id, at: date)
    }
}
