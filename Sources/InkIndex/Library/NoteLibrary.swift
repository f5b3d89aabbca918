import Foundation

/// A library of handwritten notes in one SQLite file: drawings are the record, recognized words
/// a derived index that is rebuilt whenever the recognizer improves.
///
/// Writes to the record (`add`, `save`, `delete`) never touch the index; indexing
/// (`commitIndex`) never touches the record. Every write is one transaction in WAL mode, so a
/// crash leaves each note wholly as it was before or after a write. Open one `NoteLibrary` per
/// concurrent reader: readers see only committed notes.
///
/// ```swift
/// let library = try NoteLibrary(path: "notes.sqlite")
/// try await library.add(drawing, id: "sermon-1", title: "Sunday")
/// try await library.index(noteID: "sermon-1", using: NoteIndexer(recognizer: recognizer))
/// for hit in try await library.search("grace") { print(hit.noteID, hit.reading, hit.bounds) }
/// ```
public actor NoteLibrary {
    let db: any SQLConnection
    let vocabulary = FormVocabulary()
    let alphabets = EvidenceAlphabets()
    public nonisolated let path: String
    /// Whether indexing stores each word's network evidence (`WordToken.evidence`), so that
    /// search judges words by it as `StrokeRecognizer` does: on IAM-OnDB testset_t, prefixes are
    /// found at recall 91.8% instead of 91.3% and whole words at 91.4% instead of 90.8%, at
    /// higher precision (`inkindex bench-search --quality --library [--without-evidence]`). It costs
    /// about 560 bytes a line (a third more) and makes searches several times slower (median about
    /// 9 ms instead of 1.2 ms at 100,000 lines), so it is off unless asked for. Search uses whatever
    /// evidence the file holds, whoever stored it.
    public nonisolated let keepsEvidence: Bool
    /// How searches weigh the words' evidence (`MatchPolicy.calibration`): as fitted on the
    /// readings of the model that reads the library's notes (`MatchPolicy.standard(forModel:)`);
    /// `MatchPolicy.standard`, the research model's fit, unless the library is opened with
    /// another. The hits of words without evidence do not depend on it.
    public nonisolated let searchPolicy: MatchPolicy

    /// Opens (creating and migrating as needed) the library at `path`.
    ///
    /// ```swift
    /// do {
    ///     let thorough = try NoteLibrary(path: "notes.sqlite", keepsEvidence: true)
    /// } catch LibraryError.newerSchema(_, let found, _) {
    ///     print("written by a newer InkIndex (schema \(found))")
    /// }
    /// ```
    /// - Throws: `LibraryError` (`.notALibrary`, `.newerSchema`, `.invalidSchemaVersion`) or an
    ///   `SQLiteError`; a file that cannot be migrated is left as it was.
    ///
    /// A library whose notes the open model reads searches as fitted on that model's readings:
    ///
    /// ```swift
    /// let library = try NoteLibrary(path: "notes.sqlite", searchPolicy: .standard(forModel: "open"))
    /// ```
    public init(path: String, keepsEvidence: Bool = false, searchPolicy: MatchPolicy = .standard) throws {
        try self.init(path: path, keepsEvidence: keepsEvidence, searchPolicy: searchPolicy, recordSynchronous: .full)
    }

    /// With records committed other than FULL: only for `bench-durability`'s comparison.
    package init(path: String, keepsEvidence: Bool = false, searchPolicy: MatchPolicy = .standard,
                 recordSynchronous: Database.Synchronous) throws {
        try Self.checkHeader(path: path)
        let database = try Database(path: path, synchronous: recordSynchronous)
        db = database
        do {
            try LibrarySchema.migrator.migrate(database)
        } catch let failure as Migrator.Failure {
            switch failure {
            case .newerSchema(let found, let known): throw LibraryError.newerSchema(path: path, found: found, supported: known)
            case .invalidSchemaVersion(let found): throw LibraryError.invalidSchemaVersion(path: path, found: found)
            }
        }
        self.path = path
        self.keepsEvidence = keepsEvidence
        self.searchPolicy = searchPolicy
    }

    /// A library on a database that another module opened and brought to the library's schema
    /// (`InkPostgres.PostgresLibrary`); `location` names it in messages (a URL without its
    /// password).
    package init(connection: any SQLConnection, location: String, keepsEvidence: Bool = false, searchPolicy: MatchPolicy = .standard) {
        db = connection
        path = location
        self.keepsEvidence = keepsEvidence
        self.searchPolicy = searchPolicy
    }

    /// Refuses a file that is neither empty nor an SQLite database. SQLite opens a file shorter
    /// than its 100-byte header as an empty database, which migration would then overwrite: a
    /// library file cut short must be an error, not a new, empty library. (An empty file is a
    /// library whose creation was cut short: switching to WAL mode writes the header first.)
    static func checkHeader(path: String) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        let header = (try? file.read(upToCount: 16)) ?? Data()
        guard !header.isEmpty else { return }
        guard header == Data("SQLite format 3\u{0}".utf8) else {
            throw LibraryError.notALibrary(path: path, reason: header.count < 16
                ? "it is \(header.count) bytes long, shorter than an SQLite header"
                : "it does not begin with an SQLite header")
        }
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { LibrarySchema.migrator.currentVersion }

    // MARK: The record

    /// Adds a new note. Throws `LibraryError.duplicateNote` where the id is taken.
    @discardableResult
    public func add(_ drawing: Drawing, id: String = UUID().uuidString, title: String = "", created: Date = Date()) throws -> String {
        try add(encoded: BinaryDrawingCodec.encode(drawing), id: id, title: title, created: created)
        return id
    }

    /// Adds several notes in one transaction (much faster than one by one). Notes whose id is
    /// taken are skipped and returned.
    public func add(_ notes: [(id: String, title: String, drawing: Drawing)], created: Date = Date()) throws -> [String] {
        try db.transaction {
            var skipped: [String] = []
            for note in notes {
                if try exists(note.id) { skipped.append(note.id); continue }
                try insert(encoded: BinaryDrawingCodec.encode(note.drawing), id: note.id, title: note.title, created: created)
            }
            return skipped
        }
    }

    func add(encoded: Data, id: String, title: String, created: Date) throws {
        try db.transaction {
            guard try !exists(id) else { throw LibraryError.duplicateNote(id) }
            try insert(encoded: encoded, id: id, title: title, created: created)
        }
    }

    private func insert(encoded: Data, id: String, title: String, created: Date) throws {
        try db.execute(
            "INSERT INTO notes(id, title, created, modified, drawing, checksum) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(id), .text(title), .double(created.timeIntervalSince1970), .double(created.timeIntervalSince1970),
             .blob(encoded), .int(Int64(CRC32C.checksum(encoded)))])
        try ChangeRows.record(.created, noteID: id, at: created, in: db)
        try addVocabularyRows(VocabularyWord.words(in: title), source: .title, at: created)
    }

    /// Replaces a note's drawing (creating the note where absent). The index is left as it is
    /// until the note is indexed again; it is then known to be stale by its checksum. The note's
    /// revision grows by one.
    ///
    /// ```swift
    /// let read = try await library.note(id: "sermon")
    /// do {
    ///     try await library.save(edited, id: "sermon", ifRevision: read.revision)
    /// } catch LibraryError.staleRevision(_, _, let current) {
    ///     print("changed elsewhere (now revision \(current)): merge, then save again")
    /// }
    /// ```
    /// - Parameters:
    ///   - drawing: the note's strokes, stored verbatim.
    ///   - id: the note.
    ///   - title: its new title; nil keeps the title.
    ///   - date: its modification date.
    ///   - ifRevision: saves only where the note is at this revision (and exists), else throws
    ///     `LibraryError.staleRevision` (or `.noteNotFound`) and changes nothing; nil saves
    ///     whatever the note's revision (the last writer wins).
    public func save(_ drawing: Drawing, id: String, title: String? = nil, at date: Date = Date(), ifRevision: Int? = nil) throws {
        try db.transaction {
            if let ifRevision { try requireRevision(ifRevision, of: id) }
            try upsert(drawing, id: id, title: title, at: date)
        }
    }

    /// `save` in the caller's transaction.
    func upsert(_ drawing: Drawing, id: String, title: String?, at date: Date) throws {
        let encoded = BinaryDrawingCodec.encode(drawing)
        let checksum = Int64(CRC32C.checksum(encoded))
        if try exists(id) {
            try db.execute("""
                UPDATE notes SET drawing = ?, checksum = ?, modified = ?, title = coalesce(?, title), revision = revision + 1
                WHERE id = ?
                """, [.blob(encoded), .int(checksum), .double(date.timeIntervalSince1970), title.map(SQLValue.text) ?? .null, .text(id)])
            try ChangeRows.record(.updated, noteID: id, at: date, in: db)
            if let title { try addVocabularyRows(VocabularyWord.words(in: title), source: .title, at: date) }
        } else {
            try insert(encoded: encoded, id: id, title: title ?? "", created: date)
        }
    }

    /// The note's current revision; throws `noteNotFound` where there is no such note.
    public func revision(id: String) throws -> Int {
        guard let revision = try db.scalarInt("SELECT revision FROM notes WHERE id = ?", [.text(id)]) else {
            throw LibraryError.noteNotFound(id)
        }
        return Int(revision)
    }

    private func requireRevision(_ expected: Int, of id: String) throws {
        let current = try revision(id: id)
        guard current == expected else { throw LibraryError.staleRevision(id: id, expected: expected, current: current) }
    }

    /// The note's drawing, decoded after its checksum is verified.
    public func drawing(id: String) throws -> Drawing {
        let bytes = try drawingBytes(id: id)
        do {
            return try BinaryDrawingCodec.decode(bytes)
        } catch {
            throw LibraryError.damagedNote(id: id, reason: "its drawing does not decode: \(error)")
        }
    }

    /// The stored bytes of the note's drawing, exactly as written; throws where they do not match
    /// their checksum.
    public func drawingBytes(id: String) throws -> Data {
        // The key index gives the row, which is then read by rowid, so that its id comes from the
        // table itself: a damaged index entry naming another note's row is an error here, never
        // that note's drawing (whose bytes match their own checksum).
        guard let row = try db.scalarInt("SELECT rowid FROM notes WHERE id = ?", [.text(id)]) else {
            throw LibraryError.noteNotFound(id)
        }
        let rows = try db.query("SELECT id, drawing, checksum FROM notes WHERE rowid = ?", [.int(row)]) {
            ($0.text(0), $0.blob(1), $0.int(2))
        }
        guard let (storedID, bytes, checksum) = rows.first else {
            throw LibraryError.damagedNote(id: id, reason: "its entry in the notes' key index names no row")
        }
        guard storedID == id else {
            throw LibraryError.damagedNote(id: id, reason: "its entry in the notes' key index names the row of note '\(storedID)'")
        }
        guard Int64(CRC32C.checksum(bytes)) == checksum else {
            throw LibraryError.damagedNote(id: id, reason: "checksum mismatch")
        }
        return bytes
    }

    /// Metadata of every note, oldest first.
    public func notes() throws -> [NoteInfo] { try noteInfos(where: "1 = 1", []) }

    /// A page of notes, newest first (by creation, then id): at most `limit`, those after
    /// `cursor`, the creation time and id of the last note of the page before. Read through
    /// the notes' index by creation, so a page costs the same at any depth of any library.
    ///
    /// ```swift
    /// var page = try await library.notes(newestFirst: 100)
    /// while let last = page.last {
    ///     page = try await library.notes(newestFirst: 100, after: (last.created, last.id))
    /// }
    /// ```
    /// Complexity: O(log n + limit).
    public func notes(newestFirst limit: Int, after cursor: (created: Date, id: String)? = nil) throws -> [NoteInfo] {
        guard limit > 0 else { return [] }
        guard let cursor else { return try noteInfos(where: "1 = 1", [], order: "DESC", limit: limit) }
        let created = cursor.created.timeIntervalSince1970
        return try noteInfos(where: "(n.created < ? OR (n.created = ? AND n.id < ?))",
                             [.double(created), .double(created), .text(cursor.id)], order: "DESC", limit: limit)
    }

    public func note(id: String) throws -> NoteInfo {
        guard let info = try noteInfos(where: "n.id = ?", [.text(id)]).first else { throw LibraryError.noteNotFound(id) }
        return info
    }

    private func noteInfos(where condition: String, _ bindings: [SQLValue], order: String = "", limit: Int? = nil) throws -> [NoteInfo] {
        try db.query("""
            SELECT n.id, n.title, n.created, n.modified, i.recognition_version, i.indexed_at, i.recognition_model,
                   i.recognition_languages, n.revision
            FROM notes n LEFT JOIN note_index i ON i.note = n.id WHERE \(condition) ORDER BY n.created \(order), n.id \(order)
            """ + (limit.map { " LIMIT \($0)" } ?? ""), bindings) { row in
            NoteInfo(id: row.text(0), title: row.text(1), created: Date(timeIntervalSince1970: row.double(2)),
                     modified: Date(timeIntervalSince1970: row.double(3)), revision: Int(row.int(8)),
                     recognitionVersion: row.isNull(4) ? nil : Int(row.int(4)),
                     indexedAt: row.isNull(5) ? nil : Date(timeIntervalSince1970: row.double(5)),
                     recognitionModel: row.isNull(6) ? nil : row.text(6),
                     recognitionLanguages: row.isNull(7) ? nil : LanguageList.parse(row.text(7)))
        }
    }

    public func contains(id: String) throws -> Bool { try exists(id) }

    /// The titles of the notes `ids` that exist, by id. One query for any number.
    ///
    /// ```swift
    /// let hits = try await library.search("grace")
    /// let titles = try await library.titles(ofNotes: Set(hits.map(\.noteID)))
    /// ```
    public func titles(ofNotes ids: some Collection<String>) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        return Dictionary(try db.query("SELECT id, title FROM notes WHERE id \(db.dialect.inStrings())",
                                       [.text(Self.jsonStrings(ids))]) { ($0.text(0), $0.text(1)) },
                          uniquingKeysWith: { first, _ in first })
    }

    /// A JSON array of any strings (quotes, backslashes and all), for the dialect's string lists.
    package static func jsonStrings(_ strings: some Collection<String>) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: Array(strings), options: [.fragmentsAllowed])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The checksum a note of `drawing` is stored with (that `commitIndex` compares with): an
    /// index made from `drawing` is committed only while the note still holds it.
    ///
    /// ```swift
    /// let index = try await NoteIndexer(recognizer: recognizer).index(drawing)
    /// try await library.commitIndex(index, noteID: id, drawingChecksum: NoteLibrary.checksum(of: drawing))
    /// ```
    public static func checksum(of drawing: Drawing) -> Int64 {
        Int64(CRC32C.checksum(BinaryDrawingCodec.encode(drawing)))
    }

    /// Deletes a note, its record and its index, in one transaction.
    /// - Parameters:
    ///   - id: the note.
    ///   - ifRevision: deletes only where the note is at this revision, else throws
    ///     `LibraryError.staleRevision` and changes nothing; nil deletes whatever its revision.
    ///   - date: when, for the deletion's tombstone in the change feed.
    public func delete(id: String, ifRevision: Int? = nil, at date: Date = Date()) throws {
        try db.transaction {
            guard try exists(id) else { throw LibraryError.noteNotFound(id) }
            if let ifRevision { try requireRevision(ifRevision, of: id) }
            try remove(id, at: date)
        }
    }

    /// Deletes a note that exists, its derived rows and problems, leaving a tombstone in the
    /// change feed; in the caller's transaction.
    func remove(_ id: String, at date: Date) throws {
        try deleteIndexRows(noteID: id)
        try db.execute("DELETE FROM index_problems WHERE note = ?", [.text(id)])
        try ChangeRows.recordDeletion(noteID: id, at: date, in: db)
        try db.execute("DELETE FROM notes WHERE id = ?", [.text(id)])
    }

    func exists(_ id: String) throws -> Bool {
        try db.scalarInt("SELECT 1 FROM notes WHERE id = ?", [.text(id)]) != nil
    }
}
