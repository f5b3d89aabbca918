import Foundation
import InkIndex
import InkTools
import InkLayout

struct BenchLayoutCommand: Command {
    static let name = "bench-layout"
    static let abstract = "Measure page layout: line segmentation, marks and relations, speed."
    static let help = """
        USAGE: inkindex bench-layout [--data DIR] [--set NAME]... [--seed N] [--failures N] [--limit N]

        Rebuilds IAM-OnDB pages by stacking the lines of each form (they share whiteboard
        coordinates) and reports:
          (a) lines recovered exactly (a layout line with exactly the true line's strokes);
          (b) the same pages with hand-drawn marks added (underlines, circles or ellipses, boxes,
              arrows, brackets or braces, and a line moved to a margin column): marks classified
              right, relations right, margin notes kept apart;
          (c) the median time to lay out a 20-line page (build with -c release to measure).

        OPTIONS:
          --data DIR      the shared data folder (default ../shared/data)
          --set NAME      iam-ondb file stem, repeatable (default testset_v and testset_t)
          --seed N        seed of the mark generator (default 1)
          --failures N    print the first N failures of each set (default 0)
          --limit N       use at most N lines of each set
          --only FORM --svg OUT   draw the layout of that form's marked page to OUT (and
                          the page itself to OUT.json)
          --explain FORM  print, stroke by stroke, what that form's clean and marked pages got
                          wrong (repeatable)
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, options: ["data", "set", "seed", "failures", "limit", "only", "svg", "explain"])
        let data = args.option("data") ?? "../shared/data"
        let sets = args.options("set").isEmpty ? ["testset_v", "testset_t"] : args.options("set")
        let seed = UInt64(try args.intOption("seed") ?? 1)
        let showFailures = try args.intOption("failures") ?? 0
        let segmenter = PageSegmenter()
        var allPages: [StackedPage] = []
        for set in sets {
            let path = "\(data)/iam-ondb/\(set).jsonl.gz"
            let samples: [LabeledSample]
            do { samples = try DatasetReader(path: path).readAll(limit: try args.intOption("limit")) } catch {
                throw CLIError.badInput("cannot read \(path): \(error)")
            }
            let pages = StackedPage.pages(from: samples)
            allPages += pages
            var clean = LayoutBenchmark.Score(), marked = LayoutBenchmark.Score()
            for (k, page) in pages.enumerated() {
                clean.add(lines: page, layout: segmenter.layout(of: page.drawing))
                let withMarks = MarkedPage.generate(from: page, seed: seed &+ UInt64(k))
                let layout = segmenter.layout(of: withMarks.page.drawing)
                marked.add(marked: withMarks, layout: layout)
                if args.options("explain").contains(page.form) {
                    print("\(page.form) clean:"); LayoutDiagnosis.explain(page, layout: segmenter.layout(of: page.drawing)).forEach { print("  \($0)") }
                    print("\(page.form) marked:"); LayoutDiagnosis.explain(withMarks.page, marks: withMarks.marks, layout: layout).forEach { print("  \($0)") }
                }
                if page.form == args.option("only"), let out = args.option("svg") {
                    try LayoutOverlays(drawing: withMarks.page.drawing, layout: layout).svg().write(toFile: out, atomically: true, encoding: .utf8)
                    try DrawingFile.write(withMarks.page.drawing, to: URL(fileURLWithPath: out + ".json"))
                }
            }
            print("\(set): \(pages.count) pages")
            print("  (a) clean pages: \(clean)")
            print("  (b) marked pages: \(marked.description.replacingOccurrences(of: "\n", with: "\n  "))")
            for failure in (clean.failures.prefix(showFailures) + marked.failures.prefix(showFailures)) { print("    - \(failure)") }
        }
        let tall = StackedPage.tall(from: allPages, lineCount: 20)
        guard !tall.isEmpty else { return }
        var times: [Double] = []
        let clock = ContinuousClock()
        for page in tall {
            var best = Double.infinity
            for _ in 0..<3 {
                let elapsed = clock.measure { _ = segmenter.layout(of: page.drawing) }
                best = min(best, Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            }
            times.append(best)
        }
        times.sort()
        let strokes = tall.map { $0.drawing.strokes.count }.sorted()[tall.count / 2]
        print(String(format: "(c) speed: %d pages of 20 lines (median %d strokes): median %.2f ms, 90th percentile %.2f ms (one core)",
                     tall.count, strokes, times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)]))
    }
}
