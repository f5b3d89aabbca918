import Foundation
import InkIndex

/// `inkindex library-bench`: search speed, indexing throughput, size and concurrency figures.
struct LibraryBenchCommand: Command {
    static let name = "library-bench"
    static let abstract = "Benchmark the note library: search latency, add-and-index throughput, size, readers during reindex."
    static let help = """
        USAGE: inkindex library-bench [--lines N] [--lines-per-note N] [--queries N] [--readers N]
                                      [--reindex-notes N] [--corpus FILE] [--ink] [--recognitions FILE [--without-evidence]]
                                      [--db PATH] [--json]

        Builds a library of N lines (default 100000) with synthetic recognition output: lines are
        transcriptions from --corpus (dataset JSON Lines; default ../shared/data/iam-ondb/trainset.jsonl.gz
        where present, else built-in sentences), 2% with a scripture reference added; each word reads
        as itself (p 0.55-0.95) and as up to two fixed look-alike misreadings. --ink stores the
        corpus's real ink for each line (else one two-point stroke per word). Then: search latency
        (median, p95, max by query kind), add-and-index throughput (lines per second and per CPU
        second), database bytes per line, and readers searching while every note (or the first
        --reindex-notes) is reindexed (errors and partial notes seen). Queries: words, word
        beginnings, words with a typo, two-word phrases and references; then each query again with
        a filter ("filtered": emphasized, in margin, in body in turn; about one word in twelve is
        underlined and each note's last line is a margin note). Build with -c release.
        --recognitions FILE: lines are drawn from a recognitions cache (`bench-search --quality
        --recognitions FILE`) instead: the model's real readings, with their network evidence,
        so that size and speed include the evidence (--without-evidence: the same lines, their
        evidence dropped, for comparison).
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["ink", "json", "without-evidence"],
                                       options: ["lines", "lines-per-note", "queries", "readers", "reindex-notes", "corpus", "db", "recognitions"])
        var config = LibraryBenchmark.Configuration()
        config.lines = try args.intOption("lines") ?? config.lines
        config.linesPerNote = try args.intOption("lines-per-note") ?? config.linesPerNote
        config.queries = try args.intOption("queries") ?? config.queries
        config.readers = try args.intOption("readers") ?? config.readers
        config.reindexNotes = try args.intOption("reindex-notes")
        guard config.lines > 0, config.linesPerNote > 0, config.queries > 0 else { throw CLIError.usage("counts must be positive") }
        let corpusPath = args.option("corpus") ?? "../shared/data/iam-ondb/trainset.jsonl.gz"
        if let cache = args.option("recognitions") {
            let tokenizer = WordTokenizer()
            config.keepsEvidence = !args.flag("without-evidence")
            config.recognized = try SearchQualityBenchmark.lines(fromCache: cache).map { ($0.text, $0.tokens(tokenizer)) }
            guard !config.recognized.isEmpty else { throw CLIError.badInput("no lines in \(cache)") }
            Terminal.printError("recognized lines: \(config.recognized.count) from \(cache)")
        } else if FileManager.default.isReadableFile(atPath: corpusPath) {
            var iterator = try DatasetReader(path: corpusPath).makeIterator()
            while let sample = try iterator.nextSample() {
                config.corpus.append(sample.text)
                if args.flag("ink") { config.ink.append(sample.drawing) }
            }
            Terminal.printError("corpus: \(config.corpus.count) transcriptions from \(corpusPath)")
        } else {
            Terminal.printError("corpus: built-in sentences (\(corpusPath) not found)")
        }
        let path = args.option("db") ?? FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-bench.sqlite").path
        let report = try await LibraryBenchmark(configuration: config).run(path: path) { Terminal.printError($0) }
        if args.flag("json") { try Terminal.printJSON(report, pretty: true); return }
        func row(_ kind: String) -> String {
            let v = report.latency[kind] ?? [0, 0, 0]
            return "  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                + String(format: "median %6.2f ms   p95 %6.2f ms   max %7.2f ms", v[0], v[1], v[2])
        }
        print("""
            library: \(report.lines) lines in \(report.notes) notes, \(report.words) words, \(report.terms) distinct keys (\(path))
            add and index: \(String(format: "%.1f", report.addAndIndexSeconds)) s, \(Int(report.linesPerSecond)) lines/s, \(Int(report.linesPerCPUSecond)) lines per CPU-second (store only; no recognition)
            size: \(report.fileBytes / report.lines) bytes per line (\(report.drawingBytes / report.lines) of them drawing bytes, \(report.evidenceBytes / report.lines) evidence)
            search (\(config.queries) queries, limit 20, mean \(String(format: "%.1f", report.meanHits)) hits; first query \(String(format: "%.1f", report.firstQueryMilliseconds)) ms, on the library reopened \(String(format: "%.1f", report.reopenedFirstQueryMilliseconds)) ms with the opening):
            \(["all", "word", "prefix", "typo", "phrase", "reference", "filtered"].map(row).joined(separator: "\n"))
              slowest: \(report.slowest.joined(separator: "; "))
            reindex of \(report.reindexedLines) lines with \(config.readers) readers: \(String(format: "%.1f", report.reindexSeconds)) s (\(Int(report.reindexLinesPerSecond)) lines/s); readers ran \(report.readerSearches) searches and \(report.readerSnapshots) note snapshots: \(report.readerErrors) errors, \(report.partialNotes) partial notes
            """)
    }
}
