import Foundation

/// A query word's candidate tokens, read from the best down, band by band: after
/// `read(downTo: f)` it holds at least the tokens that carry one of the word's keys with a
/// `KeyBound` of at least f times the most any can score (every one of them after f = 0), each
/// with its best such bound: an upper bound of its score for the word. A band reads only what
/// the previous ones did not (through `postings_by_probability`), in one statement for all the
/// word's keys (a part per distinct key bound): on PostgreSQL each statement is a round trip.
///
/// Where the library holds evidence (`evidenceCeiling`, the most any word's best path costs),
/// the bands are cut by that ceiling, and each token is then bounded by its own cost (read with
/// its posting), so tokens without evidence keep their readings' bound.
struct CandidateBands {
    /// The keys by bound, with their ids as JSON arrays.
    private let groups: [(bound: KeyBound, ids: [Int64], json: String)]
    private let boundOfKey: [Int64: KeyBound]
    private let evidenceCeiling: Double?
    /// SQL on the posting's token (`t`) that a candidate must meet (`SearchFilter`), if any.
    private let condition: String?
    private var knownCeiling: Double?
    private var readDownTo: Double?
    private(set) var tokens: [Int64: Double] = [:]

    init(_ matches: [(id: Int64, bound: KeyBound)], evidenceCeiling: Double?, filter: SearchFilter = []) {
        self.evidenceCeiling = evidenceCeiling
        condition = filter.sqlCondition(token: "t")
        boundOfKey = Dictionary(matches.map { ($0.id, $0.bound) }, uniquingKeysWith: { first, _ in first })
        groups = Dictionary(grouping: matches, by: \.bound).map { bound, keys in
            (bound, keys.map(\.id), FormVocabulary.jsonArray(keys.map { String($0.id) }))
        }
    }

    /// The most a posting of the word scores: per key bound, its bound at the highest
    /// probability among its keys' postings (one index seek a key, in one statement).
    mutating func ceiling(in db: any SQLConnection) throws -> Double {
        if let knownCeiling { return knownCeiling }
        var top: [Int64: Double] = [:]
        let ids = FormVocabulary.jsonArray(groups.flatMap(\.ids).map(String.init))
        try db.forEachRow("SELECT j.value, (SELECT max(probability) FROM postings WHERE term = j.value) FROM \(db.dialect.integers(as: "j"))",
                          [.text(ids)]) { row in
            if !row.isNull(1) { top[row.int(0)] = row.double(1) }
        }
        var ceiling = 0.0
        for group in groups {
            if let probability = group.ids.compactMap({ top[$0] }).max() {
                ceiling = max(ceiling, group.bound.bound(probability: probability, evidenceCost: evidenceCeiling))
            }
        }
        knownCeiling = ceiling
        return ceiling
    }

    /// Reads the band from level `fraction` up to the previous level read.
    mutating func read(downTo fraction: Double, in db: any SQLConnection) throws {
        let ceiling = fraction > 0 || readDownTo != nil ? try ceiling(in: db) : 0
        /// The lowest probability read for keys of `bound` at level f; the same value bounds the
        /// next band from above, so bands neither overlap nor leave gaps.
        func lowest(_ f: Double, _ bound: KeyBound) -> Double {
            f > 0 ? bound.probabilityBelow(reaching: f * ceiling, evidenceCost: evidenceCeiling) ?? 2 : -1
        }
        let terms = db.dialect.inIntegers()
        let byProbability = condition.map { condition in """
            SELECT p.term, p.token, p.probability, NULL FROM postings p JOIN tokens t ON t.id = p.token
            WHERE p.term \(terms) AND p.probability >= ? AND p.probability < ? AND \(condition)
            """ } ?? """
            SELECT term, token, probability, NULL FROM postings
            WHERE term \(terms) AND probability >= ? AND probability < ?
            """
        let withEvidence = """
            SELECT p.term, p.token, p.probability, t.evidence_cost FROM postings p JOIN tokens t ON t.id = p.token
            WHERE p.term \(terms) AND p.probability >= ? AND p.probability < ?
            """ + (condition.map { " AND " + $0 } ?? "")
        // A part per key bound with postings left to read in the band (the SQL's text varies only
        // with their number, so a prepared statement serves every query word).
        var parts: [String] = [], bindings: [SQLValue] = []
        for group in groups {
            let low = lowest(fraction, group.bound), high = readDownTo.map { lowest($0, group.bound) } ?? 2
            guard low < high else { continue }
            parts.append(group.bound.calibration != nil && evidenceCeiling != nil ? withEvidence : byProbability)
            bindings += [.text(group.json), .double(low), .double(high)]
        }
        if !parts.isEmpty {
            try db.forEachRow(parts.joined(separator: "\nUNION ALL\n"), bindings) { row in
                guard let bound = boundOfKey[row.int(0)] else { return }
                let token = row.int(1)
                let score = bound.bound(probability: row.double(2), evidenceCost: row.isNull(3) ? nil : row.double(3))
                if score > 0, score > tokens[token] ?? -1 { tokens[token] = score }
            }
        }
        readDownTo = fraction
    }
}
