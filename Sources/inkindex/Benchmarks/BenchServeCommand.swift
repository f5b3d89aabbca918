import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex bench-serve`: the HTTP server under load (see `ServerLoadBenchmark`).
struct BenchServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-serve",
        abstract: "Load-test the HTTP server: concurrent searches, note writes and recognitions on loopback.",
        discussion: """
            Builds a library of N notes, each one line of ink from --data (dataset JSON Lines; \
            default ../shared/data/iam-ondb/trainset.jsonl.gz, synthetic ink where absent) indexed \
            with stand-in readings (each word reads as itself and a look-alike misreading; no \
            recognition, as 'library-bench' does). Starts the server on loopback with the shipped \
            recognizer and runs the clients for the given time, each on a keep-alive connection: \
            searches, note writes (new one-line notes, or a line added to a note the client wrote) \
            and recognitions of a one-line page (the rest). Reports requests per second, p50, p99 \
            and max per kind, errors, then the median of POST /api/recognize on a 10-line page, and \
            the library check. Build with -c release; run with nice on a shared machine.
            """)

    @OptionGroup var model: ModelOption

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    @Option(help: ArgumentHelp("Notes in the library.", valueName: "n"))
    var notes = ServerLoadBenchmark.Configuration().notes

    @Option(help: ArgumentHelp("Concurrent clients.", valueName: "n"))
    var clients = ServerLoadBenchmark.Configuration().clients

    @Option(help: ArgumentHelp("Seconds of load.", valueName: "s"))
    var seconds = ServerLoadBenchmark.Configuration().seconds

    @Option(help: ArgumentHelp("Dataset JSON Lines whose lines become the notes.", valueName: "file"))
    var data: String?

    @Option(help: ArgumentHelp("The library file (default: a temporary one).", valueName: "path"))
    var db: String?

    @Option(help: ArgumentHelp("""
        A PostgreSQL database (postgresql://…) to hold the library instead (its library 'bench' is made afresh), served by --servers processes of this inkindex.
        """, valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("Server processes on --database, each client keeping to one in turn.", valueName: "n"))
    var servers = 1

    @Option(help: ArgumentHelp("Reader connections of each server (serve --readers; default: the number of cores).", valueName: "n"))
    var readers: Int?

    @Flag(help: "Keep a library that already holds --notes notes (from an earlier run) instead of building it again.")
    var reuse = false

    @Option(name: .customLong("search-share"), help: ArgumentHelp("Fraction of requests that search.", valueName: "f"))
    var searchShare = ServerLoadBenchmark.Configuration().searchShare

    @Option(name: .customLong("write-share"), help: ArgumentHelp("Fraction of requests that write a note.", valueName: "f"))
    var writeShare = ServerLoadBenchmark.Configuration().writeShare

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        guard notes > 0, clients > 0, seconds > 0, servers > 0, (readers ?? 0) >= 0 else { throw ValidationError("counts and seconds must be positive") }
        if servers > 1, database == nil { throw ValidationError("--servers needs --database (one process owns a SQLite file)") }
        guard searchShare >= 0, writeShare >= 0, searchShare + writeShare <= 1 else {
            throw ValidationError("--search-share and --write-share are fractions adding up to at most 1")
        }
    }

    func run() async throws {
        var config = ServerLoadBenchmark.Configuration()
        config.notes = notes
        config.clients = clients
        config.seconds = seconds
        config.dataPath = data ?? config.dataPath
        config.databasePath = db ?? config.databasePath
        config.searchShare = searchShare
        config.writeShare = writeShare
        config.reusesLibrary = reuse
        config.readers = readers
        if let database {
            config.postgres = (database, "bench")
            config.servers = servers
            let executable = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
            config.serverCommand = [executable, "serve", "--model", model.model.rawValue, "--variants", variants.argument] + (readers.map { ["--readers", String($0)] } ?? [])
        }
        let report = try await ServerLoadBenchmark(configuration: config, recognizer: try model.load(reading: variants)).run { Terminal.printError($0) }
        if json { try Terminal.printJSON(report, pretty: true); return }
        func row(_ kind: String) -> String {
            let k = report.kinds[kind] ?? ServerLoadBenchmark.KindFigures()
            return "  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                + String(format: "%7d requests %8.1f/s   p50 %7.2f ms   p99 %7.2f ms   max %7.1f ms   errors %d",
                         k.requests, k.perSecond, k.p50, k.p99, k.max, k.errors)
        }
        print("""
            library: \(report.notes) notes (\(report.corpus); stand-in readings), built in \(String(format: "%.1f", report.buildSeconds)) s
            load: \(report.clients) clients for \(String(format: "%.1f", report.seconds)) s, \(String(format: "%.1f", report.requestsPerSecond)) requests/s
            \(["search", "write", "recognize", "all"].map(row).joined(separator: "\n"))
            \(report.errorSamples.isEmpty ? "" : "  errors, e.g.: " + report.errorSamples.joined(separator: " | ") + "\n")\
            recognize a \(report.pageLines)-line page: median \(String(format: "%.1f", report.pageRecognizeMedian)) ms to the JSON answer (server-side \(String(format: "%.1f", report.pageRecognizeElapsedMedian)) ms), \(String(format: "%.1f", report.pageRecognizeCPUMilliseconds)) ms of CPU per page
            machine load average at the end of the load: \(report.loadAverage.map { String(format: "%.1f", $0) } ?? "-") (\(ProcessInfo.processInfo.activeProcessorCount) cores)
            library check: \(report.checkProblems.isEmpty ? "clean" : "\(report.checkProblems.count) problems: \(report.checkProblems.prefix(3))"), \(report.notesAfter) notes, \(report.notesWritten) written during the load, \(report.notesMissing) missing
            """)
    }
}
