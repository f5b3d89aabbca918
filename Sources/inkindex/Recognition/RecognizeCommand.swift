import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct RecognizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Read the handwriting in a drawing or dataset file, with scored candidates.",
        discussion: """
            Splits each drawing into lines and prints, per line, the best reading and its candidates \
            with their natural-log scores. --json prints one document: \
            [{id, label, text, lines: [{text, candidates}]}].
            """)

    @Argument(help: ArgumentHelp("""
        A drawing (.json, .inkml and the other formats DrawingFile reads) or dataset JSON Lines \
        (.jsonl, .jsonl.gz: every sample, with its label).
        """, valueName: "file"))
    var path: String

    @Option(help: ArgumentHelp("Readings per line.", valueName: "n"))
    var candidates = 5

    @Flag(help: "One JSON document: [{id, label, text, lines: [{text, candidates}]}].")
    var json = false

    @Option(help: ArgumentHelp("Dataset files: only the first N samples.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Read each drawing as one line (no layout).")
    var whole = false

    @OptionGroup(title: "Decoding Options") var recognizer: RecognizerOptions

    func validate() throws {
        guard candidates >= 1 else { throw ValidationError("--candidates needs at least 1") }
    }

    struct Output: Encodable {
        struct Line: Encodable {
            var text: String
            var candidates: [Candidate]
        }
        struct Candidate: Encodable {
            var text: String
            var logProbability: Double
            enum CodingKeys: String, CodingKey { case text, logProbability = "log_probability" }
        }
        var id: String
        var label: String?
        var text: String
        var lines: [Line]
    }

    func run() async throws {
        let inputs = try Self.drawings(at: path, limit: limit)
        let evaluator = RecognitionEvaluator(recognizer: try recognizer.loadRecognizer(), maxCandidates: candidates, splitsLines: !whole)
        // One drawing needs no progress line; a dataset does.
        let progress = ProgressBar(label: "recognize", total: inputs.count, quiet: json || inputs.count < 2)
        var outputs: [Output] = []
        for (id, label, drawing) in inputs {
            let lines = try evaluator.recognizeLines(of: drawing)
            let output = Output(
                id: id, label: label, text: SampleReading.join(lines.map { $0.best?.text ?? "" }),
                lines: lines.map { line in
                    Output.Line(text: line.best?.text ?? "", candidates: line.candidates.map {
                        Output.Candidate(text: $0.text, logProbability: $0.logProbability)
                    })
                })
            progress.advance()
            if json { outputs.append(output) } else { Self.printText(output) }
        }
        progress.finish()
        if json { try Terminal.printJSON(outputs, pretty: true) }
    }

    private static func printText(_ output: Output) {
        print("\(output.id)\(output.label.map { "  (label: \"\($0)\")" } ?? "")")
        print("  \(output.text)")
        for (index, line) in output.lines.enumerated() {
            print("  line \(index + 1):")
            for candidate in line.candidates {
                print("    " + String(format: "%9.3f", candidate.logProbability) + "  " + candidate.text)
            }
        }
    }

    /// The drawings in a file: every sample of a dataset file, or the one drawing of another.
    static func drawings(at path: String, limit: Int?) throws -> [(id: String, label: String?, drawing: Drawing)] {
        let lower = path.lowercased()
        guard FileManager.default.isReadableFile(atPath: path) else { throw CLIError.badInput("cannot read \(path): no such file") }
        do {
            if lower.hasSuffix(".jsonl") || lower.hasSuffix(".jsonl.gz") {
                return try DatasetReader(path: path).readAll(limit: limit).map { ($0.id, $0.text, $0.drawing) }
            }
            let name = URL(fileURLWithPath: path).lastPathComponent
            let pages = try DrawingFile.readPages(from: URL(fileURLWithPath: path)).pages
            return pages.map { (pages.count > 1 ? "\(name)#\($0.number)" : name, nil, $0.drawing) }
        } catch {
            throw CLIError.badInput("cannot read \(path): \(error)")
        }
    }
}
