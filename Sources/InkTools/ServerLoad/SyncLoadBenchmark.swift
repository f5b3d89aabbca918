import Foundation
import InkIndex
import InkServer

/// The sync benchmark behind `inkindex bench-sync` (issue 49): devices long-polling the change
/// feed while writers save notes, on a library of N notes served by several servers on one
/// PostgreSQL database (or one server on a SQLite file).
///
/// 1. The library is built with stand-in readings (`StandInLibrary`), and the recognizer's rate
///    measured in this process: lines read a second on every core.
/// 2. One device reads the whole feed from 0 (its throughput), which gives the cursor the
///    devices start from.
/// 3. **Quiet phase**: searchers and writers at a steady pace, nothing else: the search latency
///    to compare with.
/// 4. **Sync phase**: the same searchers and writers, with `devices` long-polling the feed
///    (device d on server d mod S, writer w on server w mod S) and `batches` batches of
///    `batchSize` one-line notes spread over it. Once the writes are answered and the batches
///    indexed, each device reads what is left. Every write's 2xx is matched with every device's
///    answer naming it (`FeedObservations`).
/// 5. The servers stop and the library is checked; every note answered 2xx must be there.
///
/// ```swift
/// var configuration = SyncLoadBenchmark.Configuration()
/// configuration.notes = 1_000
/// configuration.devices = 20
/// let report = try await SyncLoadBenchmark(configuration: configuration, recognizer: try ShippedRecognizer.load()).run { print($0) }
/// print(report.wakeUp.otherServer.p99)
/// ```
public struct SyncLoadBenchmark: Sendable {
    public struct Configuration: Sendable {
        public var notes = 100_000
        public var devices = 200
        public var writers = 16
        /// Seconds between one writer's saves.
        public var writeInterval = 2.0
        public var searchers = 8
        /// Seconds between one searcher's queries.
        public var searchInterval = 0.05
        /// Seconds of each phase.
        public var seconds = 60.0
        /// The `wait` of each long poll, in seconds.
        public var longPoll = 30
        public var batches = 2
        public var batchSize = 300
        public var dataPath: String? = "../shared/data/iam-ondb/trainset.jsonl.gz"
        /// A SQLite file served in this process, where `postgres` is nil.
        public var databasePath = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-bench-sync.sqlite").path
        /// A PostgreSQL library, served by `servers` processes of `serverCommand`.
        public var postgres: (url: String, library: String)?
        public var servers = 2
        /// `inkindex serve` and its options; the store and `--port 0` are added.
        public var serverCommand: [String] = []
        /// Keeps a library that already holds at least `notes` notes.
        public var reusesLibrary = false
        public var seed: UInt64 = 49
        public init() {}
    }

    public struct PhaseFigures: Sendable, Codable {
        public var seconds = 0.0
        public var search = FeedObservations.Latencies()
        public var searchErrors = 0
        public var write = FeedObservations.Latencies()
        public var writeErrors = 0
    }

    public struct BatchFigures: Sendable, Codable {
        public var notes = 0
        public var stored = 0
        public var milliseconds = 0.0
        /// From the answer until the feed said the last of them was indexed; nil: not within the run.
        public var indexedSeconds: Double?
        public var failures: [String] = []
    }

    public struct Report: Sendable, Codable {
        public var corpus = ""
        public var notes = 0
        public var servers = 1
        public var buildSeconds = 0.0
        /// Lines read a second by the recognizer on every core of this machine, measured alone.
        public var recognitionLinesPerSecond = 0.0
        /// Reading the whole feed from 0, 1,000 changes a page.
        public var catchUpChanges = 0
        public var catchUpSeconds = 0.0
        public var quiet = PhaseFigures()
        public var sync = PhaseFigures()
        public var devices = 0
        public var wakeUp = FeedObservations.Figures()
        /// Changes the feed took during the sync phase (positions given), and changes received
        /// by all devices together, a second.
        public var feedChangesPerSecond = 0.0
        public var deliveriesPerSecond = 0.0
        public var longPollAnswers = 0
        public var deviceErrors = 0
        public var cursorWentBack = 0
        public var batches: [BatchFigures] = []
        public var errorSamples: [String] = []
        public var notesAfter = 0
        public var writesMissing = 0
        public var checkProblems: [String] = []
    }

    public var configuration: Configuration
    public let recognizer: any LineRecognizing

    public init(configuration: Configuration, recognizer: any LineRecognizing) {
        self.configuration = configuration
        self.recognizer = recognizer
    }

    private var store: NoteStore { BenchmarkServers.store(postgres: configuration.postgres, databasePath: configuration.databasePath) }

    public func run(log: @Sendable (String) -> Void) async throws -> Report {
        let config = configuration
        var report = Report()
        let corpus = LoadCorpus.load(path: config.dataPath, limit: min(config.notes, 20_000))
        report.corpus = corpus.source
        log("corpus: \(corpus.source)")

        let started = ContinuousClock.now
        let existing = config.reusesLibrary ? ((try? await store.open().notes().count) ?? 0) : 0
        if existing >= config.notes {
            log("library: \(existing) notes kept from an earlier run")
        } else {
            try await StandInLibrary.build(store, notes: config.notes, corpus: corpus, recognizer: recognizer, log: log)
            report.buildSeconds = ServerLoadBenchmark.seconds(started.duration(to: .now))
            log(String(format: "library: %d notes in %.1f s (stand-in readings)", config.notes, report.buildSeconds))
        }
        report.notes = max(existing, config.notes)
        report.recognitionLinesPerSecond = await recognitionRate(corpus)
        log(String(format: "recognizer alone: %.1f lines/s", report.recognitionLinesPerSecond))

        let servers = try await BenchmarkServers.start(postgres: config.postgres, count: config.servers, serverCommand: config.serverCommand,
                                                       databasePath: config.databasePath, recognizer: recognizer)
        report.servers = servers.ports.count
        do {
            report = try await measure(on: servers.ports, corpus: corpus, report: report, log: log)
            await servers.stop()
        } catch {
            await servers.stop()
            throw error
        }

        log("checking the library...")
        let library = try store.open()
        report.checkProblems = try await library.check().problems
        report.notesAfter = try await library.notes().count
        return report
    }

    private func measure(on ports: [Int], corpus: LoadCorpus, report: Report, log: @Sendable (String) -> Void) async throws -> Report {
        let config = configuration
        var report = report
        let origin = ContinuousClock.now
        let queries = ServerLoadBenchmark.queries(from: corpus, count: 2_000, seed: config.seed)

        log("reading the whole feed from 0...")
        let catchUp = ContinuousClock.now
        let (cursor, changes) = try await readFeed(port: ports[0])
        report.catchUpSeconds = ServerLoadBenchmark.seconds(catchUp.duration(to: .now))
        report.catchUpChanges = changes
        log(String(format: "  %d changes in %.2f s; cursor %lld", changes, report.catchUpSeconds, cursor))

        log("quiet phase: \(config.searchers) searchers, \(config.writers) writers for \(Int(config.seconds)) s...")
        let quiet = await steadyLoad(ports: ports, corpus: corpus, queries: queries, origin: origin, seedOffset: 0)
        report.quiet = quiet.figures

        log("sync phase: the same with \(config.devices) long-polling devices and \(config.batches) batches of \(config.batchSize)...")
        let syncStart = ContinuousClock.now
        let positionBefore = try await readFeed(port: ports[0], from: cursor, limit: 10_000).cursor
        let deadline = syncStart.advanced(by: .milliseconds(Int(config.seconds * 1000)))
        let devicesTask = Task {
            await withTaskGroup(of: (Int, SyncClients.Device.Log).self) { group in
                for d in 0..<config.devices {
                    let device = SyncClients.Device(port: ports[d % ports.count], server: d % ports.count, cursor: positionBefore,
                                                    longPoll: config.longPoll, origin: origin)
                    group.addTask { (d, await device.longPoll(until: deadline)) }
                }
                var logs: [(Int, SyncClients.Device.Log)] = []
                for await log in group { logs.append(log) }
                return logs.sorted { $0.0 < $1.0 }
            }
        }
        // Devices connect and ask before the writes begin.
        try await Task.sleep(for: .milliseconds(500))
        // Batches write new notes in every run, also on a library kept from an earlier one.
        let run = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)
        let batchesTask = Task {
            var results: [(figures: BatchFigures, answeredAt: Double, writes: [FeedObservations.Write])] = []
            for k in 0..<config.batches {
                let at = syncStart.advanced(by: .milliseconds(Int(config.seconds * 1000 * Double(k + 1) / Double(config.batches + 1))))
                await SyncClients.sleep(until: at)
                let server = k % ports.count
                var figures = BatchFigures(notes: config.batchSize)
                do {
                    let batch = try await SyncClients.batch(port: ports[server], server: server, run: run, number: k, count: config.batchSize,
                                                            corpus: corpus, origin: origin)
                    (figures.milliseconds, figures.stored, figures.failures) = (batch.milliseconds, batch.writes.count, batch.failures)
                    results.append((figures, batch.answeredAt, batch.writes))
                } catch {
                    figures.failures = ["\(error)"]
                    results.append((figures, 0, []))
                }
            }
            return results
        }
        let sync = await steadyLoad(ports: ports, corpus: corpus, queries: queries, origin: origin, seedOffset: 1, until: deadline)
        let batches = await batchesTask.value
        // Once every write is answered and the batches are indexed (or two minutes have
        // passed), each device reads what is left: a change made past the deadline is heard of
        // then, late, and its latency counts.
        try await waitUntilIndexed(Set(batches.flatMap(\.writes).map(\.id)), within: .seconds(120))
        let deviceLogs = await withTaskGroup(of: (Int, SyncClients.Device.Log).self) { group in
            for (d, log) in await devicesTask.value {
                let device = SyncClients.Device(port: ports[d % ports.count], server: d % ports.count, cursor: log.cursor,
                                                longPoll: config.longPoll, origin: origin)
                group.addTask { (d % ports.count, await device.drain(log)) }
            }
            var logs: [(Int, SyncClients.Device.Log)] = []
            for await log in group { logs.append(log) }
            return logs
        }
        report.sync = sync.figures
        report.sync.seconds = ServerLoadBenchmark.seconds(syncStart.duration(to: .now))
        let positionAfter = try await readFeed(port: ports[0], from: positionBefore, limit: 10_000).cursor
        report.feedChangesPerSecond = Double(positionAfter - positionBefore) / config.seconds

        let writes = sync.writes + batches.flatMap(\.writes)
        let observations = FeedObservations(writes: writes, devices: deviceLogs.map { .init(server: $0.0, seen: $0.1.seen) })
        report.devices = deviceLogs.count
        report.wakeUp = observations.figures()
        report.deliveriesPerSecond = Double(deviceLogs.reduce(0) { $0 + $1.1.seen.count }) / config.seconds
        report.longPollAnswers = deviceLogs.reduce(0) { $0 + $1.1.answers }
        report.deviceErrors = deviceLogs.reduce(0) { $0 + $1.1.tally.errors }
        report.cursorWentBack = deviceLogs.reduce(0) { $0 + $1.1.cursorWentBack }
        report.batches = batches.map { batch in
            var figures = batch.figures
            figures.indexedSeconds = observations.secondsUntilIndexed(Set(batch.writes.map(\.id)), answeredAt: batch.answeredAt)
            return figures
        }
        report.errorSamples = Array((quiet.samples + sync.samples + deviceLogs.flatMap(\.1.tally.errorSamples)).prefix(8))
        report.writesMissing = try await missing(quiet.writes + writes)
        return report
    }

    /// Searchers and writers at their pace for `seconds` (or until `deadline`).
    private func steadyLoad(ports: [Int], corpus: LoadCorpus, queries: [String], origin: ContinuousClock.Instant, seedOffset: UInt64,
                            until deadline: ContinuousClock.Instant? = nil) async
        -> (figures: PhaseFigures, writes: [FeedObservations.Write], samples: [String])
    {
        let config = configuration
        let start = ContinuousClock.now
        let deadline = deadline ?? start.advanced(by: .milliseconds(Int(config.seconds * 1000)))
        let seed = config.seed &+ seedOffset &* 1_000_003
        async let searches = withTaskGroup(of: SyncClients.Tally.self) { group in
            for s in 0..<config.searchers {
                let searcher = SyncClients.Searcher(port: ports[s % ports.count], queries: queries,
                                                    interval: .milliseconds(Int(config.searchInterval * 1000)), seed: seed &+ UInt64(s) &* 7919)
                group.addTask { await searcher.run(until: deadline) }
            }
            var all = SyncClients.Tally()
            for await tally in group { all.merge(tally) }
            return all
        }
        async let writes = withTaskGroup(of: SyncClients.Writer.Log.self) { group in
            for w in 0..<config.writers {
                let writer = SyncClients.Writer(port: ports[w % ports.count], server: w % ports.count, corpus: corpus,
                                                interval: .milliseconds(Int(config.writeInterval * 1000)),
                                                seed: seed &+ 104_729 &+ UInt64(w) &* 7919, number: w, origin: origin)
                group.addTask { await writer.run(until: deadline) }
            }
            var all = SyncClients.Writer.Log()
            for await log in group {
                all.writes += log.writes
                all.tally.merge(log.tally)
            }
            return all
        }
        let (searchTally, writeLog) = await (searches, writes)
        var figures = PhaseFigures()
        figures.seconds = ServerLoadBenchmark.seconds(start.duration(to: .now))
        figures.search = .init(milliseconds: searchTally.milliseconds)
        figures.searchErrors = searchTally.errors
        figures.write = .init(milliseconds: writeLog.tally.milliseconds)
        figures.writeErrors = writeLog.tally.errors
        return (figures, writeLog.writes, searchTally.errorSamples + writeLog.tally.errorSamples)
    }

    /// Returns once every note of `ids` has an index, or `within` has passed.
    private func waitUntilIndexed(_ ids: Set<String>, within limit: Duration) async throws {
        let library = try store.open()
        let end = ContinuousClock.now.advanced(by: limit)
        var waiting = ids
        while !waiting.isEmpty, ContinuousClock.now < end {
            for id in waiting where try await library.indexState(noteID: id) != nil { waiting.remove(id) }
            if !waiting.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
    }

    /// The feed from `cursor` to its end, `limit` changes a page: the cursor at its end and the
    /// changes read.
    private func readFeed(port: Int, from cursor: Int64 = 0, limit: Int = 1_000) async throws -> (cursor: Int64, changes: Int) {
        try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
            var cursor = cursor, changes = 0
            while true {
                let answer = try await connection.request("GET", "/api/changes?since=\(cursor)&limit=\(limit)")
                guard answer.status == 200 else { throw HTTPClientError.unexpected("\(answer.status) \(answer.text.prefix(200))") }
                let page = try answer.json(ChangeFeedAnswer.self)
                changes += page.changes.count
                cursor = Int64(page.next) ?? cursor
                if !page.more { return (cursor, changes) }
            }
        }
    }

    /// Writes answered 2xx whose note is missing afterwards, or holds an older revision.
    private func missing(_ writes: [FeedObservations.Write]) async throws -> Int {
        let library = try store.open()
        var missing = 0
        for (id, revision) in Dictionary(writes.map { ($0.id, $0.revision) }, uniquingKeysWith: max) {
            if let note = try? await library.note(id: id), note.revision >= revision { continue }
            missing += 1
        }
        return missing
    }

    /// Lines a second that the recognizer reads on every core: 24 lines of the corpus, as many at
    /// once as there are cores (as a server's recognition threads do).
    private func recognitionRate(_ corpus: LoadCorpus) async -> Double {
        let lines = (0..<24).map { corpus.lines[$0 % corpus.lines.count].drawing.strokes }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let recognizer = self.recognizer
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for c in 0..<cores {
                group.addTask {
                    for k in stride(from: c, to: lines.count, by: cores) { _ = try? recognizer.recognize(lines[k], maxCandidates: 5) }
                }
            }
        }
        return Double(lines.count) / ServerLoadBenchmark.seconds(start.duration(to: .now))
    }
}
