import Foundation
import InkIndex
import InkTools

struct BenchSpatialCommand: Command {
    static let name = "bench-spatial"
    static let abstract = "Measure spatial search: emphasized, in-margin and linked search, struck words."
    static let help = """
        USAGE: inkindex bench-spatial [--data DIR] [--set NAME]... [--seed N] [--limit N] [--json]
               inkindex bench-spatial --picture OUT.svg

        Builds marked pages from a dataset's forms as bench-layout does (underlines, circles or
        ellipses, boxes, an arrow, a bracket or brace, a line moved to a margin column) and strikes
        one word a page through, keeping the truth; recognizes them with the shipped model and
        searches them in memory. For a sample of words a page, reports recall and precision of
        emphasized search (among the hits the plain search finds), in-margin search, linked search
        (the other end of an arrow, a margin note or the line it sits beside), and how struck
        words rank against their unstruck twins. Build with -c release.

        OPTIONS:
          --data DIR      the shared data folder (default ../shared/data)
          --set NAME      iam-ondb file stem, repeatable (default testset_v and testset_t)
          --seed N        seed of the mark generator and the word sample (default 1)
          --limit N       use at most N lines of each set
          --json          one JSON object per set
          --failures N    print the layout's first N failures on struck words
          --picture OUT   only write the README's picture (a synthetic page read from its
                          transcript, hits with their marks and links) to OUT (.svg or .png;
                          .json or .inkml: the page's drawing alone)
        """

    struct Output: Encodable {
        var set: String
        var report: SpatialBenchmark.Report
    }

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["json"], options: ["data", "set", "seed", "limit", "failures", "picture"])
        if let picture = args.option("picture") {
            let drawn = await SpatialPicture.sermonExample()
            if picture.lowercased().hasSuffix(".json") || picture.lowercased().hasSuffix(".inkml") {
                try DrawingFile.write(drawn.drawing, to: URL(fileURLWithPath: picture))
            } else if picture.lowercased().hasSuffix(".png") {
                try drawn.png().write(to: URL(fileURLWithPath: picture))
            } else {
                try drawn.svg().write(toFile: picture, atomically: true, encoding: .utf8)
            }
            return
        }
        let data = args.option("data") ?? "../shared/data"
        let sets = args.options("set").isEmpty ? ["testset_v", "testset_t"] : args.options("set")
        let benchmark = SpatialBenchmark(seed: UInt64(try args.intOption("seed") ?? 1))
        let recognizer: any LineRecognizing
        do { recognizer = try ShippedRecognizer.load() } catch { throw CLIError.failure("\(error)") }
        for set in sets {
            let path = "\(data)/iam-ondb/\(set).jsonl.gz"
            let samples: [LabeledSample]
            do { samples = try DatasetReader(path: path).readAll(limit: try args.intOption("limit")) } catch {
                throw CLIError.badInput("cannot read \(path): \(error)")
            }
            let pages = benchmark.pages(from: samples)
            let bar = ProgressBar(label: "recognizing \(set)", total: pages.count)
            let report = await benchmark.run(pages: pages, recognizer: recognizer) { _ in bar.advance() }
            bar.finish()
            if args.flag("json") { try Terminal.printJSON(Output(set: set, report: report)); continue }
            print("""
                \(set): \(report.pages) pages, \(report.lines) lines, seed \(report.seed)
                  emphasized search: \(report.emphasized)
                  in-margin search:  \(report.inMargin)
                  linked search:     \(report.linked); \(report.linkedSourcesNotFound) sources not found by the plain search
                  struck words:      \(report.struck); the layout found \(report.strikesFound) of \(report.strikesDrawn) strike-throughs
                """)
            for failure in report.strikeFailures.prefix(try args.intOption("failures") ?? 0) { print("    - \(failure)") }
        }
    }
}
