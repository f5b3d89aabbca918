import Foundation

/// A note of a batch write: `NoteLibrary.saveBatch(_:at:)`.
public struct BatchNote: Sendable {
    public var id: String
    /// The new title; nil keeps an existing note's (and gives a new one "").
    public var title: String?
    public var drawing: Drawing
    /// Saves only where the note is at this revision (it must exist); nil saves whatever its
    /// revision, creating it where absent.
    public var ifRevision: Int?

    public init(id: String, title: String? = nil, drawing: Drawing, ifRevision: Int? = nil) {
        self.id = id
        self.title = title
        self.drawing = drawing
        self.ifRevision = ifRevision
    }
}

/// What happened to one note of a batch.
public enum BatchOutcome: Sendable, Hashable {
    case created(revision: Int)
    case updated(revision: Int)
    /// `ifRevision` was not the note's revision: nothing was changed.
    case stale(current: Int)
    /// `ifRevision` named a note that does not exist: nothing was changed.
    case notFound
}

extension NoteLibrary {
    /// Saves many notes in one transaction, so that they reach the disk with one wait (a device
    /// back online with hundreds of edited pages): each created or updated as `save` would, or
    /// left alone where its `ifRevision` does not hold, without failing the others. Indexes are
    /// left to be made afterwards (`notesToIndex`). O(notes + their bytes).
    ///
    /// ```swift
    /// let outcomes = try await library.saveBatch([BatchNote(id: "p1", drawing: page1), BatchNote(id: "p2", drawing: page2, ifRevision: 4)])
    /// ```
    public func saveBatch(_ notes: [BatchNote], at date: Date = Date()) throws -> [BatchOutcome] {
        try db.transaction {
            try notes.map { note in
                if let expected = note.ifRevision {
                    guard let current = try db.scalarInt("SELECT revision FROM notes WHERE id = ?", [.text(note.id)]) else { return .notFound }
                    guard Int(current) == expected else { return .stale(current: Int(current)) }
                }
                let existed = try exists(note.id)
                try upsert(note.drawing, id: note.id, title: note.title, at: date)
                let revision = try revision(id: note.id)
                return existed ? .updated(revision: revision) : .created(revision: revision)
            }
        }
    }
}
