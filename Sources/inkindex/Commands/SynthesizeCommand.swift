import Foundation
import InkIndex
import InkTools
import InkSynthesis

struct SynthesizeCommand: Command {
    static let name = "synthesize"
    static let abstract = "Write text as synthetic handwriting (for tests and demos)."
    static let help = """
        USAGE: inkindex synthesize "TEXT" -o OUT [--seed N] [--style print|script] [--lines "a|b"]
                                   [--note "a|b"] [--pressure] [--cap-height UNITS] [--variation 0..1]
                                   [--mark KIND:TARGET]... [--truth FILE.json]

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
          --pressure           give every point a pen pressure (force) as a stylus would
          --mark KIND:TARGET   draw a mark after the writing; repeat for several. KIND is
                               underline, strike, circle, box, check or cross with a word
                               (its text, or #N for the N-th word from 0), arrow:WORD>WORD,
                               or bracket:L-M / brace:L-M for body lines L to M (from 0)
          --truth FILE         also write the ground truth (words, strokes, bounds) as JSON
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(
            arguments, flags: ["pressure"], options: ["output", "o", "seed", "style", "lines", "cap-height", "variation", "truth", "note", "mark"])
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
        style.recordsForce = args.flag("pressure")
        let seedValue = try args.intOption("seed") ?? 1
        guard seedValue >= 0 else { throw CLIError.usage("--seed must not be negative") }

        let note = args.option("note").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) } ?? []
        let synthesizer = InkSynthesizer(seed: UInt64(seedValue), style: style)
        var result = synthesizer.page(lines: lines, marginNote: note)
        let marks = try args.options("mark").map { try parseMark($0, in: result) }
        if !marks.isEmpty { result = synthesizer.adding(marks, to: result) }
        do {
            try DrawingFile.write(result.drawing, to: URL(fileURLWithPath: output))
        } catch let error as DrawingFile.Failure {
            throw CLIError.usage("\(error)")
        }
        if let truth = args.option("truth") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(Truth(lines: result.lines, marks: result.marks)).write(to: URL(fileURLWithPath: truth), options: .atomic)
        }
    }

    private struct Truth: Encodable {
        var lines: [SynthesizedLine]
        var marks: [SynthesizedMark]
    }

    /// `underline:grace`, `circle:#3`, `arrow:Rom>grace`, `bracket:0-2`.
    static func parseMark(_ text: String, in page: SynthesizedText) throws -> HandDrawnMark {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw CLIError.usage("--mark needs KIND:TARGET, not '\(text)'") }
        let words = page.words
        func word(_ name: String) throws -> SynthesizedWord {
            if name.hasPrefix("#"), let n = Int(name.dropFirst()), words.indices.contains(n) { return words[n] }
            guard let found = words.first(where: { $0.text == name }) ?? words.first(where: { $0.text.lowercased().contains(name.lowercased()) })
            else { throw CLIError.usage("--mark \(text): no word '\(name)' in the text") }
            return found
        }
        switch parts[0] {
        case "underline": return .underline(try word(parts[1]).bounds)
        case "strike": return .strikeThrough(try word(parts[1]).bounds)
        case "circle": return .circle(try word(parts[1]).bounds)
        case "box": return .box(try word(parts[1]).bounds)
        case "check", "cross":
            let r = try word(parts[1]).bounds
            let at = CGPoint(x: r.minX - r.height * 0.8, y: r.midY)
            return parts[0] == "check" ? .check(at: at, size: r.height * 0.8) : .cross(at: at, size: r.height * 0.6)
        case "arrow":
            let ends = parts[1].split(separator: ">").map(String.init)
            guard ends.count == 2 else { throw CLIError.usage("--mark arrow needs FROM>TO, not '\(parts[1])'") }
            // From the left end of the source word's line (a margin note's edge) to the top of the target.
            let source = try word(ends[0]), to = try word(ends[1]).bounds
            let line = page.lines[source.lineIndex].bounds
            let from = CGPoint(x: line.minX - 8, y: source.bounds.midY), end = CGPoint(x: to.midX, y: to.minY - 6)
            // Bow upward, over the writing between the two words.
            return .arrow(from: from, to: end, bend: end.x < from.x ? -0.2 : 0.2)
        case "bracket", "brace":
            let body = page.lines(inBlock: 0)
            let range = parts[1].split(separator: "-").compactMap { Int($0) }
            guard range.count == 2, body.indices.contains(range[0]), body.indices.contains(range[1]), range[0] <= range[1] else {
                throw CLIError.usage("--mark \(parts[0]) needs body lines L-M (0...\(body.count - 1)), not '\(parts[1])'")
            }
            let span = body[range[0]...range[1]].reduce(CGRect.null) { $0.union($1.bounds) }
            return parts[0] == "bracket" ? .bracket(span, side: .left) : .brace(span, side: .left)
        default:
            throw CLIError.usage("--mark kind must be underline, strike, circle, box, check, cross, arrow, bracket or brace")
        }
    }
}
