import Foundation
import InkIndex
import InkPostgres
import InkServer
import InkSynthesis

/// The load benchmark behind `inkindex bench-serve`: a library of N notes (one line of ink each),
/// the server on loopback, C clients on keep-alive connections mixing searches, note writes and
/// recognitions for a fixed time; then requests per second, p50 and p99 per kind, errors, the
/// library check, and the median of `POST /api/recognize` on a 10-line page.
///
/// The library's notes carry real ink (or synthetic ink) but their index is the stand-in of
/// `StandInReadings` (no recognition while building). Writes and recognitions during the run go
/// through the server's recognizer for real.
///
/// ```swift
/// var configuration = ServerLoadBenchmark.Configuration()
/// configuration.notes = 1_000
/// let report = try await ServerLoadBenchmark(configuration: configuration, recognizer: try ShippedRecognizer.load())
///     .run { print($0) }
/// print(report.kinds["search"]!.p50)
/// ```
public struct ServerLoadBenchmark: Sendable {
    public struct Configuration: Sendable {
        public var notes = 10_000
        public var clients = 16
        public var seconds = 30.0
        /// Dataset JSON Lines to take lines of ink from (synthetic ink where absent).
        public var dataPath: String? = "../shared/data/iam-ondb/trainset.jsonl.gz"
        /// The library file (made afresh).
        public var databasePath = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-bench-serve.sqlite").path
        /// A PostgreSQL library (made afresh) instead of the file: then `servers` processes of
        /// `serverCommand` serve it, each client keeping to one of them in turn (client c to
        /// server c mod N: the benchmark's own round robin).
        public var postgres: (url: String, library: String)?
        public var servers = 1
        /// Keeps a library that already holds at least `notes` notes (from an earlier run) rather
        /// than building it again: the runs of one size then share one build.
        public var reusesLibrary = false
        /// Reader connections of each server (nil: `ServerConfiguration`'s default, the cores).
        public var readers: Int?
        /// `inkindex serve` and its options (the model), for the server processes; the store and
        /// `--port 0` are added.
        public var serverCommand: [String] = []
        /// Shares of the requests: searches, note writes (POST, or PUT adding a line to a note
        /// the client wrote), recognitions of a one-line page.
        public var searchShare = 0.90
        public var writeShare = 0.06
        /// `POST /api/recognize` of a 10-line page, timed one at a time after the load.
        public var pageRecognitions = 15
        public var seed: UInt64 = 42
        public init() {}
    }

    public struct KindFigures: Sendable, Codable {
        public var requests = 0
        public var errors = 0
        public var perSecond = 0.0
        public var p50 = 0.0
        public var p99 = 0.0
        public var max = 0.0
        public init() {}
        init(requests: Int, errors: Int, perSecond: Double, p50: Double, p99: Double, max: Double) {
            (self.requests, self.errors, self.perSecond, self.p50, self.p99, self.max) = (requests, errors, perSecond, p50, p99, max)
        }
    }

    public struct Report: Sendable, Codable {
        public var corpus = ""
        public var notes = 0
        public var buildSeconds = 0.0
        public var clients = 0
        public var seconds = 0.0
        public var requestsPerSecond = 0.0
        /// "search", "write", "recognize" and "all".
        public var kinds: [String: KindFigures] = [:]
        public var errorSamples: [String] = []
        public var pageLines = 10
        public var pageRecognizeMedian = 0.0
        public var pageRecognizeElapsedMedian = 0.0
        /// The process's CPU time (user and system, all threads, client included) per page: what
        /// a page costs, whatever else the machine is doing.
        public var pageRecognizeCPUMilliseconds = 0.0
        /// The machine's 1-minute load average at the end of the load (Linux), for context.
        public var loadAverage: Double?
        public var notesAfter = 0
        public var notesWritten = 0
        public var notesMissing = 0
        public var checkProblems: [String] = []
    }

    public var configuration: Configuration
    public let recognizer: any LineRecognizing

    public init(configuration: Configuration, recognizer: any LineRecognizing) {
        self.configuration = configuration
        self.recognizer = recognizer
    }

    public func run(log: @Sendable (String) -> Void) async throws -> Report {
        let config = configuration
        var report = Report(clients: config.clients)
        let corpus = LoadCorpus.load(path: config.dataPath, limit: config.notes)
        report.corpus = corpus.source
        log("corpus: \(corpus.source)")

        let started = ContinuousClock.now
        let existing = config.reusesLibrary ? ((try? await store.open().notes().count) ?? 0) : 0
        if existing >= config.notes {
            log("library: \(existing) notes kept from an earlier run")
        } else {
            try await buildLibrary(corpus: corpus, log: log)
            report.buildSeconds = Self.seconds(started.duration(to: .now))
            log(String(format: "library: %d notes in %.1f s (stand-in readings)", config.notes, report.buildSeconds))
        }
        report.notes = max(existing, config.notes)

        let (ports, stopServers) = try await BenchmarkServers.start(postgres: config.postgres, count: config.servers,
                                                                    serverCommand: config.serverCommand, databasePath: config.databasePath,
                                                                    recognizer: recognizer, readers: config.readers)
        do {
            return try await load(on: ports, corpus: corpus, report: report, stopServers: stopServers, log: log)
        } catch {
            await stopServers()
            throw error
        }
    }

    /// The load on the servers at `ports`, the page recognitions, then the servers stopped and
    /// the library checked.
    private func load(on ports: [Int], corpus: LoadCorpus, report: Report, stopServers: @Sendable () async -> Void,
                      log: @Sendable (String) -> Void) async throws -> Report {
        let config = configuration
        var report = report
        let port = ports[0]
        log("\(ports.count) server(s) on 127.0.0.1:\(ports.map(String.init).joined(separator: ",")); \(config.clients) clients for \(Int(config.seconds)) s...")

        let queries = Self.queries(from: corpus, count: 2_000, seed: config.seed)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(config.seconds * 1000)))
        let loadStart = ContinuousClock.now
        let results = try await withThrowingTaskGroup(of: LoadClient.Results.self) { group in
            for c in 0..<config.clients {
                let client = LoadClient(port: ports[c % ports.count], corpus: corpus, queries: queries, seed: config.seed &+ UInt64(c) &* 7919,
                                        searchShare: config.searchShare, writeShare: config.writeShare, number: c)
                group.addTask { await client.run(until: deadline) }
            }
            var all = LoadClient.Results()
            for try await results in group { all.merge(results) }
            return all
        }
        report.seconds = Self.seconds(loadStart.duration(to: .now))
        var total = 0
        var allLatencies: [Double] = []
        for (kind, latencies) in results.latencies {
            let sorted = latencies.sorted()
            allLatencies += sorted
            total += sorted.count + results.errors[kind, default: 0]
            report.kinds[kind] = KindFigures(requests: sorted.count, errors: results.errors[kind, default: 0],
                                             perSecond: Double(sorted.count) / report.seconds, p50: Self.percentile(sorted, 0.5),
                                             p99: Self.percentile(sorted, 0.99), max: sorted.last ?? 0)
        }
        allLatencies.sort()
        report.kinds["all"] = KindFigures(requests: allLatencies.count, errors: results.errors.values.reduce(0, +),
                                          perSecond: Double(allLatencies.count) / report.seconds,
                                          p50: Self.percentile(allLatencies, 0.5), p99: Self.percentile(allLatencies, 0.99),
                                          max: allLatencies.last ?? 0)
        report.requestsPerSecond = Double(total) / report.seconds
        report.errorSamples = Array(results.errorSamples.prefix(5))
        report.notesWritten = results.createdIDs.count

        log("recognizing a \(report.pageLines)-line page \(config.pageRecognitions) times...")
        let page = corpus.page(lines: report.pageLines)
        let body = try JSONEncoder().encode(WireStrokes(strokes: page.strokes.map(WireStroke.init)))
        report.loadAverage = Self.loadAverage()
        var pageTimes: [Double] = [], elapsed: [Double] = []
        let cpuBefore = Self.processCPUSeconds()
        try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
            for _ in 0..<config.pageRecognitions {
                let t = ContinuousClock.now
                let answer = try await connection.request("POST", "/api/recognize", headers: [("content-type", "application/json")], body: body)
                pageTimes.append(Self.seconds(t.duration(to: .now)) * 1000)
                guard answer.status == 200 else { throw HTTPClientError.unexpected("\(answer.status) \(answer.text)") }
                elapsed.append(try answer.json(WireRecognition.self).elapsedMs)
            }
        }
        report.pageRecognizeCPUMilliseconds = (Self.processCPUSeconds() - cpuBefore) * 1000 / Double(max(1, config.pageRecognitions))
        report.pageRecognizeMedian = Self.percentile(pageTimes.sorted(), 0.5)
        report.pageRecognizeElapsedMedian = Self.percentile(elapsed.sorted(), 0.5)

        await stopServers()
        log("checking the library...")
        let library = try store.open()
        let check = try await library.check()
        report.checkProblems = check.problems
        let stored = Set(try await library.notes().map(\.id))
        report.notesAfter = stored.count
        report.notesMissing = results.createdIDs.filter { !stored.contains($0) }.count
        return report
    }

    private var store: NoteStore { BenchmarkServers.store(postgres: configuration.postgres, databasePath: configuration.databasePath) }

    private func buildLibrary(corpus: LoadCorpus, log: @Sendable (String) -> Void) async throws {
        try await StandInLibrary.build(store, notes: configuration.notes, corpus: corpus, recognizer: recognizer, log: log)
    }

    /// Words, word beginnings, two-word phrases and words with a typo, from the corpus's text.
    static func queries(from corpus: LoadCorpus, count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let lines = corpus.lines.map { $0.text.split(separator: " ").map(String.init) }
        let vocabulary = Set(lines.joined().filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }).sorted()
        guard !vocabulary.isEmpty else { return ["grace"] }
        var queries: [String] = []
        while queries.count < count {
            let word = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
            switch random.next() % 10 {
            case 0:
                let line = lines[Int(random.next() % UInt64(lines.count))]
                guard line.count >= 2 else { continue }
                let at = Int(random.next() % UInt64(line.count - 1))
                queries.append("\(line[at]) \(line[at + 1])")
            case 1 where word.count >= 6:
                queries.append(String(word.prefix(4)))
            case 2 where word.count >= 5:
                var letters = Array(word)
                letters[Int(random.next() % UInt64(letters.count))] = "x"
                queries.append(String(letters))
            default:
                queries.append(word)
            }
        }
        return queries
    }

    static func processCPUSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)  // the process's, all threads
    }

    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
