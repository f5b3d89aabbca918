import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex bench-sync`: devices long-polling the change feed while writers save notes (see
/// `SyncLoadBenchmark`).
struct BenchSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-sync",
        abstract: "Load-test sync: devices long-polling the change feed of servers on one database while writers save notes.",
        discussion: """
            Builds a library of N notes (one line of ink each, stand-in readings, as bench-serve \
            does) and serves it: with --database, by --servers processes of this inkindex on that \
            PostgreSQL database; else by one server in this process on a SQLite file. Reads the \
            whole feed once, then runs two phases of --seconds each: searchers and writers at a \
            steady pace (the quiet phase), then the same with --devices devices long-polling \
            GET /api/changes and --batches batches of --batch-size notes (the sync phase). \
            Reports the time from each write's 2xx to each device's wake-up (p50, p99; same and \
            other server; until every device knew), changes lost or received twice, the feed's \
            throughput, each batch's answer and indexing time, search latency in both phases, \
            errors and the library check. Build with -c release.
            """)

    @OptionGroup var model: ModelOption

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    @Option(help: ArgumentHelp("Notes in the library.", valueName: "n"))
    var notes = SyncLoadBenchmark.Configuration().notes

    @Option(help: ArgumentHelp("Devices long-polling the feed.", valueName: "n"))
    var devices = SyncLoadBenchmark.Configuration().devices

    @Option(help: ArgumentHelp("Writers, each saving a note every --write-interval seconds.", valueName: "n"))
    var writers = SyncLoadBenchmark.Configuration().writers

    @Option(name: .customLong("write-interval"), help: ArgumentHelp("Seconds between one writer's saves.", valueName: "s"))
    var writeInterval = SyncLoadBenchmark.Configuration().writeInterval

    @Option(help: ArgumentHelp("Searchers, each asking a query every --search-interval seconds.", valueName: "n"))
    var searchers = SyncLoadBenchmark.Configuration().searchers

    @Option(name: .customLong("search-interval"), help: ArgumentHelp("Seconds between one searcher's queries.", valueName: "s"))
    var searchInterval = SyncLoadBenchmark.Configuration().searchInterval

    @Option(help: ArgumentHelp("Seconds of each phase.", valueName: "s"))
    var seconds = SyncLoadBenchmark.Configuration().seconds

    @Option(help: ArgumentHelp("Batches sent during the sync phase.", valueName: "n"))
    var batches = SyncLoadBenchmark.Configuration().batches

    @Option(name: .customLong("batch-size"), help: ArgumentHelp("Notes in each batch (at most the server's batch limit).", valueName: "n"))
    var batchSize = SyncLoadBenchmark.Configuration().batchSize

    @Option(help: ArgumentHelp("Dataset JSON Lines whose lines become the notes.", valueName: "file"))
    var data: String?

    @Option(help: ArgumentHelp("The library file where there is no --database (default: a temporary one).", valueName: "path"))
    var db: String?

    @Option(help: ArgumentHelp("A PostgreSQL database (postgresql://…) whose library 'bench_sync' is made afresh and served by --servers processes.",
                               valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("Server processes on --database; device and writer k keep to server k mod N.", valueName: "n"))
    var servers = SyncLoadBenchmark.Configuration().servers

    @Flag(help: "Keep a library that already holds --notes notes (from an earlier run) instead of building it again.")
    var reuse = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        guard notes > 0, devices >= 0, writers >= 0, searchers >= 0, seconds > 0, batches >= 0, batchSize > 0, servers > 0,
              writeInterval > 0, searchInterval > 0
        else { throw ValidationError("counts, intervals and seconds must be positive") }
    }

    func run() async throws {
        var config = SyncLoadBenchmark.Configuration()
        config.notes = notes
        config.devices = devices
        config.writers = writers
        config.writeInterval = writeInterval
        config.searchers = searchers
        config.searchInterval = searchInterval
        config.seconds = seconds
        config.batches = batches
        config.batchSize = batchSize
        config.dataPath = data ?? config.dataPath
        config.databasePath = db ?? config.databasePath
        config.reusesLibrary = reuse
        if let database {
            config.postgres = (database, "bench_sync")
            config.servers = servers
            let executable = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
            config.serverCommand = [executable, "serve", "--model", model.model.rawValue, "--variants", variants.argument]
        } else {
            config.servers = 1
        }
        let report = try await SyncLoadBenchmark(configuration: config, recognizer: try model.load(reading: variants)).run { Terminal.printError($0) }
        if json { try Terminal.printJSON(report, pretty: true); return }
        print(Self.text(report))
    }

    static func text(_ report: SyncLoadBenchmark.Report) -> String {
        func ms(_ l: FeedObservations.Latencies) -> String {
            String(format: "p50 %7.1f ms   p99 %7.1f ms   max %7.1f ms   (%d)", l.p50, l.p99, l.max, l.count)
        }
        func phase(_ name: String, _ p: SyncLoadBenchmark.PhaseFigures) -> String {
            "  \(name): search \(ms(p.search)), errors \(p.searchErrors)\n"
                + "  \(String(repeating: " ", count: name.count))  write  \(ms(p.write)), errors \(p.writeErrors)"
        }
        let w = report.wakeUp
        let batches = report.batches.enumerated().map { k, b in
            String(format: "  batch %d: %d of %d notes stored, answered in %.0f ms; all indexed %@ after the answer%@", k + 1, b.stored, b.notes,
                   b.milliseconds, b.indexedSeconds.map { String(format: "%.1f s", $0) } ?? "not within the run",
                   b.failures.isEmpty ? "" : "; failures: \(b.failures.prefix(3))")
        }
        return """
            library: \(report.notes) notes (\(report.corpus); stand-in readings), built in \(String(format: "%.1f", report.buildSeconds)) s; \(report.servers) server(s)
            recognizer alone, every core: \(String(format: "%.1f", report.recognitionLinesPerSecond)) lines/s
            whole feed from 0: \(report.catchUpChanges) changes in \(String(format: "%.2f s (%.0f changes/s)", report.catchUpSeconds, Double(report.catchUpChanges) / max(report.catchUpSeconds, 1e-9)))
            \(phase("quiet", report.quiet))
            \(phase("sync ", report.sync))
            wake-up, write's 2xx to a device's answer (\(report.devices) devices):
              every pair    \(ms(w.allDevices))
              same server   \(ms(w.sameServer))
              other server  \(ms(w.otherServer))
              every device  \(ms(w.everyDevice))
              lost \(w.lost), received twice \(w.duplicated), cursor went back \(report.cursorWentBack), device errors \(report.deviceErrors)
            feed: \(String(format: "%.1f", report.feedChangesPerSecond)) changes/s written, \(String(format: "%.0f", report.deliveriesPerSecond)) deliveries/s to devices, \(report.longPollAnswers) long-poll answers
            \(batches.joined(separator: "\n"))
            \(report.errorSamples.isEmpty ? "" : "errors, e.g.: " + report.errorSamples.joined(separator: " | ") + "\n")\
            library check: \(report.checkProblems.isEmpty ? "clean" : "\(report.checkProblems.count) problems: \(report.checkProblems.prefix(3))"), \(report.notesAfter) notes, \(report.writesMissing) writes answered 2xx missing
            """
    }
}
