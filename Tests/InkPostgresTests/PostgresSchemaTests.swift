import Foundation
import Testing
@testable import InkIndex
@testable import InkPostgres
import InkTestSupport
@testable import InkTools

/// A library's tables as an older InkIndex left them are brought up to the current layout when
/// the library is opened, with every note and hit kept; tables of a newer InkIndex are refused.
@Suite(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct PostgresSchemaTests {
    private let schema = PostgresLibrarySchema.schemaName(ofLibrary: PostgresLibrary.defaultLibrary)

    /// A database holding one indexed note, and a plain session on it.
    private func indexedLibrary() async throws -> (url: String, session: PostgresConnection) {
        let cluster = try #require(PostgresTestCluster.shared)
        let url = cluster.connectionString(database: try cluster.createDatabase())
        let library = try PostgresLibrary.open(url)
        try await library.add(TranscribedInk.page(["Amazing grace how sweet the sound"], id: "hymn", seed: 3, strokeIdentity: .byLine),
                              id: "hymn", title: "Hymn", created: Date(timeIntervalSince1970: 1_700_000_000))
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: MisreadingRecognizer())).run()
        let session = try PostgresConnection(url, sessionSetup: PostgresLibrarySchema.sessionSetup(schemaName: schema))
        return (url, session)
    }

    private func probabilityIndex(_ session: PostgresConnection) throws -> String {
        try session.query("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'postings_by_probability'",
                          [.text(schema)]) { $0.text(0) }.first ?? ""
    }

    @Test func aVersionOneLibraryIsMigratedWhenOpenedAndKeepsItsHits() async throws {
        let (url, session) = try await indexedLibrary()
        #expect(try probabilityIndex(session).hasSuffix("INCLUDE (token)"))
        let before = try await PostgresLibrary.open(url).search("grace")
        #expect(before.map(\.noteID) == ["hymn"])
        // The layout of version 1.
        try session.execute("""
            DROP INDEX postings_by_probability; CREATE INDEX postings_by_probability ON postings(term, probability);
            UPDATE inkindex_schema SET version = 1
            """)
        #expect(!(try probabilityIndex(session).contains("INCLUDE")))

        let reopened = try PostgresLibrary.open(url)
        #expect(try session.scalarInt("SELECT max(version) FROM inkindex_schema") == Int64(PostgresLibrarySchema.version))
        #expect(try probabilityIndex(session).hasSuffix("INCLUDE (token)"))
        let after = try await reopened.search("grace")
        #expect(after.map(\.noteID) == before.map(\.noteID) && after.map(\.score) == before.map(\.score))
        #expect(try await reopened.check().problems.isEmpty)
        // Opening again runs nothing more.
        _ = try PostgresLibrary.open(url)
        #expect(try session.scalarInt("SELECT count(*) FROM inkindex_schema") == 1)
    }

    @Test func aNewerLibraryIsRefusedAndLeftAsItIs() async throws {
        let (url, session) = try await indexedLibrary()
        try session.execute("UPDATE inkindex_schema SET version = \(PostgresLibrarySchema.version + 1)")
        #expect { try PostgresLibrary.open(url) } throws: { error in
            guard case .newerSchema(_, let found, let supported)? = error as? PostgresLibraryError else { return false }
            return found == PostgresLibrarySchema.version + 1 && supported == PostgresLibrarySchema.version
        }
        #expect(try session.scalarInt("SELECT max(version) FROM inkindex_schema") == Int64(PostgresLibrarySchema.version + 1))
        #expect(try session.scalarInt("SELECT count(*) FROM notes") == 1)
    }
}
