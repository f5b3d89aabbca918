import Foundation
import InkIndex
import InkTools

struct BenchSearchCommand: Command {
    static let name = "bench-search"
    static let abstract = "Measure search speed (10,000 lines in memory) and quality (IAM-OnDB testset_t)."
    static let help = """
        USAGE: inkindex bench-search [--speed] [--quality] [--derive-confusions] [options]

        --speed: query latency over --lines lines (IAM-OnDB transcriptions read through a
        simulated recognizer's N-best lists) held in one in-memory index: words, phrases and
        references, timed one by one.
        --quality: each line of --set a note; every distinct word of 4+ letters in the
        transcriptions a query; recall and precision over (query, line) pairs, whole words and
        prefixes, next to a baseline indexing only the top reading with exact matching.
        --derive-confusions: the recognizer's confusions on --set (use testset_v), as soft pairs
        for Sources/InkSearch/Normalization/ConfusionData.swift.
        With none of them: --speed and --quality.

        OPTIONS:
          --data DIR            The shared data folder (default ../shared/data).
          --set NAME            IAM-OnDB file for quality (default testset_t; tune on testset_v).
          --file PATH           Any dataset file (.jsonl.gz) for quality instead of --set.
          --held-out-writers    Only samples of writers that training kept out (UNIPEN files;
                                IAM-OnDB's validation writers are all unseen already).
          --recognizer KIND     shipped (the model; the default) or noisy (transcriptions read
                                with simulated confusions at --cer).
          --cer RATE            Character error rate of the noisy recognizer (default 0.08).
          --lines N             Lines for the speed test (default 10000).
          --speed-recognitions FILE
                                Time the speed test on the model's recognitions (with their
                                frames) from a --recognitions cache, repeated up to --lines,
                                instead of the simulated recognizer.
          --limit N             At most N lines for quality.
          --recognitions FILE   Cache of the quality set's recognitions (JSON Lines): read where
                                it exists, written otherwise, so tuning need not recognize again.
          --max-distance LIST   Tuning: allowed distance by word length, comma separated.
          --decay X, --min-score X, --known X, --margin X
                                Tuning: MatchPolicy.distanceDecay, .minimumScore,
                                .knownWordFactor, and the tokenizer's log-probability margin.
          --threshold X         Tuning: WordCalibration.threshold (log-odds).
          --uncalibrated        Match as before calibration (MatchPolicy.uncalibrated, no
                                evidence); the tuning options above apply to it.
          --whole-words-by-readings
                                Judge whole-word terms by their readings alone, as version 3
                                shipped (MatchPolicy.calibratesWholeWords off).
          --evidence-overrules-readings
                                Let the calibration turn down a reading that spells the query
                                (MatchPolicy.exactReadingsSuffice off).
          --dump-pairs PREFIX   Write tuning rows (query, line, relevant, text and evidence
                                features) to PREFIX-full.tsv and PREFIX-prefix.tsv.
          --library             Quality through a NoteLibrary: each line stored as a note (with
                                its evidence), the same queries through NoteLibrary.search, next
                                to the in-memory index; bytes per line. --db PATH: where (default
                                a temporary file). --without-evidence: a library that does not
                                keep evidence (the default NoteLibrary), against the same words
                                without evidence in memory.
          --examples N          Print N misses and false hits of each quality run (for tuning).
          --json                Print the reports as JSON.
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["speed", "quality", "derive-confusions", "json", "library", "uncalibrated", "whole-words-by-readings", "evidence-overrules-readings", "held-out-writers", "without-evidence"],
                                       options: ["data", "set", "recognizer", "cer", "lines", "limit", "recognitions", "examples", "db", "max-distance", "decay", "min-score", "margin", "known", "file", "threshold", "dump-pairs", "speed-recognitions"])
        let data = args.option("data") ?? "../shared/data"
        let kind = args.option("recognizer") ?? "shipped"
        guard ["shipped", "noisy"].contains(kind) else { throw CLIError.usage("--recognizer is shipped or noisy, not '\(kind)'") }
        guard let cer = Double(args.option("cer") ?? "0.08") else { throw CLIError.usage("--cer needs a number") }
        var speed = args.flag("speed"), quality = args.flag("quality")
        let derive = args.flag("derive-confusions")
        if !speed, !quality, !derive { speed = true; quality = true }

        if speed {
            let report = try speedReport(data: data, lines: try args.intOption("lines") ?? 10_000, cer: cer,
                                         cache: args.option("speed-recognitions"))
            if args.flag("json") { try Terminal.printJSON(report) } else {
                print(String(format: "speed: %d lines, %d tokens, %d queries; build %.2f s; query median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms; %.1f hits/query",
                             report.lines, report.tokens, report.queries, report.buildSeconds, report.medianMilliseconds,
                             report.p90Milliseconds, report.p99Milliseconds, report.maxMilliseconds, report.meanHits))
                print("  slowest (ms): " + report.slowest.joined(separator: ", "))
            }
        }
        if quality || derive {
            let set = args.option("file").map { URL(fileURLWithPath: $0).lastPathComponent } ?? args.option("set") ?? "testset_t"
            let file = args.option("file") ?? iam(data, args.option("set") ?? "testset_t")
            let lines = try await qualityLines(file: file, kind: kind, cer: cer, limit: try args.intOption("limit"),
                                               heldOutOnly: args.flag("held-out-writers"), cache: args.option("recognitions"))
            if derive {
                var deriver = ConfusionDeriver()
                for line in lines { deriver.add(reference: line.text, hypothesis: line.bestText) }
                print("confusions on \(set) (\(lines.count) lines, \(kind)): reference → read, count, rate")
                for pair in deriver.pairs(minCount: 5).prefix(60) {
                    print(String(format: "  %@ → %@  %d  %.3f", "\"\(pair.reference)\"", "\"\(pair.hypothesis)\"", pair.count, pair.rate))
                }
                print("soft pairs for ConfusionData.softPairs:")
                print(deriver.softPairs().map { String(format: "(\"%@\", \"%@\", %.2f)", $0.0, $0.1, $0.2) }.joined(separator: ", "))
            }
            if quality, args.flag("library") {
                let path = args.option("db") ?? FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-quality.sqlite").path
                let (storage, reports) = try await LibrarySearchQualityBenchmark(lines: lines, keepsEvidence: !args.flag("without-evidence")).run(path: path)
                if args.flag("json") { try Terminal.printJSON(storage); for report in reports { try Terminal.printJSON(report) } } else {
                    print("library (\(set)): \(storage.words) words, \(storage.wordsWithEvidence) with evidence; \(storage.fileBytesPerLine) bytes per line, \(storage.evidenceBytesPerLine) of them evidence (\(path))")
                    for report in reports {
                        print(String(format: "library quality (%@): %d queries, %d relevant pairs; recall %.2f%% precision %.2f%% | in memory recall %.2f%% precision %.2f%% | relevant only in memory %d, only in the library %d | query median %.2f ms, p95 %.2f ms",
                                     report.fullWordsOnly ? "full words" : "prefixes", report.queries, report.relevantPairs,
                                     report.recall * 100, report.precision * 100, report.memoryRecall * 100, report.memoryPrecision * 100,
                                     report.relevantOnlyInMemory, report.relevantOnlyInLibrary, report.medianMilliseconds, report.p95Milliseconds))
                    }
                }
            } else if quality {
                var policy = args.flag("uncalibrated") ? MatchPolicy.uncalibrated : MatchPolicy.standard
                if args.flag("whole-words-by-readings") { policy.calibratesWholeWords = false }
                if args.flag("evidence-overrules-readings") { policy.exactReadingsSuffice = false }
                if let list = args.option("max-distance") {
                    let values = list.split(separator: ",").compactMap { Double($0) }
                    guard !values.isEmpty else { throw CLIError.usage("--max-distance needs numbers separated by commas") }
                    policy.maxDistanceByLength = values
                }
                if let raw = args.option("decay") { guard let v = Double(raw) else { throw CLIError.usage("--decay needs a number") }; policy.distanceDecay = v }
                if let raw = args.option("min-score") { guard let v = Double(raw) else { throw CLIError.usage("--min-score needs a number") }; policy.minimumScore = v }
                if let raw = args.option("threshold") { guard let v = Double(raw) else { throw CLIError.usage("--threshold needs a number") }; policy.calibration?.threshold = v }
                if let raw = args.option("known") { guard let v = Double(raw) else { throw CLIError.usage("--known needs a number") }; policy.knownWordFactor = v }
                var tokenizer = WordTokenizer()
                if let raw = args.option("margin") { guard let v = Double(raw) else { throw CLIError.usage("--margin needs a number") }; tokenizer.logProbabilityMargin = v }
                if let prefix = args.option("dump-pairs") {
                    for fullWords in [true, false] {
                        let rows = SearchPairDump(lines: lines, tokenizer: tokenizer).rows(fullWordsOnly: fullWords)
                        try rows.joined(separator: "\n").write(toFile: "\(prefix)-\(fullWords ? "full" : "prefix").tsv", atomically: true, encoding: .utf8)
                    }
                }
                let benchmark = SearchQualityBenchmark(lines: lines, policy: policy, tokenizer: tokenizer)
                for fullWords in [true, false] {
                    let report = benchmark.run(fullWordsOnly: fullWords, examples: try args.intOption("examples") ?? 0)
                    if args.flag("json") { try Terminal.printJSON(report) } else {
                        print(String(format: "quality (%@, %@, %@): %d lines, %d queries, %d relevant pairs; recall %.2f%% precision %.2f%% | baseline (top reading, exact) recall %.2f%% precision %.2f%% | top reading: line accuracy %.1f%%, word recall %.1f%%",
                                     set, kind == "noisy" ? "noisy cer \(cer)" : "shipped", fullWords ? "full words" : "prefixes",
                                     report.lines, report.queries, report.relevantPairs, report.recall * 100, report.precision * 100,
                                     report.baselineRecall * 100, report.baselinePrecision * 100, report.lineAccuracy * 100,
                                     report.topReadingWordRecall * 100))
                        print("  misses by kind: " + report.missKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
                        for miss in report.misses { print("  miss: \(miss)") }
                        for hit in report.falseHits { print("  false hit: \(hit)") }
                    }
                }
            }
        }
    }

    private static func iam(_ data: String, _ set: String) -> String { "\(data)/iam-ondb/\(set).jsonl.gz" }

    private static func speedReport(data: String, lines: Int, cer: Double, cache: String?) throws -> SearchSpeedBenchmark.Report {
        var texts: [String] = []
        var cached: [LineRecognition] = []
        if let cache {
            let read = try readCache(cache)
            guard !read.isEmpty else { throw CLIError.badInput("no lines in \(cache)") }
            texts = read.map(\.text)
            cached = read.flatMap(\.recognitions)
        }
        for set in ["trainset", "testset_v", "testset_t"] where cached.isEmpty {
            let reader: DatasetReader
            do { reader = try DatasetReader(path: iam(data, set)) } catch { throw CLIError.badInput("\(error) (pass --data DIR)") }
            var iterator = reader.makeIterator()
            while texts.count < lines, let sample = try iterator.nextSample() { texts.append(sample.text) }
        }
        guard !texts.isEmpty else { throw CLIError.badInput("no lines in \(data)/iam-ondb") }
        let reader = NoisyReader(characterErrorRate: cer)
        let base = texts.count
        let recognitions = (0..<lines).map { k in cached.isEmpty ? reader.recognition(of: texts[k % base], seed: "speed/\(k)") : cached[k % cached.count] }
        // Queries: words of 4+ letters, two-word phrases, references; spread over the corpus.
        let normalizer = TextNormalizer.standard
        var words: [String] = [], phrases: [String] = []
        for (k, text) in texts.enumerated() where k % 3 == 0 {
            let folded = normalizer.words(text)
            if let word = folded.first(where: { $0.count >= 4 }) { words.append(word) }
            if folded.count >= 2 { phrases.append(folded[0] + " " + folded[1]) }
        }
        let references = ["John 3:16", "Ps 119", "1 Cor 13:4-7", "Romans 8:28", "Gen 1:1"]
        let queries = Array(words.prefix(2000)) + Array(phrases.prefix(300)) + (0..<100).map { references[$0 % references.count] }
        return SearchSpeedBenchmark(recognitions: recognitions, queries: queries).run()
    }

    private static func qualityLines(file: String, kind: String, cer: Double, limit: Int?, heldOutOnly: Bool, cache: String?) async throws -> [SearchQualityBenchmark.Line] {
        if let cache, FileManager.default.fileExists(atPath: cache) {
            return Array(try readCache(cache).prefix(limit ?? .max))
        }
        let samples: [LabeledSample]
        do {
            samples = try DatasetReader(path: file).readAll(limit: limit) { !heldOutOnly || HeldOutWriters.contains($0.writer) }
        } catch { throw CLIError.badInput("\(error) (pass --data DIR)") }
        var lines: [SearchQualityBenchmark.Line]
        if kind == "noisy" {
            let reader = NoisyReader(characterErrorRate: cer)
            lines = samples.map { .init(id: $0.id, text: $0.text, recognition: reader.recognition(of: $0.text, seed: $0.id)) }
        } else {
            let recognizer: any LineRecognizing
            do { recognizer = try ShippedRecognizer.load() } catch { throw CLIError.failure("\(error) (use --recognizer noisy until the model lands)") }
            lines = try await recognizeAll(samples, recognizer)
        }
        if let cache {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let body = try lines.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
            try body.write(toFile: cache, atomically: true, encoding: .utf8)
        }
        return lines
    }

    private static func readCache(_ cache: String) throws -> [SearchQualityBenchmark.Line] {
        guard FileManager.default.isReadableFile(atPath: cache) else { throw CLIError.badInput("cannot read \(cache)") }
        let lines = try SearchQualityBenchmark.lines(fromCache: cache)
        Terminal.printError("read \(lines.count) recognized lines from \(cache)")
        return lines
    }

    /// Each sample split into lines by the page segmenter (as `eval` and `StrokeRecognizer` do) and
    /// recognized, samples in parallel.
    private static func recognizeAll(_ samples: [LabeledSample], _ recognizer: any LineRecognizing) async throws -> [SearchQualityBenchmark.Line] {
        let evaluator = RecognitionEvaluator(recognizer: recognizer)
        let progress = ProgressBar(label: "recognizing", total: samples.count)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var result = [SearchQualityBenchmark.Line?](repeating: nil, count: samples.count)
        try await withThrowingTaskGroup(of: (Int, SearchQualityBenchmark.Line).self) { group in
            var next = 0
            func launch() {
                let k = next, sample = samples[k]
                next += 1
                group.addTask {
                    let lines = try evaluator.recognizeLines(of: sample.drawing)
                    return (k, .init(id: sample.id, text: sample.text, recognitions: lines))
                }
            }
            while next < min(width, samples.count) { launch() }
            while let (k, line) = try await group.next() {
                result[k] = line
                progress.advance()
                if next < samples.count { launch() }
            }
        }
        progress.finish()
        return result.compactMap { $0 }
    }
}
