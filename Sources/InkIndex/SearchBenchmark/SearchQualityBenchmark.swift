import Foundation
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

    /// - Parameter examples: how many misses and false hits to keep in the report.
    public func run(fullWordsOnly: Bool, examples: Int = 0) -> Report {
        let start = Date()
        let normalizer = TextNormalizer.standard
        var index = SearchIndex<Int>(policy: policy)
        var baseline: [String: Set<Int>] = [:]
        var truthWords: [Set<String>] = []
        var exactLines = 0, wordsSeen = 0, wordsRead = 0
        for (k, line) in lines.enumerated() {
            index.add(line.tokens(tokenizer), to: k)
            let top = normalizer.words(line.bestText)
            for word in top { baseline[word, default: []].insert(k) }
            let truth = normalizer.words(line.text)
            truthWords.append(Set(truth))
            if truth == top { exactLines += 1 }
            let topSet = Set(top)
            wordsSeen += truth.count
            wordsRead += truth.filter { topSet.contains($0) }.count
        }
        let vocabulary = Set(truthWords.flatMap { $0 }).filter { $0.filter(\.isLetter).count >= minLetters }.sorted()
        var truthByWord: [String: Set<Int>] = [:]
        for (k, words) in truthWords.enumerated() {
            for word in words { truthByWord[word, default: []].insert(k) }
        }
        var tp = 0, fp = 0, fn = 0, btp = 0, bfp = 0, bfn = 0
        var misses: [String] = [], falseHits: [String] = []
        var breakdown = SearchMissBreakdown()
        var lineTokens: [[WordToken]] = []
        for line in lines { lineTokens.append(line.tokens(tokenizer)) }
        let options = SearchOptions(fullWordsOnly: fullWordsOnly)
        for query in vocabulary {
            let relevant: Set<Int>
            let baselineFound: Set<Int>
            if fullWordsOnly {
                relevant = truthByWord[query] ?? []
                baselineFound = baseline[query] ?? []
            } else {
                relevant = truthByWord.filter { $0.key.hasPrefix(query) }.reduce(into: Set<Int>()) { $0.formUnion($1.value) }
                baselineFound = baseline.filter { $0.key.hasPrefix(query) }.reduce(into: Set<Int>()) { $0.formUnion($1.value) }
            }
            let hits = index.search(query, options: options)
            let found = Set(hits.map(\.document))
            for hit in hits where !relevant.contains(hit.document) && falseHits.count < examples && (query.hashValueStable % 7 == 0) {
                falseHits.append("\(query) | \(lines[hit.document].text) | \(hit.hit.reading) \(String(format: "%.3f", hit.hit.score))")
            }
            for k in relevant.subtracting(found) {
                breakdown.add(query: query, tokens: lineTokens[k])
                if misses.count < examples { misses.append("\(query) | \(lines[k].text) | \(lines[k].bestText)") }
            }
            tp += found.intersection(relevant).count
            fp += found.subtracting(relevant).count
            fn += relevant.subtracting(found).count
            btp += baselineFound.intersection(relevant).count
            bfp += baselineFound.subtracting(relevant).count
            bfn += relevant.subtracting(baselineFound).count
        }
        func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
        return Report(lines: lines.count, queries: vocabulary.count, relevantPairs: tp + fn, fullWordsOnly: fullWordsOnly,
                      recall: ratio(tp, tp + fn), precision: ratio(tp, tp + fp),
                      baselineRecall: ratio(btp, btp + bfn), baselinePrecision: ratio(btp, btp + bfp),
                      lineAccuracy: ratio(exactLines, lines.count), topReadingWordRecall: ratio(wordsRead, wordsSeen),
                      seconds: Date().timeIntervalSince(start), misses: misses, falseHits: falseHits, missKinds: breakdown.counts)
    }
}
