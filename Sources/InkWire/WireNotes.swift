import Foundation

/// A note's metadata: `{"id", "title", "strokeCount", "created", "modified", "recognitionVersion"}`,
/// dates in ISO 8601, `recognitionVersion` of its index or null where it was never indexed.
public struct NoteSummary: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var strokeCount: Int
    public var created: Date
    public var modified: Date
    /// Grows with every save; also the answer's `ETag`, for `If-Match` on a later PUT or DELETE.
    public var revision: Int
    public var recognitionVersion: Int?

    public init(id: String, title: String, strokeCount: Int, created: Date, modified: Date, revision: Int, recognitionVersion: Int? = nil) {
        self.id = id
        self.title = title
        self.strokeCount = strokeCount
        self.created = created
        self.modified = modified
        self.revision = revision
        self.recognitionVersion = recognitionVersion
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(strokeCount, forKey: .strokeCount)
        try container.encode(created, forKey: .created)
        try container.encode(modified, forKey: .modified)
        try container.encode(revision, forKey: .revision)
        try container.encode(recognitionVersion, forKey: .recognitionVersion)  // null, not left out
    }
}

/// `GET /api/notes`: newest first.
/// `POST /api/import`: the notes a file's pages became (created or updated), and what its
/// reader could not carry.
public struct ImportedNotes: Codable, Sendable {
    public var notes: [NoteSummary]
    public var warnings: [String]

    public init(notes: [NoteSummary], warnings: [String]) {
        self.notes = notes
        self.warnings = warnings
    }
}

public struct NoteList: Codable, Sendable {
    public var notes: [NoteSummary]
    /// Where more notes follow: the cursor for the next page (`GET /api/notes?cursor=…`).
    public var next: String?

    public init(notes: [NoteSummary], next: String? = nil) {
        self.notes = notes
        self.next = next
    }
}

/// `GET /api/notes/{id}`: the summary's fields, the strokes, the lines read from the note's
/// index and the page layout.
public struct NoteDetail: Codable, Sendable {
    public var id: String
    public var title: String
    public var strokeCount: Int
    public var created: Date
    public var modified: Date
    public var revision: Int
    public var recognitionVersion: Int?
    public var strokes: [WireStroke]
    public var lines: [WireLine]
    public var layout: WireLayout

    public init(id: String, title: String, strokeCount: Int, created: Date, modified: Date, revision: Int, recognitionVersion: Int? = nil, strokes: [WireStroke], lines: [WireLine], layout: WireLayout) {
        self.id = id
        self.title = title
        self.strokeCount = strokeCount
        self.created = created
        self.modified = modified
        self.revision = revision
        self.recognitionVersion = recognitionVersion
        self.strokes = strokes
        self.lines = lines
        self.layout = layout
    }

    /// The summary's fields, as `GET /api/notes` gives them.
    package var summary: NoteSummary {
        NoteSummary(id: id, title: title, strokeCount: strokeCount, created: created, modified: modified,
                    revision: revision, recognitionVersion: recognitionVersion)
    }

    public func encode(to encoder: any Encoder) throws {
        // The summary writes its fields (recognitionVersion as null where absent) into the same object.
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(strokes, forKey: .strokes)
        try container.encode(lines, forKey: .lines)
        try container.encode(layout, forKey: .layout)
    }

    package init(summary: NoteSummary, strokes: [WireStroke], lines: [WireLine], layout: WireLayout) {
        (id, title, strokeCount, created, modified, revision, recognitionVersion) =
            (summary.id, summary.title, summary.strokeCount, summary.created, summary.modified, summary.revision,
             summary.recognitionVersion)
        self.strokes = strokes
        self.lines = lines
        self.layout = layout
    }
}

/// `GET /api/search`: the query and its hits, best first.
public struct SearchAnswer: Codable, Sendable {
    public struct Hit: Codable, Sendable, Hashable {
        public var noteID: String
        public var title: String
        public var strokeIDs: [UUID]
        public var bounds: WireRect
        public var reading: String
        public var score: Double

        public init(noteID: String, title: String, strokeIDs: [UUID], bounds: WireRect, reading: String, score: Double) {
            self.noteID = noteID
            self.title = title
            self.strokeIDs = strokeIDs
            self.bounds = bounds
            self.reading = reading
            self.score = score
        }
    }
    public var query: String
    public var hits: [Hit]

    public init(query: String, hits: [Hit]) {
        self.query = query
        self.hits = hits
    }
}

/// `GET /api/health`.
public struct HealthAnswer: Codable, Sendable {
    /// InkIndex's version.
    public var version: String
    /// The recognizer's version: notes indexed by an older one are waiting to be read again.
    public var recognitionVersion: Int
    /// The model that reads ("open", "research"; "" for a recognizer that names none).
    public var recognitionModel: String
    /// The languages it reads, in priority order ("es", "en").
    public var languages: [String]
    /// The languages `POST /api/recognize?languages=` can ask for: code and English name.
    public var supportedLanguages: [WireLanguage]
    public var notes: Int
    /// Notes not yet indexed by this recognizer version and model (never indexed, older, or changed since).
    public var waitingForIndex: Int
    /// Whether the background reindex is running.
    public var reindexing: Bool
    /// Notes a reindex could not finish within the recognition deadline (`library check` lists them).
    public var indexProblems: Int

    public init(version: String, recognitionVersion: Int, recognitionModel: String, languages: [String], supportedLanguages: [WireLanguage], notes: Int, waitingForIndex: Int, reindexing: Bool, indexProblems: Int) {
        self.version = version
        self.recognitionVersion = recognitionVersion
        self.recognitionModel = recognitionModel
        self.languages = languages
        self.supportedLanguages = supportedLanguages
        self.notes = notes
        self.waitingForIndex = waitingForIndex
        self.reindexing = reindexing
        self.indexProblems = indexProblems
    }
}

/// A language the server can read.
public struct WireLanguage: Codable, Sendable, Hashable {
    public var code: String
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// `GET /api/health` without the token on a server that has one: alive, and nothing else.
public struct MinimalHealth: Codable, Sendable {
    public var status = "ok"

    public init() {}
}

/// Every error answer: `{"error": short code, "detail": a sentence}`.
public struct WireError: Codable, Sendable, Hashable {
    public var error: String
    public var detail: String

    public init(error: String, detail: String) {
        self.error = error
        self.detail = detail
    }
}
