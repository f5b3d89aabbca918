import Foundation

/// A query word's candidate tokens, read from the best down, band by band: after
/// `read(downTo: f)` it holds exactly the tokens that carry one of the word's keys with a score
/// (probability times key score) of at least f times the most any can score (every one of them
/// after f = 0), each with its best such score, an upper bound of its score for the word. A band
/// reads only what the previous ones did not (through `postings_by_probability`), one statement
/// per distinct key score.
struct CandidateBands {
    /// The keys by score, as JSON arrays of their ids.
    private let groups: [(score: Double, ids: String)]
    private var knownCeiling: Double?
    private var readDownTo: Double?
    private(set) var tokens: [Int64: Double] = [:]

    init(_ matches: [(id: Int64, score: Double)]) {
        groups = Dictionary(grouping: matches, by: \.score).map { score, keys in
            (score, FormVocabulary.jsonArray(keys.map { String($0.id) }))
        }
    }

    /// The most a posting of the word scores: its best key score times the highest probability
    /// among its keys' postings (one index seek a key).
    mutating func ceiling(in db: Database) throws -> Double {
        if let knownCeiling { return knownCeiling }
        var probability = 0.0
        for group in groups {
            let top = try db.query("SELECT max((SELECT max(probability) FROM postings WHERE term = j.value)) FROM json_each(?) j",
                                   [.text(group.ids)]) { $0.isNull(0) ? 0 : $0.double(0) }
            probability = max(probability, top.first ?? 0)
        }
        let ceiling = (groups.map(\.score).max() ?? 0) * probability
        knownCeiling = ceiling
        return ceiling
    }

    /// Reads the band from level `fraction` up to the previous level read.
    mutating func read(downTo fraction: Double, in db: Database) throws {
        let ceiling = fraction > 0 || readDownTo != nil ? try ceiling(in: db) : 0
        // The lowest probability read for keys of `score` at level f: lowered a little, so that
        // rounding never drops a posting scoring exactly the level's floor; the same value
        // bounds the next band from above, so bands neither overlap nor leave gaps.
        func lowest(_ f: Double, _ score: Double) -> Double { f > 0 ? f * ceiling / score * (1 - 1e-9) : -1 }
        let statement = try db.prepare("""
            SELECT token, probability FROM postings
            WHERE term IN (SELECT value FROM json_each(?)) AND probability >= ? AND probability < ?
            """)
        for (score, ids) in groups {
            try statement.bind([.text(ids), .double(lowest(fraction, score)), .double(readDownTo.map { lowest($0, score) } ?? 2)])
            while try statement.step() {
                let token = statement.int(0), bound = statement.double(1) * score
                if bound > tokens[token] ?? -1 { tokens[token] = bound }
            }
            statement.reset()
        }
        readDownTo = fraction
    }
}
