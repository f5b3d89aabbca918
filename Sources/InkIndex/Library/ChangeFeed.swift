import Foundation

/// One entry of a library's change feed: the latest thing that happened to a note.
///
/// The feed keeps each note once, at the position of its latest change, so reading it from a
/// cursor gives every note that changed since, once, and reading it from 0 gives every note
/// there is (and the deletions still remembered). A device compares `revision` with its own copy
/// to know whether to fetch the strokes, and `recognitionVersion` to know whether the readings
/// changed.
///
/// ```swift
/// let page = try await library.changes(since: savedCursor, limit: 500)
/// for change in page.changes where change.kind == .deleted { try local.delete(change.noteID) }
/// savedCursor = page.next
/// ```
public struct NoteChange: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Added (or, for the notes a library held before it had a feed, there).
        case created
        /// Its drawing or title was saved.
        case updated
        /// Deleted: a tombstone, kept until `NoteLibrary.pruneTombstones(before:)`.
        case deleted
        /// Indexed for the first time since it was read without an index.
        case indexed
        /// Indexed again (a new recognition version, a changed drawing, a forced reindex).
        case reindexed
        /// Its index was cleared by `NoteLibrary.repair()`; it will be indexed again.
        case repaired
    }

    /// Where the change stands in the feed; a later change has a larger position.
    public var position: Int64
    public var noteID: String
    public var kind: Kind
    /// The note's revision after the change (for a deletion, its last revision).
    public var revision: Int
    /// The recognition version of the note's index after the change; nil where it has none.
    public var recognitionVersion: Int?
    public var at: Date

    public init(position: Int64, noteID: String, kind: Kind, revision: Int, recognitionVersion: Int?, at: Date) {
        self.position = position
        self.noteID = noteID
        self.kind = kind
        self.revision = revision
        self.recognitionVersion = recognitionVersion
        self.at = at
    }
}

/// A page of the change feed: the changes after a cursor, in order, and the cursor to ask from
/// next.
public struct ChangePage: Sendable, Hashable {
    public var changes: [NoteChange]
    /// The cursor for the next call: the last change's position, or the cursor given where
    /// nothing changed.
    public var next: Int64
    /// Whether more changes follow (the page was cut at its limit).
    public var hasMore: Bool

    public init(changes: [NoteChange], next: Int64, hasMore: Bool) {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
    }
}

/// The feed's rows, written in the transaction of the change they record.
///
/// On PostgreSQL several servers write one library; a position taken from the sequence by one
/// transaction could become visible after a larger one taken by another, and a reader between
/// the two would skip it. So every writer takes the library's feed lock (an advisory lock,
/// `SQLDialect.feedLock`) before it takes a position, and holds it until it commits: positions
/// become visible in order. SQLite has one writer at a time already.
enum ChangeRows {
    /// Records `kind` for the note as it now is (its revision, its index's version). Call after
    /// the change's own writes, in their transaction.
    static func record(_ kind: NoteChange.Kind, noteID: String, at date: Date, in db: any SQLConnection) throws {
        try takePosition(of: noteID, in: db)
        try db.execute("""
            INSERT INTO changes(note, kind, revision, recognition_version, at)
            SELECT n.id, ?, n.revision, i.recognition_version, ? FROM notes n LEFT JOIN note_index i ON i.note = n.id WHERE n.id = ?
            """, [.text(kind.rawValue), .double(date.timeIntervalSince1970), .text(noteID)])
    }

    /// Records a deletion: call before the note's row is deleted, in the same transaction.
    static func recordDeletion(noteID: String, at date: Date, in db: any SQLConnection) throws {
        try takePosition(of: noteID, in: db)
        try db.execute("""
            INSERT INTO changes(note, kind, revision, recognition_version, at)
            SELECT id, 'deleted', revision, NULL, ? FROM notes WHERE id = ?
            """, [.double(date.timeIntervalSince1970), .text(noteID)])
    }

    /// Takes the feed lock and removes the note's earlier change: the feed keeps a note once.
    private static func takePosition(of noteID: String, in db: any SQLConnection) throws {
        if let lock = db.dialect.feedLock { try db.execute(lock) }
        try db.execute("DELETE FROM changes WHERE note = ?", [.text(noteID)])
    }
}
