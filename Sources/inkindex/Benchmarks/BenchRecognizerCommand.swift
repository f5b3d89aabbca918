import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// Where the recognizer's time goes, per line, in CPU time of the calling thread (so that other
/// jobs on a shared machine do not inflate it). Build with `-c release` for meaningful figures.
struct BenchRecognizerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-recognizer",
        abstract: "Time features, network and greedy decoding per line (thread CPU time).",
        discussion: """
            Reads the first N samples, each as one line, and prints the median and p95 milliseconds \
            of thread CPU time for features, network and greedy decoding, and their sum. Each line \
            is timed R times; the fastest run counts.
            """)

    @Argument(help: ArgumentHelp("A dataset file (.jsonl, .jsonl.gz).", valueName: "data.jsonl.gz"))
    var path: String

    @OptionGroup var model: ModelOption

    @Option(help: ArgumentHelp("Samples to read.", valueName: "n"))
    var limit = 100

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Times each line is timed.", valueName: "r"))
    var repeats = 3

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must not be negative") }
    }

    func run() async throws {
        let repeats = max(1, self.repeats)
        let samples: [LabeledSample]
        do { samples = try DatasetReader(path: path).readAll(limit: limit) } catch { throw CLIError.badInput("cannot read \(path): \(error)") }
        var options = DecodingOptions.shipped
        options.method = .greedy
        let recognizer = try ShippedRecognizer.load(model.model, decoding: options)
        var features: [Double] = [], network: [Double] = [], decoding: [Double] = [], total: [Double] = []
        var frames = 0
        let progress = ProgressBar(label: "bench-recognizer", total: samples.count)
        for sample in samples {
            let points = sample.drawing.strokes.map { $0.transformedLocations.map { SIMD2<Double>(Double($0.x), Double($0.y)) } }
            var best = (Double.infinity, Double.infinity, Double.infinity)
            for _ in 0..<repeats {
                let t0 = Self.threadCPUSeconds()
                let input = recognizer.extractor.extract(points)
                let t1 = Self.threadCPUSeconds()
                let output = recognizer.network.run(input.values, rows: input.rowCount)
                let t2 = Self.threadCPUSeconds()
                let count = recognizer.network.frameCount(points: input.rowCount)
                _ = recognizer.decoder.greedy(CTCFrames(logProbabilities: output, frameCount: count, classCount: recognizer.network.classCount))
                let t3 = Self.threadCPUSeconds()
                if t3 - t0 < best.0 + best.1 + best.2 { best = (t1 - t0, t2 - t1, t3 - t2) }
                frames = count
            }
            _ = frames
            features.append(best.0 * 1000); network.append(best.1 * 1000); decoding.append(best.2 * 1000)
            total.append((best.0 + best.1 + best.2) * 1000)
            progress.advance()
        }
        progress.finish()
        func line(_ name: String, _ values: [Double]) -> String {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return "\(name): no samples" }
            let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
            return "\(name.padding(toLength: 9, withPad: " ", startingAt: 0)) median \(String(format: "%.2f", median)) ms  p95 \(String(format: "%.2f", p95)) ms"
        }
        print("\(samples.count) lines, thread CPU time, best of \(repeats)")
        print(line("features", features))
        print(line("network", network))
        print(line("greedy", decoding))
        print(line("total", total))
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
