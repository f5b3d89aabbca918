import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the recognizer on a labeled dataset: CER, WER, oracle CER, latency.",
        discussion: """
            Recognizes every sample (split into lines, read lines joined by one space) and prints the \
            number of samples, CER and WER on raw strings and with spaces around punctuation \
            normalized, the oracle CER of the candidate list, the CER with case folded (for corpora \
            whose labels do not keep the written case), and median and p95 milliseconds per sample \
            (layout plus recognition, one thread). Rates are fractions in --json, percentages \
            otherwise.
            """)

    @Argument(help: ArgumentHelp("A labeled dataset file (.jsonl, .jsonl.gz).", valueName: "data.jsonl.gz"))
    var path: String

    @Option(help: ArgumentHelp("Only the first N samples.", valueName: "n"))
    var limit: Int?

    @Flag(help: "{samples, cer, wer, cer_normalized, wer_normalized, oracle_cer, cer_caseless, diacritic_accuracy, languages, median_ms, p95_ms}.")
    var json = false

    @Option(help: ArgumentHelp("Candidates per line for the oracle.", valueName: "n"))
    var candidates = 8

    @Flag(help: "Read each sample as one line (no layout).")
    var whole = false

    @Flag(help: """
        Only samples of writers that training kept out (Training/prep.py's rule; use it for \
        UNIPEN, whose files mix trained and held-out writers).
        """)
    var heldOutWriters = false

    @Option(help: ArgumentHelp("Also write every sample's label and reading, tab-separated.", valueName: "file"))
    var errors: String?

    @Option(help: ArgumentHelp("""
        Scale the x of every sample by X before reading it (0.5 squeezes, 2 stretches): how much \
        the reading depends on letter width.
        """, valueName: "x"))
    var stretch: Double?

    @Option(help: ArgumentHelp("""
        Also read each line in these variants and show the reading they agree on, as indexing \
        does (standard; default none: the ink as written, once), or scale/slant pairs.
        """, valueName: "variants"))
    var variants = ReadingPlanOption.none

    @OptionGroup(title: "Decoding Options") var recognizer: RecognizerOptions

    func validate() throws {
        guard candidates >= 1 else { throw ValidationError("--candidates needs at least 1") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
        if let stretch, !(stretch.isFinite && stretch > 0) { throw ValidationError("--stretch needs a positive number") }
    }

    func run() async throws {
        let reader: DatasetReader
        do { reader = try DatasetReader(path: path) } catch { throw CLIError.badInput("cannot read \(path): \(error)") }
        let lineRecognizer = try recognizer.model.reading(try recognizer.loadRecognizer(), as: variants)
        let evaluator = RecognitionEvaluator(recognizer: lineRecognizer, maxCandidates: candidates, splitsLines: !whole)

        var tally = EvaluationTally()
        var log: [String] = []
        let progress = ProgressBar(label: "eval", total: nil, quiet: json)
        if !json, !heldOutWriters, Terminal.stderrIsTerminal { progress.setTotal(DatasetFiles.lineCount(path, limit: limit)) }
        var iterator = reader.makeIterator()
        while tally.rates.samples < (limit ?? .max) {
            let sample: LabeledSample?
            do { sample = try iterator.nextSample() } catch { throw CLIError.badInput("\(error)") }
            guard var sample else { break }
            if heldOutWriters && !HeldOutWriters.contains(sample.writer) { continue }
            if let stretch { sample.drawing = sample.drawing.stretchedHorizontally(by: stretch) }
            let reading = try evaluator.read(sample)
            tally.add(reading)
            if errors != nil { log.append("\(reading.id)\t\(reading.reference)\t\(reading.text)") }
            progress.advance()
        }
        progress.finish()
        if let errors {
            try (log.joined(separator: "\n") + "\n").write(toFile: errors, atomically: true, encoding: .utf8)
        }

        var report = tally.report
        report.languages = lineRecognizer.languages.map(\.code)
        if json {
            try Terminal.printJSON(report)
            return
        }
        func percent(_ x: Double) -> String { String(format: "%6.2f%%", 100 * x) }
        print("samples          \(report.samples)")
        print("CER              \(percent(report.cer))   normalized \(percent(report.cerNormalized))")
        print("WER              \(percent(report.wer))   normalized \(percent(report.werNormalized))")
        print("oracle CER       \(percent(report.oracleCER))")
        print("caseless CER     \(percent(report.cerCaseless))")
        if let accuracy = report.diacriticAccuracy { print("diacritics read  \(percent(accuracy))") }
        print("languages        \(report.languages.joined(separator: ","))")
        print("latency          median \(String(format: "%.2f", report.medianMilliseconds)) ms, p95 \(String(format: "%.2f", report.p95Milliseconds)) ms")
    }
}

private extension Drawing {
    /// The same drawing shown `factor` times wider: each stroke's transform gains an x scale, so
    /// the points themselves are untouched.
    func stretchedHorizontally(by factor: Double) -> Drawing {
        var copy = self
        copy.strokes = strokes.map(ReadingVariant(horizontalScale: factor).applied)
        return copy
    }
}
