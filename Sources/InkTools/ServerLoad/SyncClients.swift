import Foundation
import InkIndex
import InkServer
import InkSynthesis

/// The clients of the sync benchmark (`SyncLoadBenchmark`), each on a keep-alive connection to
/// one server: devices that long-poll the change feed, writers and searchers at a steady pace,
/// and a device sending a batch. Times are seconds since `origin`.
enum SyncClients {
    /// Requests of one kind: latencies in milliseconds and failures.
    struct Tally: Sendable {
        var milliseconds: [Double] = []
        var errors = 0
        var errorSamples: [String] = []

        mutating func merge(_ other: Tally) {
            milliseconds += other.milliseconds
            errors += other.errors
            errorSamples += other.errorSamples.prefix(Swift.max(0, 5 - errorSamples.count))
        }

        mutating func fail(_ what: String) {
            errors += 1
            if errorSamples.count < 5 { errorSamples.append(what) }
        }
    }

    static func seconds(since origin: ContinuousClock.Instant) -> Double {
        ServerLoadBenchmark.seconds(origin.duration(to: .now))
    }

    /// Runs `body` on a connection to `port`, and on a new one after a failure until
    /// `deadline` (once at least: a client that a loaded machine started late still runs).
    static func connected(port: Int, until deadline: ContinuousClock.Instant, tally: inout Tally,
                          _ body: (HTTPClientConnection, inout Tally) async throws -> Void) async {
        repeat {
            do {
                try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
                    try await body(connection, &tally)
                }
                return
            } catch {
                tally.fail("\(error)")
                try? await Task.sleep(for: .milliseconds(20))
            }
        } while ContinuousClock.now < deadline
    }

    /// Sleeps until `instant` (no sleep where it has passed: a client that fell behind catches up).
    static func sleep(until instant: ContinuousClock.Instant) async {
        if instant > .now { try? await Task.sleep(until: instant, clock: .continuous) }
    }

    // MARK: - Devices

    /// A device that long-polls `GET /api/changes` from `cursor` until `deadline`
    /// (`longPoll`), then, once the writers are done, reads what is left without waiting
    /// (`drain`): every change it received, and when.
    struct Device: Sendable {
        let port: Int
        let server: Int
        let cursor: Int64
        let longPoll: Int
        let origin: ContinuousClock.Instant

        struct Log: Sendable {
            var seen: [FeedObservations.Seen] = []
            var tally = Tally()
            /// Answers whose `next` was behind the cursor asked.
            var cursorWentBack = 0
            var answers = 0
            /// Where the device goes on from, and whether the last answer said more follow.
            var cursor: Int64 = 0
            var lastMore = false
        }

        /// Asks until the deadline, each time waiting at most what is left of it.
        func longPoll(until deadline: ContinuousClock.Instant) async -> Log {
            var log = Log(cursor: cursor)
            var tally = Tally()
            await SyncClients.connected(port: port, until: deadline, tally: &tally) { connection, tally in
                while true {
                    let remaining = ServerLoadBenchmark.seconds(ContinuousClock.now.duration(to: deadline))
                    guard remaining > 0 else { return }
                    let wait = Swift.max(1, Swift.min(longPoll, Int(remaining.rounded(.down))))
                    _ = try await ask(connection, wait: wait, log: &log, tally: &tally)
                }
            }
            log.tally.merge(tally)
            return log
        }

        /// Reads on from the log's cursor without waiting until the feed has no more.
        func drain(_ log: Log) async -> Log {
            var log = log
            var tally = Tally()
            await SyncClients.connected(port: port, until: .now.advanced(by: .seconds(60)), tally: &tally) { connection, tally in
                while try await ask(connection, wait: 0, log: &log, tally: &tally), log.lastMore {}
            }
            log.tally.merge(tally)
            return log
        }

        /// One `GET /api/changes` from the log's cursor; false where it failed.
        private func ask(_ connection: HTTPClientConnection, wait: Int, log: inout Log, tally: inout Tally) async throws -> Bool {
            let started = ContinuousClock.now
            let answer = try await connection.request("GET", "/api/changes?since=\(log.cursor)&limit=1000&wait=\(wait)")
            let at = SyncClients.seconds(since: origin)
            guard answer.status == 200, let page = try? answer.json(ChangeFeedAnswer.self), let next = Int64(page.next) else {
                tally.fail("GET /api/changes: \(answer.status) \(answer.text.prefix(200))")
                return false
            }
            log.answers += 1
            if wait == 0 { tally.milliseconds.append(ServerLoadBenchmark.seconds(started.duration(to: .now)) * 1000) }
            if next < log.cursor { log.cursorWentBack += 1 }
            log.cursor = next
            log.lastMore = page.more
            log.seen += page.changes.map { FeedObservations.Seen(id: $0.id, kind: $0.kind, revision: $0.revision, at: at) }
            return true
        }
    }

    // MARK: - Writers

    /// A writer that saves a note every `interval`: a new one-line note, or (one time in three)
    /// a line added to a note it wrote, with `If-Match`.
    struct Writer: Sendable {
        let port: Int
        let server: Int
        let corpus: LoadCorpus
        let interval: Duration
        let seed: UInt64
        let number: Int
        let origin: ContinuousClock.Instant

        struct Log: Sendable {
            var writes: [FeedObservations.Write] = []
            var tally = Tally()
        }

        func run(until deadline: ContinuousClock.Instant) async -> Log {
            var log = Log()
            var random = SeededRandom(seed: seed)
            var mine: [(id: String, lines: Int, first: Int, revision: Int)] = []
            // Writers start spread over one interval, not all at once; each writes once at least,
            // also where a loaded machine let the phase pass before its turn.
            var next = ContinuousClock.now.advanced(by: interval * random.unit())
            await SyncClients.connected(port: port, until: deadline, tally: &log.tally) { connection, tally in
                while true {
                    await SyncClients.sleep(until: next)
                    guard ContinuousClock.now < deadline || log.writes.isEmpty else { return }
                    next = next.advanced(by: interval)
                    let request: (method: String, path: String, body: WireNoteBody, revision: Int?, mine: Int?)
                    if !mine.isEmpty, random.next() % 3 == 0 {
                        let k = Int(random.next() % UInt64(mine.count))
                        mine[k].lines += 1
                        let page = corpus.page(lines: mine[k].lines, first: mine[k].first)
                        request = ("PUT", "/api/notes/\(mine[k].id)", WireNoteBody(strokes: page.strokes.map(WireStroke.init)), mine[k].revision, k)
                    } else {
                        let first = Int(random.next() % UInt64(corpus.lines.count))
                        let page = corpus.page(lines: 1, first: first)
                        request = ("POST", "/api/notes", WireNoteBody(title: "writer \(number) \(corpus.lines[first].text.prefix(30))",
                                                                     strokes: page.strokes.map(WireStroke.init)), nil, nil)
                        mine.append(("", 1, first, 0))
                    }
                    var headers = [("content-type", "application/json")]
                    if let revision = request.revision { headers.append(("if-match", "\"\(revision)\"")) }
                    let started = ContinuousClock.now
                    let answer = try await connection.request(request.method, request.path, headers: headers,
                                                              body: try JSONEncoder().encode(request.body))
                    let at = SyncClients.seconds(since: origin)
                    guard (200..<300).contains(answer.status), let summary = try? answer.json(NoteSummary.self) else {
                        tally.fail("\(request.method) \(request.path): \(answer.status) \(answer.text.prefix(200))")
                        if request.mine == nil { mine.removeLast() }
                        continue
                    }
                    tally.milliseconds.append(ServerLoadBenchmark.seconds(started.duration(to: .now)) * 1000)
                    let k = request.mine ?? mine.count - 1
                    (mine[k].id, mine[k].revision) = (summary.id, summary.revision)
                    log.writes.append(.init(id: summary.id, revision: summary.revision, answeredAt: at, server: server))
                }
            }
            return log
        }
    }

    // MARK: - Searchers

    /// A searcher that asks a query every `interval`.
    struct Searcher: Sendable {
        let port: Int
        let queries: [String]
        let interval: Duration
        let seed: UInt64

        func run(until deadline: ContinuousClock.Instant) async -> Tally {
            var tally = Tally()
            var random = SeededRandom(seed: seed)
            var next = ContinuousClock.now.advanced(by: interval * random.unit())
            await SyncClients.connected(port: port, until: deadline, tally: &tally) { connection, tally in
                while true {
                    await SyncClients.sleep(until: next)
                    guard ContinuousClock.now < deadline else { return }
                    next = next.advanced(by: interval)
                    let query = queries[Int(random.next() % UInt64(queries.count))]
                    let path = "/api/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query)&limit=20"
                    let started = ContinuousClock.now
                    let answer = try await connection.request("GET", path)
                    guard answer.status == 200 else {
                        tally.fail("GET \(path): \(answer.status) \(answer.text.prefix(200))")
                        continue
                    }
                    tally.milliseconds.append(ServerLoadBenchmark.seconds(started.duration(to: .now)) * 1000)
                }
            }
            return tally
        }
    }

    // MARK: - Batches

    /// `POST /api/notes/batch` of `count` new one-line notes (ids of their own in each `run`):
    /// how long the answer took, and the notes stored (each answered 201), as writes.
    static func batch(port: Int, server: Int, run: String, number: Int, count: Int, corpus: LoadCorpus, origin: ContinuousClock.Instant) async throws
        -> (milliseconds: Double, answeredAt: Double, writes: [FeedObservations.Write], failures: [String])
    {
        let notes = (0..<count).map { n in
            let first = (number * count + n) % corpus.lines.count
            return WireBatchBody.Note(id: "batch-\(run)-\(number)-\(n)", title: "batch \(number): \(corpus.lines[first].text.prefix(30))",
                                      strokes: corpus.page(lines: 1, first: first).strokes.map(WireStroke.init))
        }
        let body = try JSONEncoder().encode(WireBatchBody(notes: notes))
        return try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
            let started = ContinuousClock.now
            let answer = try await connection.request("POST", "/api/notes/batch", headers: [("content-type", "application/json")], body: body)
            let milliseconds = ServerLoadBenchmark.seconds(started.duration(to: .now)) * 1000
            let at = SyncClients.seconds(since: origin)
            guard answer.status == 200 else { return (milliseconds, at, [], ["\(answer.status) \(answer.text.prefix(200))"]) }
            let results = try answer.json(BatchAnswer.self).results
            let stored = results.filter { $0.status == 201 }
            let failures = results.filter { $0.status != 201 }.map { "\($0.id): \($0.status) \($0.error ?? "")" }
            return (milliseconds, at, stored.map { .init(id: $0.id, revision: $0.revision ?? 1, answeredAt: at, server: server) }, failures)
        }
    }
}
