import Foundation

/// One change of `GET /api/changes`: `{"id", "kind", "revision", "recognitionVersion", "at"}`.
/// `kind` is `created`, `updated`, `deleted`, `indexed`, `reindexed` or `repaired`;
/// `recognitionVersion` is that of the note's index after the change, null where it has none.
public struct WireChange: Codable, Sendable, Hashable {
    public var id: String
    public var kind: String
    public var revision: Int
    public var recognitionVersion: Int?
    public var at: Date

    public init(id: String, kind: String, revision: Int, recognitionVersion: Int?, at: Date) {
        self.id = id
        self.kind = kind
        self.revision = revision
        self.recognitionVersion = recognitionVersion
        self.at = at
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(revision, forKey: .revision)
        try container.encode(recognitionVersion, forKey: .recognitionVersion)  // null, not left out
        try container.encode(at, forKey: .at)
    }
}

/// `GET /api/changes`: the changes after the cursor asked, oldest first; `next`, the cursor to
/// ask from next; `more`, whether more changes follow at once.
public struct ChangeFeedAnswer: Codable, Sendable, Hashable {
    public var changes: [WireChange]
    public var next: String
    public var more: Bool

    public init(changes: [WireChange], next: String, more: Bool) {
        self.changes = changes
        self.next = next
        self.more = more
    }
}

/// `GET /api/notes/{id}/readings`: what the server read of a note, for a device that shows and
/// searches it without recognizing: the model, its version and the languages that read it, and
/// the lines with their words, candidates and bounds. `recognitionVersion` and `indexedAt` are
/// null (and `lines` empty) where the note is not indexed yet.
public struct NoteReadings: Codable, Sendable, Hashable {
    public var id: String
    /// The note's revision these readings belong to.
    public var revision: Int
    public var recognitionModel: String?
    public var recognitionVersion: Int?
    public var languages: [String]
    public var indexedAt: Date?
    public var lines: [WireLine]

    public init(id: String, revision: Int, recognitionModel: String?, recognitionVersion: Int?, languages: [String],
                indexedAt: Date?, lines: [WireLine]) {
        self.id = id
        self.revision = revision
        self.recognitionModel = recognitionModel
        self.recognitionVersion = recognitionVersion
        self.languages = languages
        self.indexedAt = indexedAt
        self.lines = lines
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(revision, forKey: .revision)
        try container.encode(recognitionModel, forKey: .recognitionModel)  // null, not left out
        try container.encode(recognitionVersion, forKey: .recognitionVersion)
        try container.encode(languages, forKey: .languages)
        try container.encode(indexedAt, forKey: .indexedAt)
        try container.encode(lines, forKey: .lines)
    }
}

/// `POST /api/notes/batch`: `{"notes": [{"id"?, "title"?, "strokes", "ifMatch"?}]}`. A note
/// with an id that exists is replaced (where `ifMatch`, its revision, still holds), one with a
/// new id or none is created.
public struct WireBatchBody: Codable, Sendable {
    public struct Note: Codable, Sendable {
        public var id: String?
        public var title: String?
        public var strokes: [WireStroke]
        public var ifMatch: Int?

        public init(id: String? = nil, title: String? = nil, strokes: [WireStroke], ifMatch: Int? = nil) {
            self.id = id
            self.title = title
            self.strokes = strokes
            self.ifMatch = ifMatch
        }
    }

    public var notes: [Note]

    public init(notes: [Note]) { self.notes = notes }
}

/// Each note's own answer in a batch, in the order sent: `status` as a single request would have
/// had it (201 created, 200 updated, 412 changed since `ifMatch` with the current `etag`, 404,
/// 400, 413), the note's `revision` and `etag` where it was stored, and `error` and `detail`
/// where it was not.
public struct WireBatchResult: Codable, Sendable, Hashable {
    public var id: String
    public var status: Int
    public var revision: Int?
    public var etag: String?
    public var error: String?
    public var detail: String?

    public init(id: String, status: Int, revision: Int? = nil, etag: String? = nil, error: String? = nil, detail: String? = nil) {
        self.id = id
        self.status = status
        self.revision = revision
        self.etag = etag
        self.error = error
        self.detail = detail
    }
}

public struct BatchAnswer: Codable, Sendable, Hashable {
    public var results: [WireBatchResult]

    public init(results: [WireBatchResult]) { self.results = results }
}
