import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex bench-spatial`: emphasized, in-margin and linked search, and struck words, on
/// marked pages built from a dataset's forms (see `SpatialBenchmark`).
struct BenchSpatialCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-spatial",
        abstract: "Measure spatial search: emphasized, in-margin and linked search, struck words.",
        usage: """
            inkindex bench-spatial [--data <dir>] [--set <name>] ... [--seed <n>] [--limit <n>] [--json]
            inkindex bench-spatial --picture <out.svg>
            """,
        discussion: """
            Builds marked pages from a dataset's forms as bench-layout does (underlines, circles or \
            ellipses, boxes, an arrow, a bracket or brace, a line moved to a margin column) and \
            strikes one word a page through, keeping the truth; recognizes them with the shipped \
            model and searches them in memory. For a sample of words a page, reports recall and \
            precision of emphasized search (among the hits the plain search finds), in-margin \
            search, linked search (the other end of an arrow, a margin note or the line it sits \
            beside), and how struck words rank against their unstruck twins. Build with -c release.
            """)

    struct Output: Encodable {
        var set: String
        var report: SpatialBenchmark.Report
    }

    @OptionGroup var data: DataOption
    @OptionGroup var model: ModelOption

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    @Option(name: .customLong("set"), help: ArgumentHelp("An iam-ondb file stem, repeatable (default testset_v and testset_t).", valueName: "name"))
    var sets: [String] = []

    @Option(help: ArgumentHelp("Seed of the mark generator and the word sample.", valueName: "n"))
    var seed = 1

    @Option(help: ArgumentHelp("Use at most N lines of each set.", valueName: "n"))
    var limit: Int?

    @Flag(help: "One JSON object per set.")
    var json = false

    @Option(help: ArgumentHelp("Print the layout's first N failures on struck words.", valueName: "n"))
    var failures = 0

    @Option(help: ArgumentHelp("""
        Only write the README's picture (a synthetic page read from its transcript, hits with \
        their marks and links) to OUT (.svg or .png; .json or .inkml: the page's drawing alone).
        """, valueName: "out"))
    var picture: String?

    func validate() throws {
        guard seed >= 0 else { throw ValidationError("--seed must not be negative") }
        if let limit, limit < 1 { throw ValidationError("--limit must be positive") }
        guard failures >= 0 else { throw ValidationError("--failures must not be negative") }
    }

    func run() async throws {
        if let picture {
            let drawn = await SpatialPicture.sermonExample()
            let lower = picture.lowercased()
            if lower.hasSuffix(".json") || lower.hasSuffix(".inkml") {
                try DrawingFile.write(drawn.drawing, to: URL(fileURLWithPath: picture))
            } else if lower.hasSuffix(".png") {
                try drawn.png().write(to: URL(fileURLWithPath: picture))
            } else {
                try drawn.svg().write(toFile: picture, atomically: true, encoding: .utf8)
            }
            return
        }
        let benchmark = SpatialBenchmark(seed: UInt64(seed))
        let recognizer = try model.load(reading: variants)
        for set in sets.isEmpty ? ["testset_v", "testset_t"] : sets {
            let path = "\(data.path)/iam-ondb/\(set).jsonl.gz"
            let samples: [LabeledSample]
            do { samples = try DatasetReader(path: path).readAll(limit: limit) } catch {
                throw CLIError.badInput("cannot read \(path): \(error)")
            }
            let pages = benchmark.pages(from: samples)
            let bar = ProgressBar(label: "recognizing \(set)", total: pages.count, quiet: json)
            let report = await benchmark.run(pages: pages, recognizer: recognizer) { _ in bar.advance() }
            bar.finish()
            if json { try Terminal.printJSON(Output(set: set, report: report)); continue }
            print("""
                \(set): \(report.pages) pages, \(report.lines) lines, seed \(report.seed)
                  emphasized search: \(report.emphasized)
                  in-margin search:  \(report.inMargin)
                  linked search:     \(report.linked); \(report.linkedSourcesNotFound) sources not found by the plain search
                  struck words:      \(report.struck); the layout found \(report.strikesFound) of \(report.strikesDrawn) strike-throughs
                """)
            for failure in report.strikeFailures.prefix(failures) { print("    - \(failure)") }
        }
    }
}
