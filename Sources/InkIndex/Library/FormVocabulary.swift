import Foundation

/// Expands a query word into the library's reading keys it matches (exactly, as a prefix, or
/// fuzzily under the confusion classes), as an InkSearch `SearchIndex` holding every key would:
/// the keys equal to the word or sharing a deletion variant with it come from the connection's
/// keys in memory (`LibraryKeys`, brought up to date with each search), the keys a prefix
/// begins from a range of `terms`, and `WordMatcher` judges each. Every search sees the keys
/// committed before it.
final class FormVocabulary {
    private let matcher = WordMatcher()
    private let keys = LibraryKeys()
    private var postingCounts: [Int64: Int] = [:]

    /// How many tokens carry a term, counted once per connection: a cost estimate for choosing
    /// what to read, so a count made stale by later indexing does no harm.
    func postingCount(of term: Int64, in db: any SQLConnection) throws -> Int {
        try postingCount(of: [term], in: db)
    }

    /// How many postings the terms have in all, the terms not yet counted counted in one
    /// statement (on PostgreSQL each statement is a round trip).
    func postingCount(of terms: [Int64], in db: any SQLConnection) throws -> Int {
        let uncounted = Set(terms.filter { postingCounts[$0] == nil })
        if !uncounted.isEmpty {
            try db.forEachRow("SELECT j.value, (SELECT count(*) FROM postings WHERE term = j.value) FROM \(db.dialect.integers(as: "j"))",
                              [.text(Self.jsonArray(uncounted.sorted().map(String.init)))]) { row in
                postingCounts[row.int(0)] = Int(row.int(1))
            }
        }
        return terms.reduce(0) { $0 + (postingCounts[$1] ?? 0) }
    }

    /// The terms each query word matches (`matches(of:withEvidence:policy:in:)`), the keys in
    /// memory brought up to date once for all of them.
    func matches(of terms: [SearchQuery.Term], withEvidence: Bool, policy: MatchPolicy,
                 in db: any SQLConnection) throws -> [[(id: Int64, bound: KeyBound)]] {
        try keys.refresh(in: db)
        return try terms.map { try matches(of: $0, withEvidence: withEvidence, policy: policy, in: db) }
    }

    /// Terms one query word matches, each with what a posting of it can score (`KeyBound`).
    /// Case is not checked here: keys are case-folded; hits are verified against the readings
    /// themselves.
    ///
    /// - Parameters:
    ///   - withEvidence: whether the library holds words with evidence: then, as `SearchIndex`
    ///     does, keys up to the term's `candidateDistance` are candidates (evidence may make them
    ///     hits), else only those within its `maxDistance`.
    ///   - policy: the search's, whose calibration bounds what evidence can make of a key (the
    ///     distances and scores of readings are `matcher`'s, the same in every shipped policy).
    /// Complexity: O(keys of the lengths that can match × their length) in memory, plus one
    /// range scan and one distance per key it begins, for a prefix.
    private func matches(of term: SearchQuery.Term, withEvidence: Bool, policy: MatchPolicy,
                         in db: any SQLConnection) throws -> [(id: Int64, bound: KeyBound)] {
        let calibration = withEvidence ? policy.calibration(allowingPrefix: term.allowsPrefix).flatMap { term.folded.count >= $0.minimumLength ? $0 : nil } : nil
        let limit = calibration != nil ? term.candidateDistance : term.maxDistance
        // The candidates `SearchIndex` gathers: keys equal to the word or to one of its deletion
        // variants, or having one of those among their own variants (as deep as its distance
        // allows), found among the keys in memory (brought up to date by the caller).
        var candidates: [Int64: (key: String, reading: String)] = [:]
        for candidate in keys.sharingVariant(with: term.key, depth: min(2, Int(limit.rounded(.up)))) {
            candidates[candidate.id] = (candidate.key, candidate.reading)
        }
        if term.allowsPrefix, !term.key.isEmpty {
            // The range holds the keys that begin with the word's scalars; `SearchIndex` takes
            // those that begin with its characters (no combining mark after it).
            var sql = "SELECT id, key, reading FROM terms WHERE key >= ?1"
            var bindings: [SQLValue] = [.text(term.key)]
            if let end = Self.successor(of: term.key) {
                sql += " AND key < ?2"
                bindings.append(.text(end))
            }
            try db.forEachRow(sql, bindings) { row in
                let key = row.text(1)
                guard key.hasPrefix(term.key) else { return }
                candidates[row.int(0)] = (key, row.text(2))
            }
        }
        return candidates.compactMap { id, candidate in
            guard let match = matcher.match(term, collapsed: Array(candidate.key.unicodeScalars),
                                            reading: WordReading(text: candidate.reading, probability: 1), caseMatchingOnly: false, limit: limit)
            else { return nil }
            // Farther than `maxDistance`, only evidence can make a word with the key a hit.
            let readingScore = match.distance <= term.maxDistance && match.score >= policy.minimumScore ? match.score : 0
            guard readingScore > 0 || calibration != nil else { return nil }
            return (id, KeyBound(readingScore: readingScore, distance: match.distance, calibration: calibration,
                                 length: term.scalars.count, prefixQuery: term.allowsPrefix))
        }
    }

    /// A JSON array of the given JSON values, for `json_each`: one statement for any number.
    static func jsonArray(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// A JSON array of keys, for `json_each`. Keys are letters, digits and `|` (TextNormalizer
    /// keeps nothing else), so they need no escaping in JSON; a string that would is no key and
    /// is left out.
    static func jsonKeys(_ keys: some Sequence<String>) -> String {
        jsonArray(keys.filter { !$0.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) }.map { "\"" + $0 + "\"" })
    }

    /// The least string above every string that begins with `key` (in SQLite's binary order of
    /// UTF-8, which is the order of scalar values), or nil where there is none.
    static func successor(of key: String) -> String? {
        var scalars = Array(key.unicodeScalars)
        while let last = scalars.popLast() {
            var value = last.value + 1
            if (0xD800...0xDFFF).contains(value) { value = 0xE000 }
            if let next = Unicode.Scalar(value) {
                scalars.append(next)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars)
                return String(view)
            }
        }
        return nil
    }
}
