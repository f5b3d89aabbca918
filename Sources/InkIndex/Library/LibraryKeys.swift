import Foundation
import InkSearch

/// The library's reading keys (`terms`) held in memory by one connection, grouped by length, so
/// that the keys a query word may match fuzzily are found by probing each key of a possible
/// length (`DeletionProbe`) instead of by a stored table of every key's deletion variants (15
/// rows a key, the largest derived table before schema 11).
///
/// Terms are only appended, so each search reads only the terms added since the last
/// (`refresh`). Two things are watched for:
/// - On PostgreSQL, other servers' transactions may commit term ids out of order: ids below the
///   highest read that were not there yet are asked for again (`gaps`) until they appear, for a
///   bounded number of refreshes (an id whose transaction rolled back never appears).
/// - A table emptied and refilled (repair, a forced reindex) reuses ids on SQLite: the key of the
///   highest id read is read back with every refresh, and a different or missing one starts over.
///
/// Memory: the keys' scalars (4 bytes each) and their readings, about 60 bytes a key.
final class LibraryKeys {
    struct Candidate {
        var id: Int64
        var key: String
        var reading: String
    }

    /// The keys of one length: their scalars end to end (`length` each), ids and readings.
    private struct Bucket {
        var scalars: [UInt32] = []
        var ids: [Int64] = []
        var keys: [String] = []
        var readings: [String] = []
    }

    private var buckets: [Int: Bucket] = [:]
    private var highest: (id: Int64, key: String)?
    /// Ids below `highest` not read yet, with the refresh at which each was first missed.
    private var gaps: [Int64: Int] = [:]
    private var refreshes = 0
    /// How many refreshes a missing id is asked for (see the type's discussion).
    static let gapRefreshes = 10_000
    static let maximumGaps = 1_000

    var count: Int { buckets.values.reduce(0) { $0 + $1.ids.count } }

    /// Reads the terms added since the last refresh (all of them the first time).
    func refresh(in db: any SQLConnection) throws {
        refreshes += 1
        gaps = gaps.filter { refreshes - $0.value < Self.gapRefreshes }
        let after = highest?.id ?? 0
        var rows: [Candidate] = []
        var sawHighest = highest == nil
        // One range of the key (the highest id read and those after it); the ids still missing
        // by themselves: an OR of the two made SQLite read the whole table.
        func read(_ sql: String, _ bindings: [SQLValue]) throws {
            try db.forEachRow(sql, bindings) { row in
                let candidate = Candidate(id: row.int(0), key: row.text(1), reading: row.text(2))
                if let highest, candidate.id == highest.id {
                    sawHighest = candidate.key == highest.key
                } else {
                    rows.append(candidate)
                }
            }
        }
        try read("SELECT id, key, reading FROM terms WHERE id >= ?", [.int(after)])
        if !gaps.isEmpty {
            try read("SELECT id, key, reading FROM terms WHERE id \(db.dialect.inIntegers())",
                     [.text(FormVocabulary.jsonArray(gaps.keys.sorted().map(String.init)))])
        }
        guard sawHighest else {
            // Emptied and refilled since: start over.
            reset()
            return try refresh(in: db)
        }
        rows.sort { $0.id < $1.id }
        var expected = after + 1
        for row in rows {
            if row.id > after {
                for missing in expected..<max(expected, row.id) where gaps.count < Self.maximumGaps { gaps[missing] = refreshes }
                expected = row.id + 1
            }
            gaps[row.id] = nil
            add(row)
            if row.id > (highest?.id ?? 0) { highest = (row.id, row.key) }
        }
    }

    /// The keys that share a deletion variant with `word` (`depth` deep), or equal it. O(keys
    /// of the lengths that can, times their length); a word too long for variants is compared
    /// whole.
    func sharingVariant(with word: String, depth: Int) -> [Candidate] {
        guard let probe = DeletionProbe(word: word, depth: depth) else {
            let length = word.unicodeScalars.count
            guard let bucket = buckets[length] else { return [] }
            return bucket.keys.indices.filter { bucket.keys[$0] == word }.map { candidate(in: bucket, at: $0) }
        }
        var found: [Candidate] = []
        for length in probe.keyLengths {
            guard let bucket = buckets[length] else { continue }
            let keyDepth = DeletionNeighborhood.indexDepth(forLength: length)
            bucket.scalars.withUnsafeBufferPointer { scalars in
                for k in bucket.ids.indices
                where probe.sharesVariant(with: UnsafeBufferPointer(rebasing: scalars[k * length..<(k + 1) * length]), keyDepth: keyDepth) {
                    found.append(candidate(in: bucket, at: k))
                }
            }
        }
        return found
    }

    private func candidate(in bucket: Bucket, at k: Int) -> Candidate {
        Candidate(id: bucket.ids[k], key: bucket.keys[k], reading: bucket.readings[k])
    }

    private func add(_ candidate: Candidate) {
        let scalars = candidate.key.unicodeScalars.map(\.value)
        buckets[scalars.count, default: Bucket()].scalars += scalars
        buckets[scalars.count, default: Bucket()].ids.append(candidate.id)
        buckets[scalars.count, default: Bucket()].keys.append(candidate.key)
        buckets[scalars.count, default: Bucket()].readings.append(candidate.reading)
    }

    private func reset() {
        buckets = [:]
        highest = nil
        gaps = [:]
    }
}
