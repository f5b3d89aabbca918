import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex library-bench`: search speed, indexing throughput, size and concurrency figures.
struct LibraryBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library-bench",
        abstract: "Benchmark the note library: search latency, add-and-index throughput, size, readers during reindex.",
        discussion: """
            Builds a library of N lines with synthetic recognition output: lines are transcriptions \
            from --corpus (dataset JSON Lines; default ../shared/data/iam-ondb/trainset.jsonl.gz where \
            present, else built-in sentences), 2% with a scripture reference added; each word reads \
            as itself (p 0.55-0.95) and as up to two fixed look-alike misreadings. --ink stores the \
            corpus's real ink for each line (else one two-point stroke per word). Then: search \
            latency (median, p95, max by query kind), add-and-index throughput (lines per second and \
            per CPU second), database bytes per line, and readers searching while every note (or the \
            first --reindex-notes) is reindexed (errors and partial notes seen). Queries: words, word \
            beginnings, words with a typo, two-word phrases and references; then each query again \
            with a filter ("filtered": emphasized, in margin, in body in turn; about one word in \
            twelve is underlined and each note's last line is a margin note). Build with -c release.
            --recognitions FILE: lines are drawn from a recognitions cache (`bench-search --quality \
            --recognitions FILE`) instead: the model's real readings, with their network evidence, so \
            that size and speed include the evidence (--without-evidence: the same lines, their \
            evidence dropped, for comparison).
            """)

    @Option(help: ArgumentHelp("Lines in the library.", valueName: "n"))
    var lines = LibraryBenchmark.Configuration().lines

    @Option(name: .customLong("lines-per-note"), help: ArgumentHelp("Lines per note.", valueName: "n"))
    var linesPerNote = LibraryBenchmark.Configuration().linesPerNote

    @Option(help: ArgumentHelp("Queries timed.", valueName: "n"))
    var queries = LibraryBenchmark.Configuration().queries

    @Option(help: ArgumentHelp("Readers searching during the reindex.", valueName: "n"))
    var readers = LibraryBenchmark.Configuration().readers

    @Option(name: .customLong("reindex-notes"), help: ArgumentHelp("Reindex only the first N notes.", valueName: "n"))
    var reindexNotes: Int?

    @Option(help: ArgumentHelp("Dataset whose transcriptions are the lines.", valueName: "file"))
    var corpus = "../shared/data/iam-ondb/trainset.jsonl.gz"

    @Flag(help: "Store the corpus's real ink for each line.")
    var ink = false

    @Option(help: ArgumentHelp("Draw the lines from a recognitions cache instead.", valueName: "file"))
    var recognitions: String?

    @Flag(help: "With --recognitions: drop the evidence.")
    var withoutEvidence = false

    @Option(help: ArgumentHelp("Where to build the library (default a temporary file).", valueName: "path"))
    var db: String?

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        try requirePositive(["lines": lines, "lines-per-note": linesPerNote, "queries": queries])
        guard readers >= 0 else { throw ValidationError("--readers must not be negative") }
    }

    func run() async throws {
        var config = LibraryBenchmark.Configuration()
        config.lines = lines
        config.linesPerNote = linesPerNote
        config.queries = queries
        config.readers = readers
        config.reindexNotes = reindexNotes
        let corpusPath = corpus
        if let cache = recognitions {
            let tokenizer = WordTokenizer()
            config.keepsEvidence = !withoutEvidence
            config.recognized = try SearchQualityBenchmark.lines(fromCache: cache).map { ($0.text, $0.tokens(tokenizer)) }
            guard !config.recognized.isEmpty else { throw CLIError.badInput("no lines in \(cache)") }
            Terminal.printError("recognized lines: \(config.recognized.count) from \(cache)")
        } else if FileManager.default.isReadableFile(atPath: corpusPath) {
            var iterator = try DatasetReader(path: corpusPath).makeIterator()
            while let sample = try iterator.nextSample() {
                config.corpus.append(sample.text)
                if ink { config.ink.append(sample.drawing) }
            }
            Terminal.printError("corpus: \(config.corpus.count) transcriptions from \(corpusPath)")
        } else {
            Terminal.printError("corpus: built-in sentences (\(corpusPath) not found)")
        }
        let path = db ?? FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-bench.sqlite").path
        let progress = PhasedProgress(quiet: json)
        let report = try await LibraryBenchmark(configuration: config).run(path: path, log: { progress.log($0) }) {
            progress.update(phase: $0, done: $1, total: $2)
        }
        progress.finish()
        if json { try Terminal.printJSON(report, pretty: true); return }
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
