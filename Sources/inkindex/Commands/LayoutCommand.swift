import Foundation
import InkIndex
import InkTools
import InkLayout

struct LayoutCommand: Command {
    static let name = "layout"
    static let abstract = "Show a page's lines, words, clusters, marks and relations."
    static let help = """
        USAGE: inkindex layout FILE [--json] [--svg OUT] [--png OUT] [--form ID] [--marks SEED]

        Lays out a drawing: writing versus marks, lines, words, clusters (body, margin notes,
        headings), mark kinds and what they relate to. Prints a summary, or with --json every
        element with the stroke IDs it holds.

        ARGUMENTS:
          FILE            a drawing file, or a dataset file (.jsonl / .jsonl.gz)

        OPTIONS:
          --json          print the layout as JSON
          --svg OUT       draw the ink with clusters, lines, words, marks and relations to OUT
          --png OUT       the same drawing as a PNG image
          --form ID       for a dataset file: stack the lines of this form into a page (IAM-OnDB
                          ids <form>-01, <form>-02, ...); without it, the first sample
          --marks SEED    add generated hand-drawn marks and a margin note (as the benchmark does)
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["json"], options: ["svg", "png", "form", "marks"])
        let path = try args.positional(0, "input file")
        var drawing = try readDrawing(path, form: args.option("form"))
        if let seed = try args.intOption("marks") {
            let page = StackedPage(form: "page", drawing: drawing, lines: [], texts: [])
            drawing = MarkedPage.generate(from: try pageWithTruth(page, path: path, form: args.option("form")), seed: UInt64(seed)).page.drawing
        }
        let layout = PageSegmenter().layout(of: drawing)
        let picture = LayoutOverlays(drawing: drawing, layout: layout)
        if let out = args.option("svg") {
            do { try picture.svg().write(toFile: out, atomically: true, encoding: .utf8) } catch {
                throw CLIError.failure("cannot write \(out): \(error)")
            }
        }
        if let out = args.option("png") {
            do { try picture.png().write(to: URL(fileURLWithPath: out)) } catch { throw CLIError.failure("cannot write \(out): \(error)") }
        }
        if args.flag("json") {
            try Terminal.printJSON(LayoutJSON(layout), pretty: true)
        } else {
            print(summary(layout))
        }
    }

    /// The page as the benchmark builds it, with its true lines, when it came from a dataset form.
    private static func pageWithTruth(_ page: StackedPage, path: String, form: String?) throws -> StackedPage {
        guard isDataset(path) else { return page }
        let samples = try datasetSamples(path, form: form)
        return StackedPage.pages(from: samples).first ?? page
    }

    private static func isDataset(_ path: String) -> Bool { path.hasSuffix(".jsonl") || path.hasSuffix(".jsonl.gz") }

    private static func datasetSamples(_ path: String, form: String?) throws -> [LabeledSample] {
        do {
            var samples: [LabeledSample] = []
            var iterator = try DatasetReader(path: path).makeIterator()
            while let sample = try iterator.nextSample() {
                if let form {
                    if sample.id.hasPrefix(form + "-") { samples.append(sample) } else if !samples.isEmpty { break }
                } else {
                    return [sample]
                }
            }
            guard !samples.isEmpty else { throw CLIError.badInput("\(path): no sample of form \(form ?? "")") }
            return samples
        } catch let error as CLIError { throw error } catch { throw CLIError.badInput("\(error)") }
    }

    private static func readDrawing(_ path: String, form: String?) throws -> Drawing {
        if isDataset(path) {
            let samples = try datasetSamples(path, form: form)
            if samples.count == 1 { return samples[0].drawing }
            return StackedPage.pages(from: samples).first?.drawing ?? Drawing()
        }
        do { return try DrawingFile.read(from: URL(fileURLWithPath: path)) } catch {
            throw CLIError.badInput("cannot read \(path): \(error)")
        }
    }

    private static func summary(_ layout: PageLayout) -> String {
        var lines: [String] = []
        for cluster in layout.clusters {
            lines.append("cluster \(cluster.id) (\(cluster.kind.rawValue)): lines \(cluster.lineIDs.map(String.init).joined(separator: ", "))")
        }
        for line in layout.lines {
            lines.append("  line \(line.id): \(line.strokeIDs.count) strokes, \(line.words.count) words")
        }
        for mark in layout.marks { lines.append("mark \(mark.id): \(mark.kind.rawValue), \(mark.strokeIDs.count) strokes") }
        for relation in layout.relations {
            lines.append("relation: \(relation.kind.rawValue) \(LayoutJSON.name(relation.from)) -> \(relation.to.map(LayoutJSON.name).joined(separator: ", "))")
        }
        if !layout.drawingStrokeIDs.isEmpty { lines.append("drawing: \(layout.drawingStrokeIDs.count) strokes") }
        return lines.joined(separator: "\n")
    }
}
