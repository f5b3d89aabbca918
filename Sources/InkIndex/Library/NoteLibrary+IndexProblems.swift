import Foundation

/// A note that a reindex could not finish (its recognition ran past the deadline): it keeps its
/// old index, if any, and is not tried again until its drawing or the recognizer changes.
public struct IndexProblem: Sendable, Hashable, Codable {
    public var noteID: String
    public var reason: String
    public var recognitionVersion: Int
    /// The model whose reading failed (`LineRecognizing.recognitionModel`; "" where none was
    /// named, or for problems recorded before schema 11). Another model tries the note again.
    public var recognitionModel: String
    public var at: Date
}

extension NoteLibrary {
    /// Records that indexing `noteID` by `recognitionVersion` of `recognitionModel` failed for
    /// `reason`, for its current drawing: that model tries it again only at a newer version or
    /// once the drawing changes; another model tries it at once. `library check` and
    /// `/api/health` report it; indexing the note clears it.
    ///
    /// ```swift
    /// try await library.markIndexProblem(noteID: "n7", reason: "over the 20 s deadline", recognitionVersion: 6, recognitionModel: "open")
    /// ```
    public func markIndexProblem(noteID: String, reason: String, recognitionVersion: Int, recognitionModel: String = "",
                                 at date: Date = Date()) throws {
        try db.transaction(synchronous: .normal) {
            guard let checksum = try db.scalarInt("SELECT checksum FROM notes WHERE id = ?", [.text(noteID)]) else {
                throw LibraryError.noteNotFound(noteID)
            }
            try db.execute("""
                INSERT INTO index_problems(note, reason, recognition_version, recognition_model, drawing_checksum, at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(note) DO UPDATE SET reason = excluded.reason, recognition_version = excluded.recognition_version,
                    recognition_model = excluded.recognition_model, drawing_checksum = excluded.drawing_checksum, at = excluded.at
                """, [.text(noteID), .text(reason), .int(Int64(recognitionVersion)), .text(recognitionModel), .int(checksum),
                      .double(date.timeIntervalSince1970)])
        }
    }

    /// The notes marked by `markIndexProblem`, by id.
    public func indexProblems() throws -> [IndexProblem] {
        try db.query("SELECT note, reason, recognition_version, recognition_model, at FROM index_problems ORDER BY note") { row in
            IndexProblem(noteID: row.text(0), reason: row.text(1), recognitionVersion: Int(row.int(2)), recognitionModel: row.text(3),
                         at: Date(timeIntervalSince1970: row.double(4)))
        }
    }
}
