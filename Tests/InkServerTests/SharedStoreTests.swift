import Foundation
import InkIndex
import InkServer
import InkTestSupport
import InkTools
import Testing

/// Servers on one PostgreSQL library: what one answers, any other serves at once; edits carry
/// revisions across them; a database that goes away is 503, never a lost note.
@Suite("Servers sharing a PostgreSQL store", .enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct SharedStoreTests {
    private func sharedStore(_ cluster: PostgresTestCluster) throws -> NoteStore {
        .postgres(url: cluster.connectionString(database: try cluster.createDatabase()))
    }

    @Test func aNoteWrittenThroughOneServerIsServedByAnotherAsSoonAsItIsAnswered() async throws {
        let store = try sharedStore(try #require(PostgresTestCluster.shared))
        try await withServers(2, store: store) { servers in
        let (a, b) = (servers[0], servers[1])
        for k in 0..<4 {
            let id = try await a.create(transcribedPage(["grace number \(k) upon grace"]), title: "note \(k)")
            #expect(try await b.get("/api/notes/\(id)").status == 200)
            let hits = try await b.get("/api/search?q=number").json(SearchAnswer.self).hits
            #expect(hits.contains { $0.noteID == id && $0.title == "note \(k)" }, "note \(k) not found through the other server")
        }
        #expect(try await b.get("/api/notes").json(NoteList.self).notes.count == 4)
        }
    }

    @Test func revisionsHoldAcrossServers() async throws {
        let store = try sharedStore(try #require(PostgresTestCluster.shared))
        try await withServers(2, store: store) { servers in
        let (a, b) = (servers[0], servers[1])
        let id = try await a.create(transcribedPage(["faith hope and love"]), title: "first")
        let saved = try await a.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["faith and mercy"]), title: "renamed"),
                                     headers: [("if-match", "\"1\"")])
        #expect(saved.status == 200 && saved.header("etag") == "\"2\"")
        // The other server holds revision 1 no longer: its stale PUT is refused and changes nothing.
        let stale = try await b.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["faith alone"]), title: "B's"),
                                     headers: [("if-match", "\"1\"")])
        #expect(stale.status == 412 && stale.header("etag") == "\"2\"", "\(stale.text)")
        #expect(try await b.get("/api/search?q=alone").json(SearchAnswer.self).hits.isEmpty)
        let hit = try #require(try await b.get("/api/search?q=mercy").json(SearchAnswer.self).hits.first)
        #expect(hit.noteID == id && hit.title == "renamed", "the title renamed through the other server")
        let current = try await b.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["faith and grace"]), title: nil),
                                       headers: [("if-match", "\"2\"")])
        #expect(current.status == 200 && current.header("etag") == "\"3\"")
        #expect(try await a.get("/api/notes/\(id)").header("etag") == "\"3\"")
        #expect(try await a.get("/api/search?q=mercy").json(SearchAnswer.self).hits.isEmpty)
        #expect(try await a.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "\"2\"")]).status == 412)
        #expect(try await a.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "\"3\"")]).status == 204)
        #expect(try await b.get("/api/notes/\(id)").status == 404)
        }
    }

    @Test(.enabled(if: PostgresTestCluster.canStartOwn, "no initdb/pg_ctl to start a cluster of the test's own"))
    func aDatabaseThatGoesAwayIs503AndNothingAnsweredIsLost() async throws {
        let cluster = try PostgresTestCluster.own()
        defer { cluster.stop() }
        try await withServer(store: try sharedStore(cluster)) { server in
        var stored: [String] = []
        for k in 0..<3 { stored.append(try await server.create(transcribedPage(["psalm \(k) a lamp unto my feet"]), title: "before \(k)")) }

        try cluster.stopServer()
        let create = try await server.send("POST", "/api/notes", json: noteJSON(transcribedPage(["lost while down"]), title: "down"))
        #expect(create.status == 503 && create.text.contains("unavailable"), "\(create.status) \(create.text)")
        #expect(try await server.get("/api/search?q=lamp").status == 503)
        #expect(try await server.get("/api/notes/\(stored[0])").status == 503)
        #expect(try await server.get("/api/notes").status == 503)

        try cluster.startServer()
        stored.append(try await server.create(transcribedPage(["psalm after a light unto my path"]), title: "after"))
        let found = try await server.get("/api/search?q=lamp&fullWords=true").json(SearchAnswer.self).hits
        #expect(Set(found.map(\.noteID)) == Set(stored.prefix(3)), "\(found.map { ($0.title, $0.reading) })")
        let listed = try await server.get("/api/notes").json(NoteList.self).notes.map(\.id)
        #expect(Set(listed) == Set(stored), "every note answered 201 is kept, and the one refused 503 is not")
        #expect(try await server.library().check().problems.isEmpty)
        }
    }
}
