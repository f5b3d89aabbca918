import InkRecognition

/// Claims of notes to reindex that several processes share, so that each note is read by one of
/// them: a store that many servers and workers share (`InkPostgres.PostgresIndexClaims`)
/// hands each a batch that no other holds, and a process that dies loses its claims, not notes.
///
/// ```swift
/// var rebuilder = LibraryRebuilder(library: library, indexer: indexer)
/// rebuilder.claims = try PostgresLibrary.claims(url, library: "alice")
/// try await rebuilder.run()   // until no note that needs reading is left unclaimed
/// ```
package protocol IndexClaims: Sendable {
    /// Ends the claims of the batch before (its notes are indexed or failed) and claims up to
    /// `limit` notes that need reading by this recognizer (`NoteLibrary.needsIndex`) and that no
    /// other process holds. Empty: none is left to claim.
    func claim(limit: Int, version: Int, model: String, languages: [RecognitionLanguage]) async throws -> [String]

    /// Ends the last batch's claims.
    func finish() async throws
}
