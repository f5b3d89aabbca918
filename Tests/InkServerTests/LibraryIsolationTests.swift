import Foundation
import InkServer
@testable import InkPostgres
import InkTestSupport
import InkTools
import Testing

/// Tokens that open libraries: a request sees, counts and changes only its own library's notes,
/// and another library's note is as absent as one that never was (404, never 403).
@Suite("Libraries behind tokens")
struct LibraryIsolationTests {
    static let tokens = """
        # token        library
        alice-phone    alice
        alice-tablet   alice
        bob-laptop     bob
        """

    /// The SQLite store, and the PostgreSQL one where a server can be had.
    static var stores: [String] { PostgresTestCluster.shared == nil ? ["sqlite"] : ["sqlite", "postgres"] }

    private func withLibraries(_ kind: String, _ body: (TestServer) async throws -> Void) async throws {
        let store: NoteStore? = kind == "postgres"
            ? .postgres(url: PostgresTestCluster.shared!.connectionString(database: try PostgresTestCluster.shared!.createDatabase()))
            : nil
        try await withServer(store: store, configure: { $0.libraries = try! LibraryTokens(parsing: Self.tokens) }, body)
    }

    private func auth(_ token: String) -> [(String, String)] { [("authorization", "Bearer \(token)")] }

    /// Account ids as services name them (an e-mail address, a UUID) name libraries, kept apart
    /// as plain names are; PostgreSQL keeps each hashed schema's id in `inkindex.library_names`.
    @Test(arguments: stores)
    func accountIdsNameLibraries(store kind: String) async throws {
        let url = kind == "postgres" ? PostgresTestCluster.shared!.connectionString(database: try PostgresTestCluster.shared!.createDatabase()) : nil
        let tokens = "carol-phone carol@example.org\ndave-phone 3f2a9c1e-7b4d-4e8a-9f00-1c2d3e4f5a6b\nerin-phone erin"
        try await withServer(store: url.map { .postgres(url: $0) }, configure: { $0.libraries = try! LibraryTokens(parsing: tokens) }) { server in
            let carol = try await server.create(transcribedPage(["grace and peace"]), title: "carol", headers: auth("carol-phone"))
            let dave = try await server.create(transcribedPage(["grace upon grace"]), title: "dave", headers: auth("dave-phone"))
            _ = try await server.create(transcribedPage(["amazing grace"]), title: "erin", headers: auth("erin-phone"))
            for (token, id) in [("carol-phone", carol), ("dave-phone", dave)] {
                let hits = try await server.send("GET", "/api/search?q=grace", headers: auth(token)).json(SearchAnswer.self).hits
                #expect(Set(hits.map(\.noteID)) == [id], "\(token)")
            }
            #expect(try await server.send("GET", "/api/notes/\(dave)", headers: auth("carol-phone")).status == 404)
        }
        if let url {
            let session = try PostgresConnection(url)
            let names = try session.query("SELECT schema_name, library FROM inkindex.library_names ORDER BY library", []) {
                ($0.text(0), $0.text(1))
            }
            #expect(names.map(\.1).contains("carol@example.org") && names.map(\.1).contains("erin"))
            #expect(names.first { $0.1 == "erin" }?.0 == "inkindex_erin", "a plain name keeps its schema")
            #expect(names.first { $0.1 == "carol@example.org" }?.0.hasPrefix("inkindex_h") == true)
        }
    }

    @Test(arguments: stores)
    func aRequestSeesOnlyItsTokensLibrary(store kind: String) async throws {
        try await withLibraries(kind) { server in
            let alice = [try await server.create(transcribedPage(["grace and peace to you"]), title: "alice 1", headers: auth("alice-phone")),
                         try await server.create(transcribedPage(["amazing grace"]), title: "alice 2", headers: auth("alice-tablet"))]
            let bob = try await server.create(transcribedPage(["grace upon grace"]), title: "bob 1", headers: auth("bob-laptop"))

            // Searches never cross libraries; a library's two tokens see the same notes.
            for token in ["alice-phone", "alice-tablet"] {
                let hits = try await server.send("GET", "/api/search?q=grace", headers: auth(token)).json(SearchAnswer.self).hits
                #expect(Set(hits.map(\.noteID)) == Set(alice), "\(token): \(hits.map(\.title))")
            }
            let bobHits = try await server.send("GET", "/api/search?q=grace", headers: auth("bob-laptop")).json(SearchAnswer.self).hits
            #expect(Set(bobHits.map(\.noteID)) == [bob])
            #expect(try await server.send("GET", "/api/search?q=peace", headers: auth("bob-laptop")).json(SearchAnswer.self).hits.isEmpty)

            // Lists and health count only the library's own notes.
            #expect(try await server.send("GET", "/api/notes", headers: auth("bob-laptop")).json(NoteList.self).notes.map(\.id) == [bob])
            #expect(Set(try await server.send("GET", "/api/notes", headers: auth("alice-phone")).json(NoteList.self).notes.map(\.id)) == Set(alice))
            let health = try await server.send("GET", "/api/health", headers: auth("bob-laptop"))
            #expect(try health.json(HealthAnswer.self).notes == 1)

            // Another library's note is not there: 404 for every way of reaching it, never 403.
            for path in ["/api/notes/\(alice[0])", "/api/notes/\(alice[0]).svg", "/api/notes/\(alice[0]).inkml"] {
                let answer = try await server.send("GET", path, headers: auth("bob-laptop"))
                #expect(answer.status == 404, "\(path): \(answer.status)")
            }
            #expect(try await server.send("DELETE", "/api/notes/\(alice[0])", headers: auth("bob-laptop")).status == 404)
            #expect(try await server.send("DELETE", "/api/notes/\(alice[0])", headers: auth("bob-laptop") + [("if-match", "\"1\"")]).status == 404)
            let put = try await server.send("PUT", "/api/notes/\(alice[0])", json: noteJSON(transcribedPage(["bob writes here"]), title: "bob's"),
                                            headers: auth("bob-laptop"))
            #expect(put.status == 404)
            let aliceNote = try await server.send("GET", "/api/notes/\(alice[0])", headers: auth("alice-phone")).json(NoteDetail.self)
            #expect(aliceNote.title == "alice 1" && aliceNote.revision == 1)
            #expect(try await server.send("GET", "/api/search?q=writes", headers: auth("alice-phone")).json(SearchAnswer.self).hits.isEmpty)

            // Without a token, or with one the server does not know: 401, and nothing is said of any library.
            #expect(try await server.get("/api/notes").status == 401)
            #expect(try await server.send("GET", "/api/notes", headers: auth("alice-phonE")).status == 401)
            #expect(try await server.send("GET", "/api/notes", headers: auth("")).status == 401)
            let anonymous = try await server.get("/api/health")
            #expect(anonymous.status == 200 && !anonymous.text.contains("\"notes\""))
        }
    }

    @Test func aTokensFileIsReadOrRefusedWithItsLine() throws {
        let tokens = try LibraryTokens(parsing: Self.tokens)
        #expect(tokens.tokens.count == 3 && tokens.library(of: "alice-tablet") == "alice" && tokens.library(of: "carol") == nil)
        #expect(throws: LibraryTokens.Failure(line: 2, reason: "a line holds a token and a library, separated by spaces")) {
            try LibraryTokens(parsing: "a alice\nb\n")
        }
        #expect(try LibraryTokens(parsing: "t1 al-ice@example.org").library(of: "t1") == "al-ice@example.org", "an account id")
        #expect(throws: LibraryTokens.Failure.self) { try LibraryTokens(parsing: "t1 \(String(repeating: "x", count: 201))") }
        #expect(throws: LibraryTokens.Failure(line: 3, reason: "this token is given before")) {
            try LibraryTokens(parsing: "t1 alice\n\nt1 bob")
        }
    }
}

extension LibraryIsolationTests {
    /// Past `maxOpenLibraries`, the library used least recently is closed and opened again at its
    /// next request, with its notes.
    @Test func librariesPastTheCapAreClosedAndOpenAgain() async throws {
        let tokens = try LibraryTokens(parsing: (0..<5).map { "token-\($0) library\($0)" }.joined(separator: "\n"))
        try await withServer(configure: { $0.libraries = tokens; $0.maxOpenLibraries = 2; $0.readerConnections = 1 }) { server in
            var ids: [String] = []
            for k in 0..<5 {
                ids.append(try await server.create(transcribedPage(["grace for library \(k)"]), title: "n\(k)", headers: auth("token-\(k)")))
            }
            for k in 0..<5 {
                let listed = try await server.send("GET", "/api/notes", headers: auth("token-\(k)")).json(NoteList.self).notes.map(\.id)
                #expect(listed == [ids[k]], "library \(k)")
            }
        }
    }
}

extension LibraryIsolationTests {
    /// Tokens a service issues in the database open their library at once and stop when revoked;
    /// a token the table does not hold is 401, as one the file does not hold.
    @Test(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
    func tokensIssuedInTheDatabaseOpenTheirLibrary() async throws {
        let cluster = try #require(PostgresTestCluster.shared)
        let url = cluster.connectionString(database: try cluster.createDatabase())
        try await withServer(store: .postgres(url: url), configure: { $0.usesTokenTable = true; $0.tokenTableCacheSeconds = 0 }) { server in
            let table = try PostgresTokenTable(url: url)
            #expect(try await server.send("GET", "/api/notes", headers: auth("issued-later")).status == 401)
            try table.issue("issued-later", library: "carol")
            let id = try await server.create(transcribedPage(["grace for carol"]), title: "carol's", headers: auth("issued-later"))
            try table.issue("carol-too", library: "carol")
            #expect(try await server.send("GET", "/api/notes/\(id)", headers: auth("carol-too")).status == 200)
            try table.revoke("issued-later")
            #expect(try await server.send("GET", "/api/notes/\(id)", headers: auth("issued-later")).status == 401)
            // The table keeps hashes, never the token.
            let stored = try PostgresConnection(url).query("SELECT token_sha256 FROM inkindex.tokens") { $0.text(0) }
            #expect(stored.count == 1 && !stored[0].contains("carol") && stored[0].count == 64)
        }
    }
}
