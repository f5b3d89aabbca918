import Foundation

/// A note that a reindex could not finish (its recognition ran past the deadline): it keeps its
/// old index, if any, and is not tried again until its drawing or the recognizer changes.
public struct IndexProblem: Sendable, Hashable, Codable {
    public var noteID: String
    public var reason: String
    public var recognitionVersion: Int
    public var at: Date
}

extension NoteLibrary {
    /// Records that indexing `noteID` by `recognitionVersion` failed for `reason`, for its
    /// current drawing. `library check` and `/api/health` report it; indexing the note clears it.
    ///
    /// ```swift
    /// try await library.markIndexProblem(noteID: "n7", reason: "over the 20 s deadline", recognitionVersion: 6)
    /// ```
    public func markIndexProblem(noteID: String, reason: String, recognitionVersion: Int, at date: Date = Date()) throws {
        try db.transaction(synchronous: .normal) {
            guard let checksum = try db.scalarInt("SELECT checksum FROM notes WHERE id = ?", [.text(noteID)]) else {
                throw LibraryError.noteNotFound(noteID)
            }
            try db.execute("""
                INSERT INTO index_problems(note, reason, recognition_version, drawing_checksum, at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(note) DO UPDATE SET reason = excluded.reason, recognition_version = excluded.recognition_version,
                    drawing_checksum = excluded.drawing_checksum, at = excluded.at
                """, [.text(noteID), .text(reason), .int(Int64(recognitionVersion)), .int(checksum), .double(date.timeIntervalSince1970)])
        }
    }

    /// The notes marked by `markIndexProblem`, by id.
    public func indexProblems() throws -> [IndexProblem] {
        try db.query("SELECT note, reason, recognition_version, at FROM index_problems ORDER BY note") { row in
            IndexProblem(noteID: row.text(0), reason: row.text(1), recognitionVersion: Int(row.int(2)),
                         at: Date(timeIntervalSince1970: row.double(3)))
        }
    }
}
