import Foundation
import InkIndex
import InkTools

/// Where the recognizer's time goes, per line, in CPU time of the calling thread (so that other
/// jobs on a shared machine do not inflate it). Build with `-c release` for meaningful figures.
struct BenchRecognizerCommand: Command {
    static let name = "bench-recognizer"
    static let abstract = "Time features, network and greedy decoding per line (thread CPU time)."
    static let help = """
        USAGE: inkindex bench-recognizer DATA.jsonl.gz [--limit N] [--repeat R]

        Reads the first N samples (default 100), each as one line, and prints the median and p95
        milliseconds of thread CPU time for features, network and greedy decoding, and their sum.
        Each line is timed R times (default 3); the fastest run counts.
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: [], options: ["limit", "repeat"])
        let path = try args.positional(0, "dataset file")
        let limit = try args.intOption("limit") ?? 100
        let repeats = max(1, try args.intOption("repeat") ?? 3)
        let samples: [LabeledSample]
        do { samples = try DatasetReader(path: path).readAll(limit: limit) } catch { throw CLIError.badInput("cannot read \(path): \(error)") }
        var options = DecodingOptions.shipped
        options.method = .greedy
        let recognizer = try ShippedRecognizer.load(decoding: options)
        var features: [Double] = [], network: [Double] = [], decoding: [Double] = [], total: [Double] = []
        var frames = 0
        for sample in samples {
            let points = sample.drawing.strokes.map { $0.transformedLocations.map { SIMD2<Double>(Double($0.x), Double($0.y)) } }
            var best = (Double.infinity, Double.infinity, Double.infinity)
            for _ in 0..<repeats {
                let t0 = threadCPUSeconds()
                let input = recognizer.extractor.extract(points)
                let t1 = threadCPUSeconds()
                let output = recognizer.network.run(input.values, rows: input.rowCount)
                let t2 = threadCPUSeconds()
                let count = recognizer.network.frameCount(points: input.rowCount)
                _ = recognizer.decoder.greedy(CTCFrames(logProbabilities: output, frameCount: count, classCount: recognizer.network.classCount))
                let t3 = threadCPUSeconds()
                if t3 - t0 < best.0 + best.1 + best.2 { best = (t1 - t0, t2 - t1, t3 - t2) }
                frames = count
            }
            _ = frames
            features.append(best.0 * 1000); network.append(best.1 * 1000); decoding.append(best.2 * 1000)
            total.append((best.0 + best.1 + best.2) * 1000)
        }
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
