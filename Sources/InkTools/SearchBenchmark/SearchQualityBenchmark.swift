import Foundation
import InkIndex
import InkRecognition
import InkSearch

/// Search quality on lines with known transcriptions: each line a note; every distinct word of
/// at least `minLetters` letters in the transcriptions is a query; a line is relevant where its
/// transcription holds the word (as a whole word with `fullWordsOnly`, else as a word's prefix).
///
/// Reports micro-averaged recall and precision over (query, line) pairs, next to a baseline
/// that indexes only each line's top reading and matches folded words exactly.
///
/// ```swift
/// let report = SearchQualityBenchmark(lines: lines).run(fullWordsOnly: true)
/// print(report.recall, report.precision, report.baselineRecall)
/// ```
public struct SearchQualityBenchmark: Sendable {
    /// One note: a labeled sample and its lines as recognized (one for an IAM-OnDB line; several
    /// where the page segmenter split a sample, as UNIPEN free text often is).
    public struct Line: Sendable, Codable {
        public var id: String
        public var text: String
        public var recognitions: [LineRecognition]

        public init(id: String, text: String, recognitions: [LineRecognition]) {
            self.id = id
            self.text = text
            self.recognitions = recognitions
        }

        public init(id: String, text: String, recognition: LineRecognition) {
            self.init(id: id, text: text, recognitions: [recognition])
        }

        /// Every line's tokens, in reading order.
        public func tokens(_ tokenizer: WordTokenizer) -> [WordToken] {
            recognitions.enumerated().flatMap { tokenizer.tokens(for: $1, line: $0, strokeBounds: [:]) }
        }

        /// The lines' best readings joined by one space (labels hold no line breaks).
        public var bestText: String { SampleReading.join(recognitions.map { $0.best?.text ?? "" }) }

        enum CodingKeys: String, CodingKey { case id, text, recognitions, recognition }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            text = try container.decode(String.self, forKey: .text)
            // Caches written before notes had several lines hold one `recognition`.
            if let lines = try container.decodeIfPresent([LineRecognition].self, forKey: .recognitions) {
                recognitions = lines
            } else {
                recognitions = [try container.decode(LineRecognition.self, forKey: .recognition)]
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(text, forKey: .text)
            try container.encode(recognitions, forKey: .recognitions)
        }
    }

    /// The lines of a recognitions cache (`bench-search --recognitions FILE`: one JSON `Line` a
    /// line of text).
    public static func lines(fromCache path: String) throws -> [Line] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(Line.self, from: Data($0.utf8)) }
    }

    public struct Report: Sendable, Codable {
        public var lines: Int
        public var queries: Int
        public var relevantPairs: Int
        public var fullWordsOnly: Bool
        public var recall: Double
        public var precision: Double
        public var baselineRecall: Double
        public var baselinePrecision: Double
        /// Share of lines whose top reading equals the transcription (folded), for context.
        public var lineAccuracy: Double
        /// Share of transcription words (folded) found among the top reading's words.
        public var topReadingWordRecall: Double
        public var seconds: Double
        /// Examples of misses ("query | transcription | top reading") and false hits
        /// ("query | transcription | matched reading score"), for tuning.
        public var misses: [String]
        public var falseHits: [String]
        /// Why relevant lines were missed (see `SearchMissBreakdown`).
        public var missKinds: [String: Int]
    }

    public var lines: [Line]
    public var minLetters: Int
    public var policy: MatchPolicy
    public var tokenizer: WordTokenizer

    public init(lines: [Line], minLetters: Int = 4, policy: MatchPolicy = .standard, tokenizer: WordTokenizer = WordTokenizer()) {
        self.lines = lines
        self.minLetters = minLetters
        self.policy = policy
        self.tokenizer = tokenizer
    }

    /// - Parameters:
    ///   - fullWordsOnly: measure whole-word queries rather than prefixes.
    ///   - examples: how many misses and false hits to keep in the report.
    public func run(fullWordsOnly: Bool, examples: Int = 0) -> Report {
        let start = Date()
        let normalizer = TextNormalizer.standard
        var index = SearchIndex<Int>(policy: policy)
        var baseline: [String: Set<Int>] = [:]
        var exactLines = 0, wordsSeen = 0, wordsRead = 0
        let relevance = SearchRelevance(transcriptions: lines.map(\.text), minLetters: minLetters, normalizer: normalizer)
        var lineTokens: [[WordToken]] = []
        for (k, line) in lines.enumerated() {
            lineTokens.append(line.tokens(tokenizer))
            index.add(lineTokens[k], to: k)
            let top = normalizer.words(line.bestText)
            for word in top { baseline[word, default: []].insert(k) }
            let truth = normalizer.words(line.text)
            if truth == top { exactLines += 1 }
            let topSet = Set(top)
            wordsSeen += truth.count
            wordsRead += truth.filter { topSet.contains($0) }.count
        }
        var tally = PairTally(), baselineTally = PairTally()
        var misses: [String] = [], falseHits: [String] = []
        var breakdown = SearchMissBreakdown()
        let options = SearchOptions(fullWordsOnly: fullWordsOnly)
        for query in relevance.queries {
            let relevant = relevance.relevant(to: query, fullWordsOnly: fullWordsOnly)
            let baselineFound = SearchRelevance.lines(of: query, in: baseline, fullWordsOnly: fullWordsOnly)
            let hits = index.search(query, options: options)
            let found = Set(hits.map(\.document))
            for hit in hits where !relevant.contains(hit.document) && falseHits.count < examples && (query.hashValueStable % 7 == 0) {
                falseHits.append("\(query) | \(lines[hit.document].text) | \(hit.hit.reading) \(String(format: "%.3f", hit.hit.score))")
            }
            for k in relevant.subtracting(found) {
                breakdown.add(query: query, tokens: lineTokens[k])
                if misses.count < examples { misses.append("\(query) | \(lines[k].text) | \(lines[k].bestText)") }
            }
            tally.add(found: found, relevant: relevant)
            baselineTally.add(found: baselineFound, relevant: relevant)
        }
        func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
        return Report(lines: lines.count, queries: relevance.queries.count, relevantPairs: tally.relevantPairs, fullWordsOnly: fullWordsOnly,
                      recall: tally.recall, precision: tally.precision,
                      baselineRecall: baselineTally.recall, baselinePrecision: baselineTally.precision,
                      lineAccuracy: ratio(exactLines, lines.count), topReadingWordRecall: ratio(wordsRead, wordsSeen),
                      seconds: Date().timeIntervalSince(start), misses: misses, falseHits: falseHits, missKinds: breakdown.counts)
    }
}
