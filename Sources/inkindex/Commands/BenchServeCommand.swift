import Foundation
import InkIndex
import InkTools

/// `inkindex bench-serve`: the HTTP server under load (see `ServerLoadBenchmark`).
struct BenchServeCommand: Command {
    static let name = "bench-serve"
    static let abstract = "Load-test the HTTP server: concurrent searches, note writes and recognitions on loopback."
    static let help = """
        USAGE: inkindex bench-serve [--notes N] [--clients N] [--seconds S] [--data FILE] [--db PATH]
                                    [--search-share F] [--write-share F] [--json]

        Builds a library of N notes (default 10000), each one line of ink from --data (dataset JSON
        Lines; default ../shared/data/iam-ondb/trainset.jsonl.gz, synthetic ink where absent) indexed
        with stand-in readings (each word reads as itself and a look-alike misreading; no recognition,
        as 'library-bench' does). Starts the server on loopback with the shipped recognizer and runs
        N clients (default 16) for S seconds (default 30), each on a keep-alive connection: searches
        (default 90%), note writes (6%: new one-line notes, or a line added to a note the client wrote)
        and recognitions of a one-line page (the rest). Reports requests per second, p50, p99 and max
        per kind, errors, then the median of POST /api/recognize on a 10-line page, and the library
        check. Build with -c release; run with nice on a shared machine.
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["json"],
                                       options: ["notes", "clients", "seconds", "data", "db", "search-share", "write-share"])
        var config = ServerLoadBenchmark.Configuration()
        config.notes = try args.intOption("notes") ?? config.notes
        config.clients = try args.intOption("clients") ?? config.clients
        config.seconds = try double(args, "seconds") ?? config.seconds
        config.dataPath = args.option("data") ?? config.dataPath
        config.databasePath = args.option("db") ?? config.databasePath
        config.searchShare = try double(args, "search-share") ?? config.searchShare
        config.writeShare = try double(args, "write-share") ?? config.writeShare
        guard config.notes > 0, config.clients > 0, config.seconds > 0 else { throw CLIError.usage("counts and seconds must be positive") }
        guard config.searchShare >= 0, config.writeShare >= 0, config.searchShare + config.writeShare <= 1 else {
            throw CLIError.usage("--search-share and --write-share are fractions adding up to at most 1")
        }
        let report = try await ServerLoadBenchmark(configuration: config, recognizer: try ShippedRecognizer.load()).run { Terminal.printError($0) }
        if args.flag("json") { try Terminal.printJSON(report, pretty: true); return }
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

    private static func double(_ args: ParsedArguments, _ name: String) throws -> Double? {
        guard let raw = args.option(name) else { return nil }
        guard let value = Double(raw), value.isFinite else { throw CLIError.usage("--\(name) needs a number, not '\(raw)'") }
        return value
    }
}
