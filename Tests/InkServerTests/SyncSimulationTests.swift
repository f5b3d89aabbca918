import Foundation
import InkIndex
import InkServer
import InkTestSupport
import InkWire
import Testing

/// A device as a note app keeps it: its own copy of each note (revision and strokes), the feed's
/// cursor, and edits made while offline. It syncs the way Docs/Sync.md says.
private final class SimulatedDevice {
    var notes: [String: (revision: Int, strokes: [WireStroke])] = [:]
    var cursor = "0"
    let server: TestServer

    init(_ server: TestServer) { self.server = server }

    /// Reads the feed from the cursor: deletions removed, newer revisions fetched. A 410 lists
    /// everything again from 0 and drops what the answer does not hold.
    func pull(wait: Int = 0) async throws {
        var answer = try await server.get("/api/changes?since=\(cursor)&wait=\(wait)")
        var resync = false
        if answer.status == 410 {
            resync = true
            answer = try await server.get("/api/changes?since=0")
        }
        let page = try answer.json(ChangeFeedAnswer.self)
        var listed = Set<String>()
        for change in page.changes {
            listed.insert(change.id)
            if change.kind == "deleted" {
                notes[change.id] = nil
            } else if (notes[change.id]?.revision ?? 0) < change.revision {
                let detail = try await server.get("/api/notes/\(change.id)").json(NoteDetail.self)
                notes[change.id] = (detail.revision, detail.strokes)
            }
        }
        // From 0 the feed lists every note there is: what it does not list is gone.
        if resync || cursor == "0" { for id in notes.keys where !listed.contains(id) { notes[id] = nil } }
        cursor = page.next
    }

    /// Sends a local edit made on top of the revision the device holds; on 412, fetches the
    /// server's copy, merges (strokes are kept by id: the union) and sends again.
    func push(_ id: String, strokes: [WireStroke]) async throws {
        var base = notes[id]?.revision ?? 0
        var mine = strokes
        for _ in 0..<3 {
            let body = try JSONEncoder().encode(WireBatchBody(notes: [.init(id: id, strokes: mine, ifMatch: base == 0 ? nil : base)]))
            let result = try await server.send("POST", "/api/notes/batch", json: body).json(BatchAnswer.self).results[0]
            if result.status == 200 || result.status == 201 {
                notes[id] = (result.revision ?? base + 1, mine)
                return
            }
            #expect(result.status == 412, "\(result)")
            let theirs = try await server.get("/api/notes/\(id)").json(NoteDetail.self)
            let known = Set(theirs.strokes.compactMap(\.id))
            mine = theirs.strokes + mine.filter { $0.id.map { !known.contains($0) } ?? true }
            base = theirs.revision
        }
        Issue.record("the edit of \(id) was refused three times")
    }

    func delete(_ id: String) async throws {
        let revision = notes[id]?.revision ?? 0
        let answer = try await server.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "\"\(revision)\"")])
        #expect(answer.status == 204, "\(answer.text)")
        notes[id] = nil
    }

    /// The strokes of each note, by id, for comparing devices.
    var state: [String: Set<UUID>] { notes.mapValues { Set($0.strokes.compactMap(\.id)) } }
}

/// Two devices syncing through two servers on one PostgreSQL database (and, where there is none,
/// through one SQLite server): offline edits on both, a conflict resolved by 412 and a merge, a
/// deletion propagated, and a device away past the tombstones resynced.
/// A wall clock the test moves forward, for the tombstones' ages.
private final class MovableDate: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date()
    var now: Date { lock.withLock { date } }
    func advance(days: Double) { lock.withLock { date = date.addingTimeInterval(days * 86_400) } }
}

@Suite struct SyncSimulationTests {
    static var stores: [String] { PostgresTestCluster.shared == nil ? ["sqlite"] : ["sqlite", "postgres"] }

    private func strokes(_ words: String, seed: UInt64) -> [WireStroke] {
        transcribedPage([words], id: words, seed: seed).strokes.map(WireStroke.init)
    }

    @Test(arguments: stores)
    func twoDevicesConvergeThroughConflictsAndDeletions(store kind: String) async throws {
        let store: NoteStore? = kind == "postgres"
            ? .postgres(url: PostgresTestCluster.shared!.connectionString(database: try PostgresTestCluster.shared!.createDatabase()))
            : nil
        let date = MovableDate()
        // Two servers on PostgreSQL; on SQLite one server answers both devices. Tombstones are
        // kept 30 days by the date the test moves.
        try await withServers(kind == "postgres" ? 2 : 1, store: store,
                              configure: { $0.tombstonePruneInterval = .zero; $0.now = { date.now } }) { servers in
            let phone = SimulatedDevice(servers[0]), tablet = SimulatedDevice(servers[servers.count - 1])
            try await phone.push("sermon", strokes: strokes("grace upon grace", seed: 1))
            try await phone.push("prayer", strokes: strokes("our father", seed: 2))
            try await phone.pull()
            try await tablet.pull()
            #expect(tablet.state == phone.state && tablet.notes.count == 2)
            let away = SimulatedDevice(servers[0])
            try await away.pull()

            // Both offline: each adds a stroke to the sermon; the tablet deletes the prayer.
            let phoneEdit = phone.notes["sermon"]!.strokes + strokes("amen", seed: 3)
            let tabletEdit = tablet.notes["sermon"]!.strokes + strokes("hallelujah", seed: 4)
            try await phone.push("sermon", strokes: phoneEdit)
            try await tablet.push("sermon", strokes: tabletEdit)  // 412, merged, sent again
            try await tablet.delete("prayer")

            try await phone.pull(wait: 5)
            try await tablet.pull()
            #expect(phone.state == tablet.state, "the devices converge")
            #expect(phone.notes["prayer"] == nil, "the deletion reached the phone")
            #expect(phone.state["sermon"] == Set((phoneEdit + tabletEdit).compactMap(\.id)), "both edits kept")
            #expect(phone.notes["sermon"]?.revision == 3)

            // The third device last looked before the deletion; 31 days on, its tombstone is
            // pruned: 410, then a full list, and it drops the prayer too.
            date.advance(days: 31)
            let stale = try await servers[0].get("/api/changes?since=\(away.cursor)")
            #expect(stale.status == 410)
            try await away.pull()
            #expect(away.state == phone.state)
        }
    }
}
