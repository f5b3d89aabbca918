import Foundation
import InkIndex
import InkServer
import InkTestSupport
import InkWire
import Testing

/// `GET /api/changes`: what a syncing device reads, waits on, and is told when it was away too long.
@Suite struct ChangesAPITests {
    @Test func writesAppearInOrderWithTheCursorToAskFromNext() async throws {
        try await withServer { server in
            let empty = try await server.get("/api/changes").json(ChangeFeedAnswer.self)
            #expect(empty.changes.isEmpty && empty.next == "0" && !empty.more)

            let first = try await server.create(transcribedPage(["grace upon grace"]), title: "one")
            let second = try await server.create(transcribedPage(["faith hope love"]), title: "two")
            let all = try await server.get("/api/changes?since=0").json(ChangeFeedAnswer.self)
            // Stored and indexed before the answer: each note's latest change is its index.
            #expect(all.changes.map(\.id) == [first, second])
            #expect(all.changes.map(\.kind) == ["indexed", "indexed"])
            #expect(all.changes.allSatisfy { $0.revision == 1 && $0.recognitionVersion != nil })

            _ = try await server.send("DELETE", "/api/notes/\(first)")
            let after = try await server.get("/api/changes?since=\(all.next)").json(ChangeFeedAnswer.self)
            #expect(after.changes.map(\.id) == [first] && after.changes[0].kind == "deleted")
            #expect(after.changes[0].recognitionVersion == nil)

            let limited = try await server.get("/api/changes?since=0&limit=1").json(ChangeFeedAnswer.self)
            #expect(limited.changes.count == 1 && limited.more)

            for bad in ["since=-1", "since=abc", "limit=0", "wait=9999"] {
                #expect(try await server.get("/api/changes?\(bad)").status == 400, "\(bad)")
            }
        }
    }

    @Test func notesArePagedThroughWithACursor() async throws {
        try await withServer { server in
            var made: [String] = []
            for k in 0..<5 { made.append(try await server.create(transcribedPage(["note \(k)"]), title: "n\(k)")) }
            var seen: [String] = []
            var path = "/api/notes?limit=2"
            var pages = 0
            while pages < 10 {
                let list = try await server.get(path).json(NoteList.self)
                seen += list.notes.map(\.id)
                pages += 1
                guard let next = list.next else { break }
                path = "/api/notes?limit=2&cursor=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? next)"
            }
            #expect(pages == 3)
            #expect(Set(seen) == Set(made) && seen.count == 5, "every note once")
            #expect(try await server.get("/api/notes?cursor=nonsense").status == 400)
        }
    }

    @Test func readingsComeWithTheirModelVersionAndOwnETag() async throws {
        try await withServer { server in
            let id = try await server.create(transcribedPage(["grace upon grace", "faith hope love"]), title: "sermon")
            let answer = try await server.get("/api/notes/\(id)/readings")
            #expect(answer.status == 200)
            let readings = try answer.json(NoteReadings.self)
            #expect(readings.id == id && readings.revision == 1 && readings.recognitionVersion != nil && readings.indexedAt != nil)
            #expect(readings.lines.map(\.text) == ["grace upon grace", "faith hope love"])
            #expect(readings.lines[0].words.map(\.text) == ["grace", "upon", "grace"])
            #expect(readings.lines[0].words.allSatisfy { !$0.candidates.isEmpty && !$0.strokeIDs.isEmpty })
            let tag = try #require(answer.header("etag"))

            let unchanged = try await server.send("GET", "/api/notes/\(id)/readings", headers: [("if-none-match", tag)])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty)
            _ = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["grace alone"]), title: "sermon"))
            let changed = try await server.send("GET", "/api/notes/\(id)/readings", headers: [("if-none-match", tag)])
            #expect(changed.status == 200 && changed.header("etag") != tag)
            #expect(try changed.json(NoteReadings.self).lines.map(\.text) == ["grace alone"])
            #expect(try await server.get("/api/notes/nope/readings").status == 404)
        }
    }

    @Test func aLongPollAnswersAsSoonAsAWriteComes() async throws {
        try await withServer { server in
            let cursor = try await server.get("/api/changes").json(ChangeFeedAnswer.self).next
            async let waited = server.get("/api/changes?since=\(cursor)&wait=20")
            try await Task.sleep(for: .milliseconds(300))
            let id = try await server.create(transcribedPage(["amazing grace"]), title: "new")
            let answer = try await waited.json(ChangeFeedAnswer.self)
            #expect(answer.changes.map(\.id) == [id])

            // Nothing comes: an empty answer after the wait, the same cursor.
            let quiet = try await server.get("/api/changes?since=\(answer.next)&wait=1").json(ChangeFeedAnswer.self)
            #expect(quiet.changes.isEmpty && quiet.next == answer.next)
        }
    }

    @Test func aDeviceAwayPastTheTombstonesIsToldToResync() async throws {
        try await withServer(configure: { $0.tombstoneRetention = .zero; $0.tombstonePruneInterval = .zero; $0.now = { Date().addingTimeInterval(5) } }) { server in
            let id = try await server.create(transcribedPage(["grace"]), title: "gone soon")
            let cursor = try await server.get("/api/changes").json(ChangeFeedAnswer.self).next
            let other = try await server.create(transcribedPage(["hope"]), title: "stays")
            _ = try await server.send("DELETE", "/api/notes/\(id)")
            _ = other
            // The first read of the feed prunes the deletion: the cursor from before it is stale.
            let stale = try await server.get("/api/changes?since=\(cursor)")
            #expect(stale.status == 410, "\(stale.text)")
            #expect(stale.text.contains("resync_required"))
            let fresh = try await server.get("/api/changes?since=0").json(ChangeFeedAnswer.self)
            #expect(fresh.changes.map(\.id) == [other])
        }
    }
}

/// Two servers on one PostgreSQL library: a device long-polling one hears of a write to the other.
@Suite("Change feed across servers", .enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct SharedChangeFeedTests {
    @Test func aWriteThroughOneServerWakesAPollOnAnother() async throws {
        let cluster = try #require(PostgresTestCluster.shared)
        let store = NoteStore.postgres(url: cluster.connectionString(database: try cluster.createDatabase()))
        try await withServers(2, store: store) { servers in
            let (a, b) = (servers[0], servers[1])
            let cursor = try await b.get("/api/changes").json(ChangeFeedAnswer.self).next
            async let waited = b.get("/api/changes?since=\(cursor)&wait=20")
            try await Task.sleep(for: .milliseconds(300))
            let id = try await a.create(transcribedPage(["grace through faith"]), title: "from a")
            let answer = try await waited.json(ChangeFeedAnswer.self)
            #expect(answer.changes.map(\.id) == [id])
        }
    }
}
