import Foundation
import InkIndex
import InkRecognition

/// The shared reindex of a PostgreSQL library: each batch of notes is claimed with `FOR UPDATE
/// SKIP LOCKED` on their `index_claims` rows, in a transaction of this claimer's own session that
/// stays open while the batch is read. Other servers and workers skip those rows, so every note
/// is read by one process; a process killed in the middle drops its session, its locks go with
/// it, and its notes not yet committed are claimed again. Each note's new index still commits in
/// a transaction of its own (`NoteLibrary.commitIndex`), so searches answer from the old index
/// until then.
///
/// ```swift
/// var rebuilder = LibraryRebuilder(library: library, indexer: indexer)
/// rebuilder.claims = try PostgresLibrary.claims("postgresql://db/notes", library: "alice")
/// try await rebuilder.run()
/// ```
actor PostgresIndexClaims: IndexClaims {
    private let session: PostgresConnection
    private var holding = false

    init(session: PostgresConnection) {
        self.session = session
    }

    func claim(limit: Int, version: Int, model: String, languages: [RecognitionLanguage]) throws -> [String] {
        try finish()
        if !session.isConnected { try session.reconnect() }
        let (condition, bindings) = NoteLibrary.needsIndex(version: version, model: model, languages: languages)
        // Oldest claim rows first (the notes' own order); no ORDER BY of the index's age, so
        // the scan stops at `limit` rows it can lock.
        let sql = PostgresLibraryConnection.translate("""
            SELECT c.note FROM index_claims c JOIN notes n ON n.id = c.note LEFT JOIN note_index i ON i.note = n.id
            WHERE \(condition) LIMIT ? FOR UPDATE OF c SKIP LOCKED
            """)
        try session.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        holding = true
        let locked = try session.query(sql, (bindings + [.int(limit)]).map(PostgresLibraryConnection.value)) { $0.text(0) }
        guard !locked.isEmpty else { return [] }
        // The locking statement judged the notes by the snapshot it began with: a note that
        // another process indexed and released meanwhile was locked here although it needs no
        // reading now. A new statement sees those commits.
        let recheck = PostgresLibraryConnection.translate("""
            SELECT n.id FROM notes n LEFT JOIN note_index i ON i.note = n.id
            WHERE n.id \(SQLDialect.postgres.inStrings()) AND \(condition)
            """)
        let parameters = [SQLValue.text(NoteLibrary.jsonStrings(locked))] + bindings
        let still = Set(try session.query(recheck, parameters.map(PostgresLibraryConnection.value)) { $0.text(0) })
        return locked.filter(still.contains)
    }

    func finish() throws {
        guard holding else { return }
        holding = false
        if session.isConnected { try session.execute("COMMIT") }
    }
}

extension PostgresLibrary {
    /// The claims of library `library`'s shared reindex, on a session of their own.
    package static func claims(_ url: String, library: String = defaultLibrary) throws -> any IndexClaims {
        try validate(libraryName: library)
        let schemaName = PostgresLibrarySchema.schemaName(ofLibrary: library)
        let session = try PostgresConnection(url, statementTimeout: .seconds(30),
                                             sessionSetup: PostgresLibrarySchema.sessionSetup(schemaName: schemaName))
        try PostgresLibrarySchema.prepare(session, schemaName: schemaName, library: library)
        return PostgresIndexClaims(session: session)
    }
}
