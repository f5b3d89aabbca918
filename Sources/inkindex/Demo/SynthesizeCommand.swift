import ArgumentParser
import Foundation
import InkIndex
import InkTools
import InkSynthesis

struct SynthesizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Write text as synthetic handwriting (for tests and demos).",
        discussion: """
            Writes TEXT (or the lines of --lines, separated by '|') as synthetic ink from Hershey \
            glyphs and saves it in the format named by OUT's extension. Such ink is synthetic: it is \
            for tests and demos, not a measure of recognition on people's writing.
            """)

    enum Style: String, ExpressibleByArgument, CaseIterable {
        case print, script
    }

    @Argument(help: "The text to write (or --lines).")
    var text: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Where to write the drawing (.json; other formats as DrawingFile knows).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Random seed; the same seed gives the same ink.", valueName: "n"))
    var seed = 1

    @Option(help: "print, or script (joined-up cursive).")
    var style = Style.print

    @Option(help: ArgumentHelp("Several lines instead of TEXT.", valueName: "a|b|c"))
    var lines: String?

    @Option(help: ArgumentHelp("A smaller note in the right margin, lines separated by '|'.", valueName: "a|b"))
    var note: String?

    @Option(name: .customLong("cap-height"), help: ArgumentHelp("Height of a capital letter (default 40).", valueName: "units"))
    var capHeight: Double?

    @Option(help: ArgumentHelp("0 (none) to 1 (messy), default 0.5.", valueName: "v"))
    var variation: Double?

    @Flag(help: "Give every point a pen pressure (force) as a stylus would.")
    var pressure = false

    @Option(help: ArgumentHelp("""
        Draw a mark after the writing; repeat for several. KIND is underline, strike, circle, box, \
        check or cross with a word (its text, or #N for the N-th word from 0), arrow:WORD>WORD, \
        or bracket:L-M / brace:L-M for body lines L to M (from 0).
        """, valueName: "kind:target"))
    var mark: [String] = []

    @Option(help: ArgumentHelp("Also write the ground truth (words, strokes, bounds) as JSON.", valueName: "file"))
    var truth: String?

    func validate() throws {
        if text == nil, lines == nil { throw ValidationError("missing TEXT to write (or --lines)") }
        if let capHeight, !(capHeight > 0 && capHeight.isFinite) { throw ValidationError("--cap-height needs a positive number, not '\(capHeight)'") }
        if let variation, !(0...1).contains(variation) { throw ValidationError("--variation needs a number from 0 to 1, not '\(variation)'") }
        guard seed >= 0 else { throw ValidationError("--seed must not be negative") }
    }

    func run() async throws {
        let lines = self.lines.map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) } ?? [text ?? ""]
        var style: InkSynthesizer.Style = self.style == .script ? .script : .print
        if let capHeight { style.capHeight = capHeight }
        if let variation { style.variation = variation }
        style.recordsForce = pressure

        let note = self.note.map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) } ?? []
        let synthesizer = InkSynthesizer(seed: UInt64(seed), style: style)
        var result = synthesizer.page(lines: lines, marginNote: note)
        let marks = try mark.map { try Self.parseMark($0, in: result) }
        if !marks.isEmpty { result = synthesizer.adding(marks, to: result) }
        do {
            try DrawingFile.write(result.drawing, to: URL(fileURLWithPath: output))
        } catch let error as DrawingFile.Failure {
            throw CLIError.usage("\(error)")
        }
        if let truth {
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
