import Foundation
import InkIndex

/// Recognizes labeled samples and scores them against their transcriptions.
///
/// A sample is split into lines with `PageSegmenter` (a sample may span several physical lines,
/// as UNIPEN free text does); its reading is the lines' best readings joined by one space, since
/// labels hold no line breaks. The oracle varies one line's candidate at a time, the others at
/// their best, and keeps the reading closest to the label.
///
/// ```swift
/// let evaluator = RecognitionEvaluator(recognizer: try ShippedRecognizer.load())
/// var tally = EvaluationTally()
/// for try sample in try DatasetReader(path: path) { tally.add(try evaluator.read(sample)) }
/// print(tally.report.cer)
/// ```
public struct RecognitionEvaluator: Sendable {
    public var recognizer: any LineRecognizing
    public var maxCandidates: Int
    /// When false, each sample is fed to the recognizer whole, as one line.
    public var splitsLines: Bool
    /// Monotonic seconds; injected so that latency is testable in virtual time.
    public var now: @Sendable () -> Double

    public static let monotonicClock: @Sendable () -> Double = {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    public init(recognizer: any LineRecognizing, maxCandidates: Int = 8, splitsLines: Bool = true,
                now: @escaping @Sendable () -> Double = RecognitionEvaluator.monotonicClock) {
        self.recognizer = recognizer
        self.maxCandidates = maxCandidates
        self.splitsLines = splitsLines
        self.now = now
    }

    /// Reads one sample: its lines, its text and how long that took.
    public func read(_ sample: LabeledSample) throws -> SampleReading {
        let start = now()
        let lines = try recognizeLines(of: sample.drawing)
        let elapsed = now() - start
        return SampleReading(id: sample.id, reference: sample.text, lines: lines, milliseconds: elapsed * 1000)
    }

    /// The drawing's lines in reading order, each recognized.
    public func recognizeLines(of drawing: Drawing) throws -> [LineRecognition] {
        guard splitsLines else {
            return [try recognizer.recognize(drawing.strokes, maxCandidates: maxCandidates)]
        }
        let byID = Dictionary(drawing.strokes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try PageSegmenter().layout(of: drawing).lines.map { line in
            try recognizer.recognize(line.strokeIDs.compactMap { byID[$0] }, maxCandidates: maxCandidates)
        }
    }
}

/// What the recognizer read in one labeled sample.
public struct SampleReading: Sendable, Hashable {
    public var id: String
    public var reference: String
    public var lines: [LineRecognition]
    public var milliseconds: Double

    /// The best reading of each line, joined by one space.
    public var text: String { SampleReading.join(lines.map { $0.best?.text ?? "" }) }

    /// Whole-sample readings for the oracle: each line's other candidates in turn, with the
    /// other lines at their best.
    public var alternatives: [String] {
        let best = lines.map { $0.best?.text ?? "" }
        return lines.indices.flatMap { i in
            lines[i].candidates.dropFirst().map { candidate in
                var texts = best
                texts[i] = candidate.text
                return SampleReading.join(texts)
            }
        }
    }

    /// Line readings as one text: the non-empty ones joined by one space.
    public static func join(_ texts: [String]) -> String { texts.filter { !$0.isEmpty }.joined(separator: " ") }
}

/// Accumulates readings into an `EvaluationReport`.
public struct EvaluationTally: Sendable {
    public private(set) var rates = ErrorRates()
    public private(set) var milliseconds: [Double] = []

    public init() {}

    public mutating func add(_ reading: SampleReading) {
        rates.add(reference: reading.reference, hypothesis: reading.text, alternatives: reading.alternatives)
        milliseconds.append(reading.milliseconds)
    }

    public var report: EvaluationReport { EvaluationReport(rates: rates, latency: LatencySummary(milliseconds: milliseconds)) }
}
