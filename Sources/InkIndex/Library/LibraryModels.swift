import Foundation

/// A note's metadata (the drawing itself is read with `NoteLibrary.drawing(id:)`).
public struct NoteInfo: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var created: Date
    public var modified: Date
    /// Grows by one each time the note's drawing or title is saved (1 when added), so that a
    /// change can be made only to the revision it was based on (`save(_:id:title:at:ifRevision:)`).
    public var revision: Int = 1
    /// The recognizer version of the note's index, or nil where it was never indexed.
    public var recognitionVersion: Int?
    public var indexedAt: Date?
    /// The model that read the note's index (`ShippedModel.identifier`), nil where never indexed.
    public var recognitionModel: String? = nil
    /// The languages it was read with, in priority order; nil where never indexed, empty where
    /// the recognizer named none.
    public var recognitionLanguages: [RecognitionLanguage]? = nil
}

/// The derived index of one note, as produced by a recognizer of a given version.
public struct NoteIndex: Sendable, Hashable {
    public var recognitionVersion: Int
    /// The model that read it (`LineRecognizing.recognitionModel`; "" for one that names none).
    public var recognitionModel: String
    /// The languages it was read with (`LineRecognizing.languages`; empty for none named).
    public var languages: [RecognitionLanguage]
    /// Words in reading order (line, then position), as InkSearch's tokenizer made them.
    public var words: [WordToken]
    /// What the page's layout says of each word (cluster, marks, links), stored beside the
    /// words; nil: every word in the body, unmarked (one per word where given).
    public var markup: PageMarkup?

    public init(recognitionVersion: Int, recognitionModel: String = "", languages: [RecognitionLanguage] = [],
                words: [WordToken], markup: PageMarkup? = nil) {
        self.recognitionVersion = recognitionVersion
        self.recognitionModel = recognitionModel
        self.languages = languages
        self.words = words
        self.markup = markup
    }

    /// The references written in the words (`ScriptureParser.standard`; word ranges index
    /// `words`), stored where they are written for reference queries. O(words).
    public var citations: [ScriptureParser.Found] { ScriptureParser.standard.references(in: words) }

    /// The books cited.
    public var citedBooks: Set<Int> { Set(citations.map(\.reference.book)) }
}

/// A search hit across the library: the note, the strokes that matched and where they are.
public struct LibraryHit: Sendable, Hashable, Codable {
    public var noteID: String
    public var strokeIDs: [UUID]
    /// Bounds of the matched strokes, in the note's drawing coordinates.
    public var bounds: CGRect
    /// The reading that matched (words joined by spaces for a phrase).
    public var reading: String
    /// Higher is better; hits are returned best first.
    public var score: Double
    /// Where the hit stands on its page: cluster, line, marks, relations (a note indexed before
    /// schema 6 reads as body words, unmarked, until it is reindexed).
    public var context: HitContext?
    /// The stored ids of the hit's words, in reading order (for its relations and linked search).
    var tokenIDs: [Int64] = []

    public init(noteID: String, strokeIDs: [UUID], bounds: CGRect, reading: String, score: Double, context: HitContext? = nil) {
        self.noteID = noteID
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.reading = reading
        self.score = score
        self.context = context
    }

    private enum CodingKeys: String, CodingKey { case noteID, strokeIDs, bounds, reading, score, context }

    // Row ids say where a hit is stored, not what it is: two libraries' equal hits are equal.
    public static func == (a: LibraryHit, b: LibraryHit) -> Bool {
        a.noteID == b.noteID && a.strokeIDs == b.strokeIDs && a.bounds == b.bounds && a.reading == b.reading && a.score == b.score
            && a.context == b.context
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(noteID)
        hasher.combine(strokeIDs)
        hasher.combine(reading)
        hasher.combine(score)
    }
}

/// Counts and sizes, for `inkindex library stats`.
public struct LibraryStats: Sendable, Hashable, Codable {
    public var notes: Int
    public var indexedNotes: Int
    /// Notes whose index is older than the given recognizer version (or missing).
    public var outdatedNotes: Int
    public var words: Int
    public var lines: Int
    public var terms: Int
    public var drawingBytes: Int
    public var fileBytes: Int
    public var recognitionVersions: [Int: Int]
    /// Words that kept the network's evidence, and the bytes of their blobs.
    public var wordsWithEvidence = 0
    public var evidenceBytes = 0
    /// The bytes of each table and index in the file (SQLite's pages, by name); empty where the
    /// store cannot tell. What the index costs beside the ink is `fileBytes - drawingBytes`.
    public var tableBytes: [String: Int] = [:]
}

/// What `NoteLibrary.check()` found.
public struct LibraryCheckReport: Sendable, Hashable, Codable {
    public var notesChecked: Int
    /// One line per problem: which note and what is wrong.
    public var problems: [String]
    public var isHealthy: Bool { problems.isEmpty }
}

/// Failures of the library, saying which note and what.
public enum LibraryError: Error, Equatable, CustomStringConvertible {
    case noteNotFound(String)
    case duplicateNote(String)
    /// The stored bytes of a note do not match their checksum or do not decode.
    case damagedNote(id: String, reason: String)
    /// The file is not a library: neither empty nor an SQLite database (a file cut short).
    case notALibrary(path: String, reason: String)
    /// The file was written by a newer InkIndex, whose schema this build does not know. Nothing
    /// was changed: upgrade InkIndex to open it.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file's schema version is one no InkIndex writes (a damaged header). Nothing was changed.
    case invalidSchemaVersion(path: String, found: Int)
    /// A change was asked of a revision of the note that is no longer its latest (another device
    /// changed it first). Nothing was changed.
    case staleRevision(id: String, expected: Int, current: Int)
    /// A change feed's cursor older than the oldest deletion the library still remembers: the
    /// device may have missed a deletion, so it must list everything again (from cursor 0).
    case resyncRequired(cursor: Int64, oldestKept: Int64)
    /// Another connection has the file open (a server, another process), and what was asked
    /// needs it alone (`compact()`). Nothing was changed.
    case inUse(path: String)
    /// What was asked is not done by this kind of store (`compact()` on PostgreSQL). Nothing was
    /// changed.
    case unsupported(String)

    public var description: String {
        switch self {
        case .noteNotFound(let id): "no note with id '\(id)' in the library"
        case .duplicateNote(let id): "a note with id '\(id)' is already in the library"
        case .damagedNote(let id, let reason): "note '\(id)' is damaged: \(reason)"
        case .notALibrary(let path, let reason): "'\(path)' is not a note library: \(reason)"
        case .newerSchema(let path, let found, let supported):
            "'\(path)' has schema version \(found), newer than this build of InkIndex knows (\(supported)); upgrade InkIndex"
        case .invalidSchemaVersion(let path, let found):
            "'\(path)' has schema version \(found), which no InkIndex writes: its file header is damaged"
        case .staleRevision(let id, let expected, let current):
            "note '\(id)' is at revision \(current), not \(expected): it was changed since that revision was read"
        case .resyncRequired(let cursor, let oldestKept):
            "cursor \(cursor) is older than the oldest deletion kept (\(oldestKept)): read the changes again from 0"
        case .inUse(let path):
            "'\(path)' is open elsewhere (a server, another process): close it there and try again"
        case .unsupported(let what): what
        }
    }
}
