import Foundation
import InkIndex
import InkSynthesis

struct SynthesizeCommand: Command {
    static let name = "synthesize"
    static let abstract = "Write text as synthetic handwriting (for tests and demos)."
    static let help = """
        USAGE: inkindex synthesize "TEXT" -o OUT [--seed N] [--style print|script] [--lines "a|b"]
                                   [--note "a|b"] [--cap-height UNITS] [--variation 0..1]
                                   [--truth FILE.json]

        Writes TEXT (or the lines of --lines, separated by '|') as synthetic ink from Hershey
        glyphs and saves it in the format named by OUT's extension. Such ink is synthetic: it is
        for tests and demos, not a measure of recognition on people's writing.

        OPTIONS:
          -o, --output FILE    where to write the drawing (.json; other formats as DrawingFile knows)
          --seed N             random seed (default 1); the same seed gives the same ink
          --style STYLE        print (default) or script (joined-up cursive)
          --lines "a|b|c"      several lines instead of TEXT
          --note "a|b"         a smaller note in the right margin, lines separated by '|'
          --cap-height UNITS   height of a capital letter (default 40)
          --variation V        0 (none) to 1 (messy), default 0.5
          --truth FILE         also write the ground truth (words, strokes, bounds) as JSON
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(
            arguments, options: ["output", "o", "seed", "style", "lines", "cap-height", "variation", "truth", "note"])
        let lines: [String]
        if let joined = args.option("lines") {
            lines = joined.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        } else {
            lines = [try args.positional(0, "TEXT to write (or --lines)")]
        }
        guard let output = args.option("output", "o") else { throw CLIError.usage("missing -o OUT") }
        var style: InkSynthesizer.Style
        switch args.option("style") ?? "print" {
        case "print": style = .print
        case "script": style = .script
        case let other: throw CLIError.usage("--style must be print or script, not '\(other)'")
        }
        if let raw = args.option("cap-height") {
            guard let value = Double(raw), value > 0, value.isFinite else {
                throw CLIError.usage("--cap-height needs a positive number, not '\(raw)'")
            }
            style.capHeight = value
        }
        if let raw = args.option("variation") {
            guard let value = Double(raw), (0...1).contains(value) else {
                throw CLIError.usage("--variation needs a number from 0 to 1, not '\(raw)'")
            }
            style.variation = value
        }
        let seedValue = try args.intOption("seed") ?? 1
        guard seedValue >= 0 else { throw CLIError.usage("--seed must not be negative") }

        let note = args.option("note").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) } ?? []
        let result = InkSynthesizer(seed: UInt64(seedValue), style: style).page(lines: lines, marginNote: note)
        do {
            try DrawingFile.write(result.drawing, to: URL(fileURLWithPath: output))
        } catch let error as DrawingFile.Failure {
            throw CLIError.usage("\(error)")
        }
        if let truth = args.option("truth") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(result.lines).write(to: URL(fileURLWithPath: truth), options: .atomic)
        }
    }
}
