import Foundation
import InkIndex
import InkRecognition
import InkSearch

/// Query latency over many lines held in one in-memory `SearchIndex`: words, phrases and
/// scripture references, timed one by one.
///
/// ```swift
/// let report = SearchSpeedBenchmark(recognitions: lines, queries: queries).run()
/// print(report.medianMilliseconds)
/// ```
public struct SearchSpeedBenchmark: Sendable {
    public struct Report: Sendable, Codable {
        public var lines: Int
        public var tokens: Int
        public var queries: Int
        public var buildSeconds: Double
        public var medianMilliseconds: Double
        public var p90Milliseconds: Double
        public var p99Milliseconds: Double
        public var maxMilliseconds: Double
        public var meanHits: Double
        /// The slowest queries with their milliseconds, slowest first.
        public var slowest: [String]
    }

    public var recognitions: [LineRecognition]
    public var queries: [String]
    public var tokenizer: WordTokenizer

    public init(recognitions: [LineRecognition], queries: [String], tokenizer: WordTokenizer = WordTokenizer()) {
        self.recognitions = recognitions
        self.queries = queries
        self.tokenizer = tokenizer
    }

    /// - Parameter progress: how far a phase ("indexing", "searching") has come: done, total.
    ///   Called outside the timed searches, and every 500 lines while indexing.
    public func run(options: SearchOptions = SearchOptions(), progress: (_ phase: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }) -> Report {
        let clock = ContinuousClock()
        var index = SearchIndex<Int>()
        var tokenCount = 0
        let build = clock.measure {
            for (k, recognition) in recognitions.enumerated() {
                let tokens = tokenizer.tokens(for: recognition, line: 0, strokeBounds: [:])
                tokenCount += tokens.count
                index.add(tokens, to: k)
                if k % 500 == 499 { progress("indexing", k + 1, recognitions.count) }
            }
        }
        var times: [Double] = []
        var hits = 0
        for (k, query) in queries.enumerated() {
            progress("searching", k, queries.count)
            var count = 0
            let elapsed = clock.measure { count = index.search(query, options: options).count }
            hits += count
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let slowest = zip(queries, times).sorted { $0.1 > $1.1 }.prefix(8).map { String(format: "%@ %.1f", $0.0, $0.1) }
        times.sort()
        func percentile(_ p: Double) -> Double { times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count) * p))] }
        return Report(lines: recognitions.count, tokens: tokenCount, queries: queries.count,
                      buildSeconds: Double(build.components.seconds) + Double(build.components.attoseconds) / 1e18,
                      medianMilliseconds: percentile(0.5), p90Milliseconds: percentile(0.9), p99Milliseconds: percentile(0.99),
                      maxMilliseconds: times.last ?? 0, meanHits: queries.isEmpty ? 0 : Double(hits) / Double(queries.count),
                      slowest: slowest)
    }
}
