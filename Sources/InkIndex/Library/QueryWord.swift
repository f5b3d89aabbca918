import Foundation

/// One word of a query with its keys, and how it matches a word of the index.
struct QueryWord {
    let text: String
    let key: String
    let keyBytes: [UInt8]
    /// The case-keeping key, where matching must respect case.
    let caseKeyBytes: [UInt8]?
    let fullWordsOnly: Bool

    init(text: String, caseMatching: Bool, fullWordsOnly: Bool) {
        self.text = text
        key = LibrarySearchSemantics.key(text)
        keyBytes = Array(key.utf8)
        caseKeyBytes = caseMatching ? Array(LibrarySearchSemantics.key(text, keepCase: true).utf8) : nil
        self.fullWordsOnly = fullWordsOnly
    }

    /// The reading of `word` that matches best, with its score; nil where none matches.
    func bestMatch(in word: IndexedWord) -> (reading: String, score: Double)? {
        var best: (reading: String, score: Double)?
        for reading in word.readings {
            let candidate = Array(LibrarySearchSemantics.key(reading.text).utf8)
            guard let quality = LibrarySearchSemantics.matchQuality(query: keyBytes, candidate: candidate, fullWordsOnly: fullWordsOnly)
            else { continue }
            // With case matching, a difference of case is a mismatch, never a tolerated edit.
            if let caseKeyBytes {
                let cased = Array(LibrarySearchSemantics.key(reading.text, keepCase: true).utf8)
                guard LibrarySearchSemantics.matchQuality(query: caseKeyBytes, candidate: cased, fullWordsOnly: fullWordsOnly) == quality
                else { continue }
            }
            let score = LibrarySearchSemantics.score(quality: quality, probability: reading.probability)
            if score > best?.score ?? -1 { best = (reading.text, score) }
        }
        return best
    }
}

/// Phrases: query words matched by consecutive words in reading order (so a phrase may run
/// from the end of one line to the start of the next).
enum PhraseMatcher {
    struct Hit {
        var strokeIDs: [UUID]
        var bounds: CGRect
        var reading: String
        var score: Double
    }

    /// O(words × query words).
    static func hits(of query: [QueryWord], in words: [IndexedWord]) -> [Hit] {
        guard !query.isEmpty, words.count >= query.count else { return [] }
        var hits: [Hit] = []
        for start in 0...(words.count - query.count) {
            var matched: [(reading: String, score: Double)] = []
            for (offset, queryWord) in query.enumerated() {
                guard let match = queryWord.bestMatch(in: words[start + offset]) else { break }
                matched.append(match)
            }
            guard matched.count == query.count else { continue }
            let run = words[start..<(start + query.count)]
            hits.append(Hit(strokeIDs: run.flatMap(\.strokeIDs), bounds: run.reduce(CGRect.null) { $0.union($1.bounds) },
                            reading: matched.map(\.reading).joined(separator: " "),
                            score: matched.map(\.score).reduce(0, +) / Double(matched.count)))
        }
        return hits
    }
}
