import Foundation
import InkIndex
import InkRecognition
import InkSearch

/// `SearchQualityBenchmark` through a `NoteLibrary`: each recognized line is stored as a note
/// (an empty drawing with the line's words, evidence included where the recognitions kept it),
/// and the same queries, judged by the same rule (`SearchRelevance`), go through
/// `NoteLibrary.search` with a limit as large as the library, so that every hit counts. The
/// in-memory `SearchIndex` of the same words answers the same queries alongside, so that the
/// report says how many relevant lines the library alone misses or finds.
///
/// ```swift
/// let reports = try await LibrarySearchQualityBenchmark(lines: lines).run(path: "/tmp/quality.sqlite")
/// print(reports[0].recall, reports[0].precision, reports[0].memoryRecall)
/// ```
public struct LibrarySearchQualityBenchmark: Sendable {
    public struct Report: Sendable, Codable {
        public var lines: Int
        public var queries: Int
        public var relevantPairs: Int
        public var fullWordsOnly: Bool
        public var recall: Double
        public var precision: Double
        /// The in-memory index on the same words and queries.
        public var memoryRecall: Double
        public var memoryPrecision: Double
        /// Relevant (query, line) pairs the in-memory index finds and the library does not, and
        /// the other way round.
        public var relevantOnlyInMemory: Int
        public var relevantOnlyInLibrary: Int
        /// Library search time per query (milliseconds; the limit is the whole library).
        public var medianMilliseconds: Double
        public var p95Milliseconds: Double
    }

    /// What the library holds after the lines are stored.
    public struct Storage: Sendable, Codable {
        public var words: Int
        public var wordsWithEvidence: Int
        public var fileBytesPerLine: Int
        public var evidenceBytesPerLine: Int
    }

    public var lines: [SearchQualityBenchmark.Line]
    public var minLetters: Int
    public var tokenizer: WordTokenizer
    /// Whether the library keeps the words' network evidence (`NoteLibrary.keepsEvidence`); the
    /// in-memory index it is compared with gets the same words, with or without it.
    public var keepsEvidence: Bool
    /// The policy of both the library and the in-memory index.
    public var policy: MatchPolicy

    public init(lines: [SearchQualityBenchmark.Line], minLetters: Int = 4, tokenizer: WordTokenizer = WordTokenizer(), keepsEvidence: Bool = true,
                policy: MatchPolicy = .standard) {
        self.policy = policy
        self.lines = lines
        self.minLetters = minLetters
        self.tokenizer = tokenizer
        self.keepsEvidence = keepsEvidence
    }

    /// Stores the lines in a new library at `path` (replacing any file there), then runs the
    /// queries as whole words and as prefixes.
    public func run(path: String) async throws -> (storage: Storage, reports: [Report]) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let library = try NoteLibrary(path: path, keepsEvidence: keepsEvidence, searchPolicy: policy)
        let ids = lines.indices.map { String(format: "line-%05d", $0) }
        _ = try await library.add(ids.map { (id: $0, title: "", drawing: Drawing(strokes: [])) })
        var memory = SearchIndex<Int>(policy: policy)
        for (k, line) in lines.enumerated() {
            var words = line.tokens(tokenizer)
            if !keepsEvidence { for w in words.indices { words[w].evidence = nil } }
            memory.add(words, to: k)
            let (_, checksum) = try await library.indexTarget(noteID: ids[k])
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words), noteID: ids[k], drawingChecksum: checksum)
        }
        let stats = try await library.stats()
        let storage = Storage(words: stats.words, wordsWithEvidence: stats.wordsWithEvidence,
                              fileBytesPerLine: stats.fileBytes / max(1, lines.count), evidenceBytesPerLine: stats.evidenceBytes / max(1, lines.count))
        let line = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let relevance = SearchRelevance(transcriptions: lines.map(\.text), minLetters: minLetters)
        var reports: [Report] = []
        for fullWordsOnly in [true, false] {
            var tally = PairTally(), memoryTally = PairTally()
            var onlyInMemory = 0, onlyInLibrary = 0
            var milliseconds: [Double] = []
            for query in relevance.queries {
                let relevant = relevance.relevant(to: query, fullWordsOnly: fullWordsOnly)
                let start = DispatchTime.now().uptimeNanoseconds
                let hits = try await library.search(query, fullWordsOnly: fullWordsOnly, limit: lines.count)
                milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                let found = Set(hits.compactMap { line[$0.noteID] })
                let foundInMemory = Set(memory.search(query, options: SearchOptions(fullWordsOnly: fullWordsOnly)).map(\.document))
                tally.add(found: found, relevant: relevant)
                memoryTally.add(found: foundInMemory, relevant: relevant)
                onlyInMemory += foundInMemory.subtracting(found).intersection(relevant).count
                onlyInLibrary += found.subtracting(foundInMemory).intersection(relevant).count
            }
            milliseconds.sort()
            func percentile(_ q: Double) -> Double { milliseconds.isEmpty ? 0 : milliseconds[min(milliseconds.count - 1, Int(q * Double(milliseconds.count)))] }
            reports.append(Report(lines: lines.count, queries: relevance.queries.count, relevantPairs: tally.relevantPairs, fullWordsOnly: fullWordsOnly,
                                  recall: tally.recall, precision: tally.precision,
                                  memoryRecall: memoryTally.recall, memoryPrecision: memoryTally.precision,
                                  relevantOnlyInMemory: onlyInMemory, relevantOnlyInLibrary: onlyInLibrary,
                                  medianMilliseconds: percentile(0.5), p95Milliseconds: percentile(0.95)))
        }
        return (storage, reports)
    }
}
