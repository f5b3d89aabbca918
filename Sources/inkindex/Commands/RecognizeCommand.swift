import Foundation
import InkIndex
import InkTools

struct RecognizeCommand: Command {
    static let name = "recognize"
    static let abstract = "Read the handwriting in a drawing or dataset file, with scored candidates."
    static let help = """
        USAGE: inkindex recognize FILE [--candidates N] [--json] [--limit N] [decoding options]

        Splits each drawing into lines and prints, per line, the best reading and its candidates
        with their natural-log scores.

        ARGUMENTS:
          FILE                    A drawing (.json, .inkml and the other formats DrawingFile reads) or
                                  dataset JSON Lines (.jsonl, .jsonl.gz: every sample, with its label).

        OPTIONS:
          --candidates N          Readings per line (default 5).
          --json                  One JSON document: [{id, label, text, lines: [{text, candidates}]}].
          --limit N               Dataset files: only the first N samples.
          --whole                 Read each drawing as one line (no layout).
        \(RecognizerArguments.help)
        """

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

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: RecognizerArguments.flags.union(["json", "whole"]),
                                       options: RecognizerArguments.options.union(["candidates", "limit"]))
        let path = try args.positional(0, "input file")
        let candidates = try args.intOption("candidates") ?? 5
        guard candidates >= 1 else { throw CLIError.usage("--candidates needs at least 1") }
        let limit = try args.intOption("limit")
        let inputs = try drawings(at: path, limit: limit)
        let recognizer = try RecognizerArguments(args).loadRecognizer()
        let evaluator = RecognitionEvaluator(recognizer: recognizer, maxCandidates: candidates, splitsLines: !args.flag("whole"))

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
            if args.flag("json") { outputs.append(output) } else { printText(output) }
        }
        if args.flag("json") { try Terminal.printJSON(outputs, pretty: true) }
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
            let drawing = try DrawingFile.read(from: URL(fileURLWithPath: path))
            return [(URL(fileURLWithPath: path).lastPathComponent, nil, drawing)]
        } catch {
            throw CLIError.badInput("cannot read \(path): \(error)")
        }
    }
}
