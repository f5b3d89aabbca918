import Foundation
import InkIndex
import InkSynthesis

/// The library benchmark behind `inkindex library-bench`: builds a library of N lines with
/// synthetic recognition output, then measures search latency, add-and-index throughput, size,
/// and readers running while a reindex commits.
///
/// Lines are transcriptions drawn (with replacement) from a text corpus (IAM-OnDB's, where
/// `../shared/data` is present, else a built-in word list), 2% of them with a scripture reference
/// added. Each word gets readings like a recognizer's N-best: the word itself (probability
/// 0.55–0.95) and up to two fixed misreadings of that word (letters swapped for look-alikes).
/// Drawings are one two-point stroke per word unless real ink is given, so the figures measure the
/// store and search, not recognition.
public struct LibraryBenchmark: Sendable {
    public struct Configuration: Sendable {
        public var lines = 100_000
        public var linesPerNote = 10
        public var queries = 1_000
        public var readers = 2
        /// Notes reindexed while the readers run (nil: every note).
        public var reindexNotes: Int?
        public var seed: UInt64 = 42
        /// Transcriptions to draw lines from.
        public var corpus: [String] = []
        /// Real ink for lines, cycled (empty: a two-point stroke per word).
        public var ink: [Drawing] = []
        /// Recognized lines (a transcription and the recognizer's words, with their evidence) to
        /// draw lines from instead of `corpus` and simulated readings; `ink` is then not used.
        public var recognized: [(text: String, words: [WordToken])] = []
        /// Whether the library stores the recognized words' evidence (`NoteLibrary.keepsEvidence`).
        public var keepsEvidence = true
        public init() {}
    }

    public struct Report: Sendable, Codable {
        public var lines = 0, notes = 0, words = 0, terms = 0
        public var addAndIndexSeconds = 0.0, addAndIndexCPUSeconds = 0.0
        public var linesPerSecond = 0.0, linesPerCPUSecond = 0.0
        public var fileBytes = 0, drawingBytes = 0, evidenceBytes = 0
        public var firstQueryMilliseconds = 0.0
        /// Opening the library anew (a second connection, as an app at launch) and its first search.
        public var reopenedFirstQueryMilliseconds = 0.0
        /// Milliseconds by query kind ("word", "prefix", "typo", "phrase", "reference", "all", and
        /// "filtered": every query again with a `SearchFilter`, in turn emphasized, in margin, in
        /// body): median, p95, max.
        public var latency: [String: [Double]] = [:]
        public var meanHits = 0.0
        /// The slowest queries: "milliseconds kind: text", slowest first.
        public var slowest: [String] = []
        public var reindexedLines = 0, reindexSeconds = 0.0, reindexLinesPerSecond = 0.0
        public var readerSearches = 0, readerSnapshots = 0, readerErrors = 0, partialNotes = 0
    }

    public var configuration: Configuration
    public init(configuration: Configuration) { self.configuration = configuration }

    /// Reports how far a phase ("adding", "searching", "reindexing") has come: done, total.
    public typealias Progress = @Sendable (_ phase: String, _ done: Int, _ total: Int) -> Void

    public func run(path: String, log: @Sendable (String) -> Void, progress: Progress = { _, _, _ in }) async throws -> Report {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let config = configuration
        var random = SeededRandom(seed: config.seed)
        let corpus = config.recognized.isEmpty ? (config.corpus.isEmpty ? BenchmarkText.fallbackCorpus : config.corpus) : config.recognized.map(\.text)
        let sources = (0..<config.lines).map { _ in Int(random.next() % UInt64(corpus.count)) }
        let references = (0..<config.lines).map { i in i % 50 == 7 ? BenchmarkText.references[i / 50 % BenchmarkText.references.count] : nil }
        let texts = (0..<config.lines).map { i in corpus[sources[i]] + (references[i].map { " " + $0 } ?? "") }
        /// Note n's drawing and words: simulated readings of its lines, or the recognized lines'.
        func note(_ n: Int, ink: [Drawing]) -> (Drawing, [WordToken]) {
            let range = (n * config.linesPerNote)..<min(config.lines, (n + 1) * config.linesPerNote)
            guard !config.recognized.isEmpty else { return BenchmarkText.note(Array(texts[range]), number: n, ink: ink) }
            return BenchmarkText.note(recognized: range.map { config.recognized[sources[$0]].words }, references: Array(references[range]), number: n)
        }
        var report = Report(lines: config.lines)
        let library = try NoteLibrary(path: path, keepsEvidence: config.keepsEvidence)

        // Add and index, note by note (one transaction each for the record and for the index).
        log("adding and indexing \(config.lines) lines in notes of \(config.linesPerNote)...")
        let noteCount = (config.lines + config.linesPerNote - 1) / config.linesPerNote
        let started = Date(), cpu = CPUTime.now()
        var noteTexts: [[String]] = []
        for n in 0..<noteCount {
            let lines = Array(texts[(n * config.linesPerNote)..<min(texts.count, (n + 1) * config.linesPerNote)])
            noteTexts.append(lines)
            let (drawing, words) = note(n, ink: config.ink)
            let id = String(format: "note-%06d", n)
            try await library.add(drawing, id: id)
            let (_, checksum) = try await library.indexTarget(noteID: id)
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words, markup: BenchmarkText.markup(for: words, number: n)),
                                          noteID: id, drawingChecksum: checksum)
            progress("adding", n + 1, noteCount)
        }
        report.addAndIndexSeconds = Date().timeIntervalSince(started)
        report.addAndIndexCPUSeconds = CPUTime.now() - cpu
        report.linesPerSecond = Double(config.lines) / report.addAndIndexSeconds
        report.linesPerCPUSecond = Double(config.lines) / report.addAndIndexCPUSeconds
        let stats = try await library.stats()
        (report.notes, report.words, report.terms) = (stats.notes, stats.words, stats.terms)
        (report.fileBytes, report.drawingBytes, report.evidenceBytes) = (stats.fileBytes, stats.drawingBytes, stats.evidenceBytes)
        log(String(format: "  added and indexed in %.1f s: %.0f lines/s, %.0f lines per CPU-second, %d bytes per line",
                   report.addAndIndexSeconds, report.linesPerSecond, report.linesPerCPUSecond, report.fileBytes / config.lines))
        log("searching (\(config.queries) queries)...")

        // Search latency.
        let queries = BenchmarkText.queries(from: texts, count: config.queries, random: &random)
        var t = Date()
        _ = try await library.search(queries[0].text, limit: 20)
        report.firstQueryMilliseconds = Date().timeIntervalSince(t) * 1000
        t = Date()
        _ = try await NoteLibrary(path: path).search(queries[1].text, limit: 20)
        report.reopenedFirstQueryMilliseconds = Date().timeIntervalSince(t) * 1000
        var times: [String: [Double]] = [:]
        var hitCount = 0
        var timed: [(ms: Double, query: BenchmarkText.Query)] = []
        for (k, query) in queries.enumerated() {
            progress("searching", k, queries.count)
            t = Date()
            hitCount += try await library.search(query.text, limit: 20).count
            let ms = Date().timeIntervalSince(t) * 1000
            times[query.kind, default: []].append(ms)
            times["all", default: []].append(ms)
            timed.append((ms, query))
        }
        let filters: [SearchFilter] = [.emphasized, .inMargin, .inBody]
        for (k, query) in queries.enumerated() {
            t = Date()
            _ = try await library.search(query.text, filter: filters[k % filters.count], limit: 20)
            times["filtered", default: []].append(Date().timeIntervalSince(t) * 1000)
        }
        report.slowest = timed.sorted { $0.ms > $1.ms }.prefix(8).map { String(format: "%.1f ms ", $0.ms) + "\($0.query.kind): \($0.query.text)" }
        report.latency = times.mapValues { Self.summary($0) }
        log(String(format: "  median %.2f ms, p95 %.2f ms; with a filter median %.2f ms, p95 %.2f ms", report.latency["all"]?[0] ?? 0,
                   report.latency["all"]?[1] ?? 0, report.latency["filtered"]?[0] ?? 0, report.latency["filtered"]?[1] ?? 0))
        report.meanHits = Double(hitCount) / Double(queries.count)

        // Readers while every note is reindexed (version 2 adds a marker reading to every word).
        let reindexed = noteTexts.prefix(config.reindexNotes ?? noteTexts.count)
        log("reindexing \(reindexed.count) notes with \(config.readers) concurrent readers...")
        let done = ReindexFlag()
        let readerTotals = try await withThrowingTaskGroup(of: (Int, Int, Int, Int).self) { group in
            for r in 0..<config.readers {
                group.addTask {
                    let reader = try NoteLibrary(path: path)
                    var random = SeededRandom(seed: UInt64(r) &+ 1000)
                    var searches = 0, snapshots = 0, errors = 0, partial = 0
                    while !done.isSet {
                        do {
                            _ = try await reader.search(queries[Int(random.next() % UInt64(queries.count))].text, limit: 20)
                            searches += 1
                            let snapshot = try await reader.indexedWords(noteID: String(format: "note-%06d", Int(random.next() % UInt64(reindexed.count))))
                            let marked = snapshot.words.filter { $0.readings.contains { $0.text == BenchmarkText.marker } }.count
                            let whole = snapshot.recognitionVersion == 2 ? marked == snapshot.words.count : marked == 0
                            if !whole || snapshot.words.isEmpty { partial += 1 }
                            snapshots += 1
                        } catch {
                            errors += 1
                        }
                    }
                    return (searches, snapshots, errors, partial)
                }
            }
            let reindexStart = Date()
            for n in reindexed.indices {
                var (_, words) = note(n, ink: [])
                for i in words.indices { words[i].readings.append(WordReading(text: BenchmarkText.marker, probability: 0.001)) }
                let id = String(format: "note-%06d", n)
                let (_, checksum) = try await library.indexTarget(noteID: id)
                try await library.commitIndex(NoteIndex(recognitionVersion: 2, words: words, markup: BenchmarkText.markup(for: words, number: n)),
                                              noteID: id, drawingChecksum: checksum)
                progress("reindexing", n + 1, reindexed.count)
            }
            report.reindexSeconds = Date().timeIntervalSince(reindexStart)
            done.set()
            var totals = (0, 0, 0, 0)
            for try await (a, b, c, d) in group { totals = (totals.0 + a, totals.1 + b, totals.2 + c, totals.3 + d) }
            return totals
        }
        report.reindexedLines = reindexed.reduce(0) { $0 + $1.count }
        report.reindexLinesPerSecond = report.reindexSeconds > 0 ? Double(report.reindexedLines) / report.reindexSeconds : 0
        (report.readerSearches, report.readerSnapshots, report.readerErrors, report.partialNotes) = readerTotals
        return report
    }

    static func summary(_ values: [Double]) -> [Double] {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return [0, 0, 0] }
        return [sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))], sorted.last!]
    }
}

/// A flag set once by the writer and read by reader tasks.
final class ReindexFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Process CPU time in seconds (user + system), to report throughput per core.
enum CPUTime {
    static func now() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }
}
