import ArgumentParser
import Foundation
import InkIndex
import InkTools
import InkLayout

struct BenchLayoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-layout",
        abstract: "Measure page layout: line segmentation, marks and relations, speed.",
        discussion: """
            Rebuilds IAM-OnDB pages by stacking the lines of each form (they share whiteboard \
            coordinates) and reports:
              (a) lines recovered exactly (a layout line with exactly the true line's strokes);
              (b) the same pages with hand-drawn marks added (underlines, circles or ellipses, boxes,
                  arrows, brackets or braces, and a line moved to a margin column): marks classified
                  right, relations right, margin notes kept apart;
              (c) the median time to lay out a 20-line page (build with -c release to measure);
              (d) with --touched: words with a mark drawn through their ink (an underline along
                  their feet, a fraction bar through them, an arrow ending inside them), each read
                  with the page by StrokeRecognizer touched and untouched: CER of both, and how
                  many marks stayed out of the lines; and a word written again in capitals, plain
                  and as hatched outlines, read both ways.
            """)

    @OptionGroup var data: DataOption

    @Option(name: .customLong("set"), help: ArgumentHelp("iam-ondb file stem, repeatable (default testset_v and testset_t).", valueName: "name"))
    var sets: [String] = []

    @Option(help: ArgumentHelp("Seed of the mark generator.", valueName: "n"))
    var seed = 1

    @Option(help: ArgumentHelp("Print the first N failures of each set.", valueName: "n"))
    var failures = 0

    @Option(help: ArgumentHelp("Use at most N lines of each set.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("With --svg: draw the layout of that form's marked page.", valueName: "form"))
    var only: String?

    @Option(help: ArgumentHelp("With --only: where to draw it (and the page itself to OUT.json).", valueName: "out"))
    var svg: String?

    @Option(help: ArgumentHelp("Print, stroke by stroke, what that form's clean and marked pages got wrong (repeatable).", valueName: "form"))
    var explain: [String] = []

    @Flag(help: "Also read words touched by a mark against the same words untouched (d); reads every page several times.")
    var touched = false

    @Option(help: ArgumentHelp("With --touched: the model that reads the pages.", valueName: "model"))
    var model: ShippedModel = .open

    func validate() throws {
        guard seed >= 0 else { throw ValidationError("--seed must not be negative") }
    }

    func run() async throws {
        let data = self.data.path
        let sets = self.sets.isEmpty ? ["testset_v", "testset_t"] : self.sets
        let seed = UInt64(self.seed)
        let showFailures = failures
        let segmenter = PageSegmenter()
        var allPages: [StackedPage] = []
        for set in sets {
            let path = "\(data)/iam-ondb/\(set).jsonl.gz"
            let samples: [LabeledSample]
            do { samples = try DatasetReader(path: path).readAll(limit: limit) } catch {
                throw CLIError.badInput("cannot read \(path): \(error)")
            }
            let pages = StackedPage.pages(from: samples)
            allPages += pages
            var clean = LayoutBenchmark.Score(), marked = LayoutBenchmark.Score()
            let progress = ProgressBar(label: "bench-layout \(set)", total: pages.count)
            for (k, page) in pages.enumerated() {
                clean.add(lines: page, layout: segmenter.layout(of: page.drawing))
                let withMarks = MarkedPage.generate(from: page, seed: seed &+ UInt64(k))
                let layout = segmenter.layout(of: withMarks.page.drawing)
                marked.add(marked: withMarks, layout: layout)
                if explain.contains(page.form) {
                    print("\(page.form) clean:"); LayoutDiagnosis.explain(page, layout: segmenter.layout(of: page.drawing)).forEach { print("  \($0)") }
                    print("\(page.form) marked:"); LayoutDiagnosis.explain(withMarks.page, marks: withMarks.marks, layout: layout).forEach { print("  \($0)") }
                }
                if page.form == only, let out = svg {
                    try LayoutOverlays(drawing: withMarks.page.drawing, layout: layout).svg().write(toFile: out, atomically: true, encoding: .utf8)
                    try DrawingFile.write(withMarks.page.drawing, to: URL(fileURLWithPath: out + ".json"))
                }
                progress.advance()
            }
            progress.finish()
            print("\(set): \(pages.count) pages")
            print("  (a) clean pages: \(clean)")
            print("  (b) marked pages: \(marked.description.replacingOccurrences(of: "\n", with: "\n  "))")
            for failure in (clean.failures.prefix(showFailures) + marked.failures.prefix(showFailures)) { print("    - \(failure)") }
            if touched { await measureTouchedWords(pages, set: set, seed: seed) }
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

    /// (d): each page and its touched pages read by one recognizer, which rereads only the lines
    /// a mark changed.
    private func measureTouchedWords(_ pages: [StackedPage], set: String, seed: UInt64) async {
        var score = TouchedWords.Score()
        var capitals = HatchedCapitals.Score()
        let recognizer = StrokeRecognizer(model: model, preferredLanguages: ["en"])
        let progress = ProgressBar(label: "bench-layout \(set) touched", total: pages.count)
        for (k, page) in pages.enumerated() {
            await score.add(page: page, seed: seed &+ UInt64(k), recognizer: recognizer, explaining: explain.contains(page.form))
            await capitals.add(page: page, seed: seed &+ UInt64(k), recognizer: recognizer)
            progress.advance()
        }
        progress.finish()
        print("  (d) touched words, \(model.identifier) model:\n    " + score.description.replacingOccurrences(of: "\n", with: "\n    ")
              + "\n    " + capitals.description)
        for line in (score.worse.prefix(failures) + score.misplaced.prefix(failures) + capitals.worse.prefix(failures)) { print("    - \(line)") }
        for line in score.explanations { print("    \(line)") }
    }
}
