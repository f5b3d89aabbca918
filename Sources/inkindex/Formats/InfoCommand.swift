import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show strokes, points, bounds and duration of a drawing or dataset file.",
        discussion: """
            For a drawing (.inkml, .json, .ink): its strokes, points, bounds, duration, annotations \
            and any non-finite values. For a notebook (Xournal++ .xopp/.xoj, reMarkable .rm/.rmdoc/ \
            .rmn or a tablet folder's UUID.content, Rnote .rnote, Saber .sbn2/.sbn, a PDF's ink \
            annotations): the same per page, with typed text, and what was not read. For a dataset \
            file (.jsonl, .jsonl.gz): one line per sample, then totals.
            """)

    @Argument(help: "A drawing or dataset file.")
    var file: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: ArgumentHelp("For a dataset file: only the first <n> samples.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    /// What `info` reports about one drawing.
    struct Summary: Encodable {
        var id: String?
        var writer: String?
        var text: String?
        var strokes: Int
        var points: Int
        var bounds: Bounds?
        var duration: Double?
        var invalidValues: Int

        struct Bounds: Encodable {
            var x: Double, y: Double, width: Double, height: Double
        }

        init(_ drawing: Drawing, sample: LabeledSample? = nil) {
            id = sample?.id
            writer = sample?.writer
            text = sample?.text
            strokes = drawing.strokes.count
            points = drawing.pointCount
            let b = drawing.bounds
            bounds = b.isNull ? nil : Bounds(x: b.origin.x, y: b.origin.y, width: b.width, height: b.height)
            duration = drawing.duration
            invalidValues = drawing.validate(limit: .max).count
        }

        var line: String {
            let box = bounds.map { "bounds (\(Self.short($0.x)), \(Self.short($0.y))) \(Self.short($0.width)) × \(Self.short($0.height))" } ?? "no points"
            let time = duration.map { String(format: "%.2f s", $0) } ?? "no timing"
            let invalid = invalidValues > 0 ? ", \(invalidValues) non-finite values" : ""
            return "\(strokes) strokes, \(points) points, \(box), \(time)\(invalid)"
        }

        static func short(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%.4g", v)
        }
    }

    struct DrawingReport: Encodable {
        var file: String
        var format: String
        var drawing: Summary
        var annotations: [String: String]
        var warnings: [String]
    }

    struct DatasetReport: Encodable {
        var file: String
        var format: String
        var samples: [Summary]
        var totalStrokes: Int
        var totalPoints: Int
    }

    func run() async throws {
        let path = file
        let url = URL(fileURLWithPath: path)
        guard let format = DrawingFile.Format(contentsOf: url) else {
            throw CLIError.usage("cannot tell the format of \(path) (use \(DrawingFile.Format.knownExtensions))")
        }
        if format.isNotebook {
            let (pages, warnings) = try mappingInputErrors(path) { try DrawingFile.readPages(from: url) }
            if json {
                for page in pages {
                    try Terminal.printJSON(DrawingReport(file: "\(path)#\(page.number)", format: format.rawValue, drawing: Summary(page.drawing),
                                                         annotations: page.drawing.annotations, warnings: page.number == 1 ? warnings : []))
                }
                return
            }
            print("\(path) (\(format.rawValue)): \(pages.count) page\(pages.count == 1 ? "" : "s")")
            for page in pages {
                print("  page \(page.number): \(Summary(page.drawing).line)")
                for (key, value) in page.drawing.annotations.sorted(by: { $0.key < $1.key }) { print("    \(key): \(value)") }
            }
            for warning in warnings { print("  warning: \(warning)") }
            return
        }
        if format == .dataset {
            try Self.dataset(path, limit: limit, json: json)
            return
        }
        let (drawing, warnings) = try mappingInputErrors(path) { try DrawingFile.readWithWarnings(from: url) }
        let summary = Summary(drawing)
        if json {
            try Terminal.printJSON(DrawingReport(file: path, format: format.rawValue, drawing: summary,
                                                 annotations: drawing.annotations, warnings: warnings))
            return
        }
        print("\(path) (\(format.rawValue)): \(summary.line)")
        for (key, value) in drawing.annotations.sorted(by: { $0.key < $1.key }) { print("  \(key): \(value)") }
        for warning in warnings { print("  warning: \(warning)") }
    }

    private static func dataset(_ path: String, limit: Int?, json: Bool) throws {
        var iterator = try mappingInputErrors(path) { try DatasetReader(path: path).makeIterator() }
        var report = DatasetReport(file: path, format: DrawingFile.Format.dataset.rawValue, samples: [], totalStrokes: 0, totalPoints: 0)
        let progress = ProgressBar(label: "reading", total: limit, quiet: json)
        while report.samples.count < (limit ?? .max), let sample = try mappingInputErrors(path, { try iterator.nextSample() }) {
            let summary = Summary(sample.drawing, sample: sample)
            report.samples.append(summary)
            report.totalStrokes += summary.strokes
            report.totalPoints += summary.points
            progress.advance()
            if !json { print("\(sample.id): \(summary.line)") }
        }
        progress.finish()
        if json {
            try Terminal.printJSON(report)
        } else {
            print("\(path): \(report.samples.count) samples, \(report.totalStrokes) strokes, \(report.totalPoints) points")
        }
    }
}
