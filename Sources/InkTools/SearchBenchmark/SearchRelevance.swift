import Foundation
import InkIndex
import InkSearch

/// The queries and the relevance rule of the search quality benchmarks (in memory and in the
/// library), so that both measure the same thing: every distinct transcription word of at least
/// `minLetters` letters is a query; a line is relevant where its transcription holds the word
/// (as a whole word with `fullWordsOnly`, else as a word's prefix). A word written with a
/// possessive or contracted ending holds its stem too ("world's" is relevant to "world",
/// `CliticEndings`), as search finds it; the queries are the words as written.
///
/// ```swift
/// let relevance = SearchRelevance(transcriptions: lines.map(\.text))
/// for query in relevance.queries { let lines = relevance.relevant(to: query, fullWordsOnly: true) }
/// ```
struct SearchRelevance: Sendable {
    /// Each line's folded words.
    let words: [Set<String>]
    /// The queries, sorted.
    let queries: [String]
    private let linesByWord: [String: Set<Int>]

    init(transcriptions: [String], minLetters: Int = 4, normalizer: TextNormalizer = .standard) {
        let written = transcriptions.map { Set(normalizer.words($0)) }
        queries = Set(written.flatMap { $0 }).filter { $0.filter(\.isLetter).count >= minLetters }.sorted()
        words = zip(written, transcriptions).map { words, text in
            words.union(TextNormalizer.rawWords(text).compactMap(CliticEndings.stem(of:)).map { normalizer.fold($0) }.filter { !$0.isEmpty })
        }
        var linesByWord: [String: Set<Int>] = [:]
        for (k, line) in words.enumerated() {
            for word in line { linesByWord[word, default: []].insert(k) }
        }
        self.linesByWord = linesByWord
    }

    /// The lines (indices) a query should find.
    func relevant(to query: String, fullWordsOnly: Bool) -> Set<Int> {
        Self.lines(of: query, in: linesByWord, fullWordsOnly: fullWordsOnly)
    }

    /// The lines of `index` (word → lines) that hold the query as a word, or as a word's prefix.
    static func lines(of query: String, in index: [String: Set<Int>], fullWordsOnly: Bool) -> Set<Int> {
        if fullWordsOnly { return index[query] ?? [] }
        return index.filter { $0.key.hasPrefix(query) }.reduce(into: Set<Int>()) { $0.formUnion($1.value) }
    }
}

/// Micro-averaged recall and precision over (query, line) pairs.
struct PairTally: Sendable {
    var truePositives = 0, falsePositives = 0, falseNegatives = 0

    mutating func add(found: Set<Int>, relevant: Set<Int>) {
        truePositives += found.intersection(relevant).count
        falsePositives += found.subtracting(relevant).count
        falseNegatives += relevant.subtracting(found).count
    }

    var relevantPairs: Int { truePositives + falseNegatives }
    var recall: Double { Self.ratio(truePositives, truePositives + falseNegatives) }
    var precision: Double { Self.ratio(truePositives, truePositives + falsePositives) }
    private static func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
}
