import ArgumentParser
import Foundation
import InkIndex
import InkTools
import InkLayout

struct LayoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Show a page's lines, words, clusters, marks and relations.",
        discussion: """
            Lays out a drawing: writing versus marks, lines, words, clusters (body, margin notes, \
            headings), mark kinds and what they relate to. Prints a summary, or with --json every \
            element with the stroke IDs it holds.
            """)

    @Argument(help: ArgumentHelp("A drawing file, or a dataset file (.jsonl / .jsonl.gz).", valueName: "file"))
    var path: String

    @Flag(help: "Print the layout as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Draw the ink with clusters, lines, words, marks and relations to OUT.", valueName: "out"))
    var svg: String?

    @Option(help: ArgumentHelp("The same drawing as a PNG image.", valueName: "out"))
    var png: String?

    @Option(help: ArgumentHelp("""
        For a dataset file: stack the lines of this form into a page (IAM-OnDB ids <form>-01, \
        <form>-02, ...); without it, the first sample.
        """, valueName: "id"))
    var form: String?

    @Option(help: ArgumentHelp("Add generated hand-drawn marks and a margin note (as the benchmark does).", valueName: "seed"))
    var marks: Int?

    func validate() throws {
        if let marks, marks < 0 { throw ValidationError("--marks needs a seed ≥ 0") }
    }

    func run() async throws {
        var drawing = try Self.readDrawing(path, form: form)
        if let seed = marks {
            let page = StackedPage(form: "page", drawing: drawing, lines: [], texts: [])
            drawing = MarkedPage.generate(from: try Self.pageWithTruth(page, path: path, form: form), seed: UInt64(seed)).page.drawing
        }
        let layout = PageSegmenter().layout(of: drawing)
        let picture = LayoutOverlays(drawing: drawing, layout: layout)
        if let out = svg {
            do { try picture.svg().write(toFile: out, atomically: true, encoding: .utf8) } catch {
                throw CLIError.failure("cannot write \(out): \(error)")
            }
        }
        if let out = png {
            do { try picture.png().write(to: URL(fileURLWithPath: out)) } catch { throw CLIError.failure("cannot write \(out): \(error)") }
        }
        if json {
            try Terminal.printJSON(LayoutJSON(layout), pretty: true)
        } else {
            print(Self.summary(layout))
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
