import Foundation

/// The library's reading keys held in an InkSearch `SearchIndex`, one document per term, so
/// that expanding a query word into the keys it matches (exactly, as a prefix, or fuzzily under
/// the confusion classes) uses the very matcher of `StrokeRecognizer.search`.
///
/// Terms are only ever appended to the `terms` table, so the cache refreshes by loading the rows
/// above the highest id it holds; a connection sees other connections' new terms at its next
/// search.
final class FormVocabulary {
    private var index = SearchIndex<Int64>(findsReferences: false)
    private var maxID: Int64 = 0

    func refresh(from db: Database) throws {
        let top = try db.scalarInt("SELECT max(id) FROM terms") ?? 0
        guard top > maxID else { return }
        for (id, reading) in try db.query("SELECT id, reading FROM terms WHERE id > ? ORDER BY id", [.int(maxID)], row: { ($0.int(0), $0.text(1)) }) {
            index.add([WordToken(strokeIDs: [], bounds: .null, line: 0, position: 0, readings: [WordReading(text: reading, probability: 1)])], to: id)
            maxID = id
        }
    }

    private var postingCounts: [Int64: Int] = [:]

    /// How many tokens carry a term, counted once per connection: a cost estimate for choosing
    /// what to read, so a count made stale by later indexing does no harm.
    func postingCount(of term: Int64, in db: Database) throws -> Int {
        if let count = postingCounts[term] { return count }
        let count = Int(try db.scalarInt("SELECT count(*) FROM postings WHERE term = ?", [.int(term)]) ?? 0)
        postingCounts[term] = count
        return count
    }

    /// Terms one query word matches, each with the best score a reading of probability 1 would
    /// get (so a posting's score is at most its probability times this). Case is not checked
    /// here: keys are case-folded; hits are verified against the readings themselves.
    func matches(of term: SearchQuery.Term, in query: SearchQuery) -> [(id: Int64, score: Double)] {
        var single = query
        single.terms = [term]
        single.reference = nil
        single.book = nil
        single.options.caseMatchingOnly = false
        return index.search(single).map { ($0.document, $0.hit.score) }
    }
}
