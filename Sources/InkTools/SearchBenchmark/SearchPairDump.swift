import Foundation
import InkIndex
import InkRecognition
import InkSearch

/// Tuning data for `WordCalibration`: for each query (every distinct transcription word of 4+
/// letters) every word a loose search considers, with its features and whether its line is
/// relevant. One tab-separated row per word: query, line, token, relevant, has a close reading,
/// reading probability, distance, inexact known word, evidence log-ratio (or "nan"), query
/// length (collapsed characters), whether the reading spells the query letter for letter.
///
/// ```swift
/// let rows = SearchPairDump(lines: lines).rows(fullWordsOnly: true)
/// ```
public struct SearchPairDump: Sendable {
    public var lines: [SearchQualityBenchmark.Line]
    public var tokenizer: WordTokenizer
    public var minLetters = 4
    /// Words reached only by evidence are kept down to this log-ratio bound.
    public var minimumLogRatio = WordCalibration.evidenceFloor

    public init(lines: [SearchQualityBenchmark.Line], tokenizer: WordTokenizer = WordTokenizer()) {
        self.lines = lines
        self.tokenizer = tokenizer
    }

    public func rows(fullWordsOnly: Bool) -> [String] {
        let normalizer = TextNormalizer.standard
        var index = SearchIndex<Int>(policy: .standard)
        var truth: [Set<String>] = []
        for (k, line) in lines.enumerated() {
            index.add(line.tokens(tokenizer), to: k)
            truth.append(Set(normalizer.words(line.text)))
        }
        let vocabulary = Set(truth.flatMap { $0 }).filter { $0.filter(\.isLetter).count >= minLetters }.sorted()
        let options = SearchOptions(fullWordsOnly: fullWordsOnly)
        var rows: [String] = []
        for query in vocabulary {
            let length = normalizer.collapsedScalars(query).count
            for word in index.features(query, options: options, minimumLogRatio: minimumLogRatio) {
                let relevant = fullWordsOnly ? truth[word.document].contains(query) : truth[word.document].contains { $0.hasPrefix(query) }
                rows.append([query, String(word.document), String(word.token), relevant ? "1" : "0", word.text == nil ? "0" : "1",
                             String(format: "%.4f", word.text?.probability ?? 0), String(word.text?.distance ?? 0),
                             word.text.map { $0.knownWord && $0.distance > 0 ? "1" : "0" } ?? "0",
                             word.logRatio.map { String(format: "%.3f", $0) } ?? "nan", String(length),
                             word.spellsQuery ? "1" : "0"].joined(separator: "\t"))
            }
        }
        return rows
    }
}
