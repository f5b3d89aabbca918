import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct BenchSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-search",
        abstract: "Measure search speed (10,000 lines in memory) and quality (IAM-OnDB testset_t).",
        discussion: """
            --speed: query latency over --lines lines (IAM-OnDB transcriptions read through a \
            simulated recognizer's N-best lists) held in one in-memory index: words, phrases and \
            references, timed one by one.
            --quality: each line of --set a note; every distinct word of 4+ letters in the \
            transcriptions a query; recall and precision over (query, line) pairs, whole words and \
            prefixes, next to a baseline indexing only the top reading with exact matching.
            --derive-confusions: the recognizer's confusions on --set (use testset_v), as soft pairs \
            for Sources/InkSearch/Normalization/ConfusionData.swift.
            With none of them: --speed and --quality.
            """)

    enum Recognizer: String, ExpressibleByArgument, CaseIterable {
        case shipped, noisy
    }

    @Flag(help: "Measure query latency.")
    var speed = false

    @Flag(help: "Measure recall and precision.")
    var quality = false

    @Flag(name: .customLong("derive-confusions"), help: "Print the recognizer's confusions on --set as soft pairs.")
    var deriveConfusions = false

    @OptionGroup var data: DataOption
    @OptionGroup var model: ModelOption

    @Option(name: .customLong("set"), help: ArgumentHelp("IAM-OnDB file for quality (default testset_t; tune on testset_v).", valueName: "name"))
    var set: String?

    @Option(help: ArgumentHelp("Any dataset file (.jsonl.gz) for quality instead of --set.", valueName: "path"))
    var file: String?

    @Flag(help: """
        Only samples of writers that training kept out (UNIPEN files; IAM-OnDB's validation \
        writers are all unseen already).
        """)
    var heldOutWriters = false

    @Option(help: "shipped (the model), or noisy (transcriptions read with simulated confusions at --cer).")
    var recognizer = Recognizer.shipped

    @Option(help: ArgumentHelp("Character error rate of the noisy recognizer.", valueName: "rate"))
    var cer = 0.08

    @Option(help: ArgumentHelp("Lines for the speed test.", valueName: "n"))
    var lines = 10_000

    @Option(name: .customLong("speed-recognitions"), help: ArgumentHelp("""
        Time the speed test on the model's recognitions (with their frames) from a --recognitions \
        cache, repeated up to --lines, instead of the simulated recognizer.
        """, valueName: "file"))
    var speedRecognitions: String?

    @Option(help: ArgumentHelp("At most N lines for quality.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("""
        Cache of the quality set's recognitions (JSON Lines): read where it exists, written \
        otherwise, so tuning need not recognize again.
        """, valueName: "file"))
    var recognitions: String?

    @Option(help: ArgumentHelp("""
        Readings kept per line for quality, as StrokeRecognizer(maxCandidates:) keeps them \
        (recognitions only; a --recognitions cache keeps what it was written with).
        """, valueName: "n"))
    var candidates = 8

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    @Option(name: .customLong("max-distance"), help: ArgumentHelp("Tuning: allowed distance by word length, comma separated.", valueName: "list"))
    var maxDistance: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Tuning: MatchPolicy.distanceDecay.", valueName: "x"))
    var decay: Double?

    @Option(name: .customLong("min-score"), parsing: .unconditional, help: ArgumentHelp("Tuning: MatchPolicy.minimumScore.", valueName: "x"))
    var minScore: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Tuning: MatchPolicy.knownWordFactor.", valueName: "x"))
    var known: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Tuning: the tokenizer's log-probability margin.", valueName: "x"))
    var margin: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Tuning: WordCalibration.threshold (log-odds).", valueName: "x"))
    var threshold: Double?

    @Flag(help: """
        Match as before calibration (MatchPolicy.uncalibrated, no evidence); the tuning options \
        above apply to it.
        """)
    var uncalibrated = false

    @Flag(help: "Judge whole-word terms by their readings alone, as version 3 shipped (MatchPolicy.calibratesWholeWords off).")
    var wholeWordsByReadings = false

    @Flag(help: "Let the calibration turn down a reading that spells the query (MatchPolicy.exactReadingsSuffice off).")
    var evidenceOverrulesReadings = false

    @Option(name: .customLong("dump-pairs"), help: ArgumentHelp("""
        Write tuning rows (query, line, relevant, text and evidence features) to PREFIX-full.tsv \
        and PREFIX-prefix.tsv.
        """, valueName: "prefix"))
    var dumpPairs: String?

    @Flag(help: """
        Quality through a NoteLibrary: each line stored as a note (with its evidence), the same \
        queries through NoteLibrary.search, next to the in-memory index; bytes per line.
        """)
    var library = false

    @Option(help: ArgumentHelp("With --library: where (default a temporary file).", valueName: "path"))
    var db: String?

    @Flag(help: """
        With --library: a library that does not keep evidence (the default NoteLibrary), against \
        the same words without evidence in memory.
        """)
    var withoutEvidence = false

    @Option(help: ArgumentHelp("Print N misses and false hits of each quality run (for tuning).", valueName: "n"))
    var examples = 0

    @Flag(help: "Print the reports as JSON.")
    var json = false

    func validate() throws {
        if let maxDistance, maxDistance.split(separator: ",").compactMap({ Double($0) }).isEmpty {
            throw ValidationError("--max-distance needs numbers separated by commas")
        }
        guard lines > 0 else { throw ValidationError("--lines must be positive") }
        guard candidates > 0 else { throw ValidationError("--candidates must be positive") }
    }

    func run() async throws {
        let data = self.data.path
        let kind = recognizer.rawValue
        var speed = self.speed, quality = self.quality
        let derive = deriveConfusions
        if !speed, !quality, !derive { speed = true; quality = true }

        if speed {
            let report = try Self.speedReport(data: data, lines: lines, cer: cer, cache: speedRecognitions, quiet: json)
            if json { try Terminal.printJSON(report) } else {
                print(String(format: "speed: %d lines, %d tokens, %d queries; build %.2f s; query median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms; %.1f hits/query",
                             report.lines, report.tokens, report.queries, report.buildSeconds, report.medianMilliseconds,
                             report.p90Milliseconds, report.p99Milliseconds, report.maxMilliseconds, report.meanHits))
                print("  slowest (ms): " + report.slowest.joined(separator: ", "))
            }
        }
        if quality || derive {
            let set = file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? self.set ?? "testset_t"
            let file = self.file ?? Self.iam(data, self.set ?? "testset_t")
            let lines = try await Self.qualityLines(file: file, kind: kind, cer: cer, limit: limit, heldOutOnly: heldOutWriters,
                                                    cache: recognitions, model: model.model, candidates: candidates,
                                                    variants: variants, quiet: json)
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
            if quality, library {
                let path = db ?? FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-quality.sqlite").path
                let (storage, reports) = try await LibrarySearchQualityBenchmark(lines: lines, keepsEvidence: !withoutEvidence,
                                                                                  policy: .standard(forModel: model.model.identifier)).run(path: path)
                if json { try Terminal.printJSON(storage); for report in reports { try Terminal.printJSON(report) } } else {
                    print("library (\(set)): \(storage.words) words, \(storage.wordsWithEvidence) with evidence; \(storage.fileBytesPerLine) bytes per line, \(storage.evidenceBytesPerLine) of them evidence (\(path))")
                    for report in reports {
                        print(String(format: "library quality (%@): %d queries, %d relevant pairs; recall %.2f%% precision %.2f%% | in memory recall %.2f%% precision %.2f%% | relevant only in memory %d, only in the library %d | query median %.2f ms, p95 %.2f ms",
                                     report.fullWordsOnly ? "full words" : "prefixes", report.queries, report.relevantPairs,
                                     report.recall * 100, report.precision * 100, report.memoryRecall * 100, report.memoryPrecision * 100,
                                     report.relevantOnlyInMemory, report.relevantOnlyInLibrary, report.medianMilliseconds, report.p95Milliseconds))
                    }
                }
            } else if quality {
                var policy = uncalibrated ? MatchPolicy.uncalibrated : MatchPolicy.standard(forModel: model.model.identifier)
                if wholeWordsByReadings { policy.calibratesWholeWords = false }
                if evidenceOverrulesReadings { policy.exactReadingsSuffice = false }
                if let list = maxDistance { policy.maxDistanceByLength = list.split(separator: ",").compactMap { Double($0) } }
                if let decay { policy.distanceDecay = decay }
                if let minScore { policy.minimumScore = minScore }
                if let threshold { policy.calibration?.threshold = threshold }
                if let known { policy.knownWordFactor = known }
                var tokenizer = WordTokenizer()
                if let margin { tokenizer.logProbabilityMargin = margin }
                if let prefix = dumpPairs {
                    for fullWords in [true, false] {
                        let rows = SearchPairDump(lines: lines, tokenizer: tokenizer).rows(fullWordsOnly: fullWords)
                        try rows.joined(separator: "\n").write(toFile: "\(prefix)-\(fullWords ? "full" : "prefix").tsv", atomically: true, encoding: .utf8)
                    }
                }
                let benchmark = SearchQualityBenchmark(lines: lines, policy: policy, tokenizer: tokenizer)
                for fullWords in [true, false] {
                    let report = benchmark.run(fullWordsOnly: fullWords, examples: examples)
                    if json { try Terminal.printJSON(report) } else {
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

    private static func speedReport(data: String, lines: Int, cer: Double, cache: String?, quiet: Bool) throws -> SearchSpeedBenchmark.Report {
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
        let progress = PhasedProgress(quiet: quiet)
        defer { progress.finish() }
        return SearchSpeedBenchmark(recognitions: recognitions, queries: queries).run { progress.update(phase: $0, done: $1, total: $2) }
    }

    private static func qualityLines(file: String, kind: String, cer: Double, limit: Int?, heldOutOnly: Bool, cache: String?,
                                     model: ShippedModel, candidates: Int, variants: ReadingPlanOption,
                                     quiet: Bool) async throws -> [SearchQualityBenchmark.Line] {
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
            do { recognizer = try variants.wrapping(try ShippedRecognizer.load(model), model: model) } catch { throw CLIError.failure("\(error) (use --recognizer noisy until the model lands)") }
            lines = try await recognizeAll(samples, recognizer, candidates: candidates, quiet: quiet)
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
    private static func recognizeAll(_ samples: [LabeledSample], _ recognizer: any LineRecognizing, candidates: Int,
                                     quiet: Bool) async throws -> [SearchQualityBenchmark.Line] {
        let evaluator = RecognitionEvaluator(recognizer: recognizer, maxCandidates: candidates)
        let progress = ProgressBar(label: "recognizing", total: samples.count, quiet: quiet)
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
