import Foundation
import InkIndex

struct EvalCommand: Command {
    static let name = "eval"
    static let abstract = "Score the recognizer on a labeled dataset: CER, WER, oracle CER, latency."
    static let help = """
        USAGE: inkindex eval DATA.jsonl.gz [--limit N] [--stretch X] [--json] [decoding options]

        Recognizes every sample (split into lines, read lines joined by one space) and prints the
        number of samples, CER and WER on raw strings and with spaces around punctuation
        normalized, the oracle CER of the candidate list, the CER with case folded (for corpora
        whose labels do not keep the written case), and median and p95 milliseconds per
        sample (layout plus recognition, one thread). Rates are fractions in --json, percentages
        otherwise.

        OPTIONS:
          --limit N               Only the first N samples.
          --json                  {samples, cer, wer, cer_normalized, wer_normalized, oracle_cer, cer_caseless, median_ms, p95_ms}.
          --candidates N          Candidates per line for the oracle (default 8).
          --whole                 Read each sample as one line (no layout).
          --held-out-writers      Only samples of writers that training kept out (Training/prep.py's
                                  rule; use it for UNIPEN, whose files mix trained and held-out writers).
          --errors FILE           Also write every sample's label and reading, tab-separated.
          --stretch X             Scale the x of every sample by X before reading it (X > 0; 0.5
                                  squeezes, 2 stretches): how much the reading depends on letter width.
        \(RecognizerArguments.help)
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: RecognizerArguments.flags.union(["json", "whole", "held-out-writers"]),
                                       options: RecognizerArguments.options.union(["limit", "candidates", "errors", "stretch"]))
        let path = try args.positional(0, "dataset file")
        let limit = try args.intOption("limit")
        let candidates = try args.intOption("candidates") ?? 8
        guard candidates >= 1 else { throw CLIError.usage("--candidates needs at least 1") }
        let stretch = try args.option("stretch").map { raw in
            guard let x = Double(raw), x.isFinite, x > 0 else { throw CLIError.usage("--stretch needs a positive number, not '\(raw)'") }
            return x
        }
        let reader: DatasetReader
        do { reader = try DatasetReader(path: path) } catch { throw CLIError.badInput("cannot read \(path): \(error)") }
        let recognizer = try RecognizerArguments(args).loadRecognizer()
        let evaluator = RecognitionEvaluator(recognizer: recognizer, maxCandidates: candidates, splitsLines: !args.flag("whole"))

        let heldOutOnly = args.flag("held-out-writers")
        var tally = EvaluationTally()
        var log: [String] = []
        let progress = ProgressBar(label: "eval", total: limit)
        var iterator = reader.makeIterator()
        while tally.rates.samples < (limit ?? .max) {
            let sample: LabeledSample?
            do { sample = try iterator.nextSample() } catch { throw CLIError.badInput("\(error)") }
            guard var sample else { break }
            if heldOutOnly && !HeldOutWriters.contains(sample.writer) { continue }
            if let stretch { sample.drawing = sample.drawing.stretchedHorizontally(by: stretch) }
            let reading = try evaluator.read(sample)
            tally.add(reading)
            if args.option("errors") != nil { log.append("\(reading.id)\t\(reading.reference)\t\(reading.text)") }
            progress.advance()
        }
        progress.finish()
        if let errors = args.option("errors") {
            try (log.joined(separator: "\n") + "\n").write(toFile: errors, atomically: true, encoding: .utf8)
        }

        let report = tally.report
        if args.flag("json") {
            try Terminal.printJSON(report)
            return
        }
        func percent(_ x: Double) -> String { String(format: "%6.2f%%", 100 * x) }
        print("samples          \(report.samples)")
        print("CER              \(percent(report.cer))   normalized \(percent(report.cerNormalized))")
        print("WER              \(percent(report.wer))   normalized \(percent(report.werNormalized))")
        print("oracle CER       \(percent(report.oracleCER))")
        print("caseless CER     \(percent(report.cerCaseless))")
        print("latency          median \(String(format: "%.2f", report.medianMilliseconds)) ms, p95 \(String(format: "%.2f", report.p95Milliseconds)) ms")
    }
}

private extension Drawing {
    /// The same drawing shown `factor` times wider: each stroke's transform gains an x scale, so
    /// the points themselves are untouched.
    func stretchedHorizontally(by factor: Double) -> Drawing {
        var copy = self
        copy.strokes = strokes.map { stroke in
            var stretched = stroke
            stretched.transform = (stroke.transform ?? .identity).concatenating(.scale(x: factor, y: 1))
            return stretched
        }
        return copy
    }
}
