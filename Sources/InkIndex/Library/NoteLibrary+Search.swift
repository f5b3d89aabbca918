import Foundation

extension NoteLibrary {
    /// Searches every indexed note with the semantics of `StrokeRecognizer.search`: full words or
    /// prefixes, case, fuzzy matching under the confusion classes, phrases across adjacent words
    /// (and line breaks), words read as two (`SplitWord`), and scripture references. Best hits
    /// first.
    ///
    /// SQLite finds the candidates (the keys a query word matches, then their postings; for a
    /// reference, the citations of its book and chapter), each with an upper bound of its score;
    /// InkSearch's `SearchIndex` then scores the words around the most promising ones, so a note
    /// gets the hits it would get on its own. Runs in one read transaction: each note is seen
    /// wholly before or after any concurrent reindex.
    ///
    /// Each hit carries its `HitContext` (cluster, line, marks, relations, read from the tables
    /// of schema 6); `filter` keeps emphasized words, margin notes or the body only, read in SQL
    /// with the candidates, and a struck-through word ranks below words not struck, as in memory.
    ///
    /// ```swift
    /// let hits = try await library.search("Jn 3:16", limit: 10)
    /// let underlined = try await library.search("grace", filter: .emphasized)
    /// ```
    /// Complexity: the query's key expansion (index lookups of its deletion variants), the
    /// postings of the matched keys that score near the best (all of them at worst; for a
    /// reference, O(citations of its chapter)), then reading and scoring the words of about
    /// `limit` candidates.
    public func search(_ text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = [],
                       limit: Int = 50) throws -> [LibraryHit] {
        let query = SearchQuery(text, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly, filter: filter),
                                policy: searchPolicy)
        guard !query.isEmpty, limit > 0 else { return [] }
        return try db.transaction(.deferred) {
            var hits = try self.hits(query, limit: limit)
            for (k, relations) in try MarkupRows.relations(ofHits: hits.map(\.tokenIDs), in: db).enumerated() {
                hits[k].context?.relations = relations
            }
            return hits
        }
    }

    /// The best `limit` hits of a query, their contexts without relations; in the caller's
    /// transaction.
    func hits(_ query: SearchQuery, limit: Int) throws -> [LibraryHit] {
        var hits: [LibraryHit] = []
        if let reference = query.reference ?? query.book {
            hits += try referenceHits(query, reference, limit: limit)
        }
        if query.reference == nil {
            var words = query
            words.book = nil
            // The most any stored word's best path costs: nil where no word kept evidence.
            let evidenceCeiling = try db.query("SELECT cost FROM evidence_ceiling WHERE id = 0") { $0.double(0) }.first
            if words.terms.count == 1 {
                hits += try wordHits(words, evidenceCeiling: evidenceCeiling, limit: limit)
                // Only split words that can rank among the best `limit` held are looked for.
                let held = LibraryHit.unique(hits).map(\.score).sorted(by: >)
                hits += try splitWordHits(words, floor: held.count >= limit ? held[limit - 1] : 0)
            } else {
                hits += try phraseHits(words, evidenceCeiling: evidenceCeiling, limit: limit)
            }
        }
        return Array(LibraryHit.unique(hits).sorted(by: LibraryHit.ranking).prefix(limit))
    }

    /// Where a batch's words stand: the places of `rows` as a markup without links (a hit's
    /// relations are read once it is among the best).
    private static func markup(_ rows: [(id: Int64, note: String, word: WordToken, place: PageMarkup.Place)]) -> PageMarkup {
        PageMarkup(places: rows.map(\.place), links: [])
    }

    private static var minimumScore: Double { MatchPolicy.standard.minimumScore }

    /// A word with no readings and no frames: never a hit.
    private static let evidenceSentinel = WordToken(strokeIDs: [], bounds: .null, line: 0, position: 0, readings: [],
                                                    evidence: WordEvidence(posteriors: FramePosteriors(alphabet: "", counts: [], classes: [], costs: []),
                                                                           before: nil, after: nil))

    /// The levels at which candidates are read, as fractions of the most a candidate can score:
    /// most queries are answered by the postings near the top; the last level reads them all.
    private static let levels: [Double] = [0.9, 0.75, 0.5, 0]

    /// One word: each candidate token is scored on its own, most promising first. Words that
    /// only their evidence could make hits, with no reading near the query (`SearchIndex`'s
    /// `EvidenceIndex`), are not candidates: finding them would mean scoring every word's frames.
    private func wordHits(_ query: SearchQuery, evidenceCeiling: Double?, limit: Int) throws -> [LibraryHit] {
        let matches = try vocabulary.matches(of: [query.terms[0]], withEvidence: evidenceCeiling != nil, policy: searchPolicy, in: db)[0]
        let size = try vocabulary.postingCount(of: matches.map(\.id), in: db)
        var bands = CandidateBands(matches, evidenceCeiling: evidenceCeiling, filter: query.options.filter)
        // One for the whole query: it remembers the readings it has matched.
        var precheck = EvidencePrecheck(query, policy: searchPolicy)
        // One index too, holding one batch at a time (the previous batch removed): the forms of
        // the readings stay known from batch to batch, with their deletion variants.
        var index = SearchIndex<Int64>(policy: searchPolicy, findsReferences: false)
        // An index without evidence would look less far for close readings than one over the
        // whole library (`SearchIndex.search`): a word with empty frames keeps it looking.
        if evidenceCeiling != nil { index.add([Self.evidenceSentinel], to: -1) }
        var notes: [Int64: String] = [:]
        return try confirm(limit: limit, postings: size, ranked: { fraction in
            try bands.read(downTo: fraction, in: db)
            let threshold = max(Self.minimumScore, fraction > 0 ? fraction * (try bands.ceiling(in: db)) : 0)
            return (bands.tokens.filter { $0.value >= threshold }.map { (id: $0.key, bound: $0.value) }, threshold)
        }) { batch in
            for id in notes.keys { index.remove(id) }
            notes = [:]
            for row in try wordRows(ids: batch) {
                if precheck?.rulesOut(row.word) == true { continue }
                index.add([row.word], markup: Self.markup([row]), to: row.id)
                notes[row.id] = row.note
            }
            return index.search(query).compactMap { found in notes[found.document].map { LibraryHit(noteID: $0, found.hit, tokenIDs: [found.document]) } }
        }
    }

    /// A phrase: candidates of its rarest word ("anchors") whose neighbouring token ids carry
    /// candidates of the other words in order are ranked by the bound of the phrase's score, and
    /// only the words around the best anchors are read and searched. A note's tokens have
    /// consecutive ids in reading order (they are inserted so, in one transaction); a phrase
    /// steps over up to two words without a searchable reading (punctuation) between its words.
    ///
    /// The anchor word is the one with the fewest postings; a word with many more postings than
    /// the anchor ("a" as a prefix) is not read whole: only the postings of the tokens around
    /// each anchor are (its bound is then the key's score alone, still an upper bound). The bound
    /// is a geometric mean of n words' scores, so it reaches f^(1/n) times its most only where
    /// each word's score reaches f times that word's most: a level f reads only those postings
    /// (see `levels`).
    private func phraseHits(_ query: SearchQuery, evidenceCeiling: Double?, limit: Int) throws -> [LibraryHit] {
        let gap: Int64 = 3
        let count = query.terms.count
        let matches = try vocabulary.matches(of: query.terms, withEvidence: evidenceCeiling != nil, policy: searchPolicy, in: db)
        /// A key's bound for any posting (probability 1, the costliest evidence).
        func keyBound(_ match: (id: Int64, bound: KeyBound)) -> Double { match.bound.bound(probability: 1, evidenceCost: evidenceCeiling) }
        guard matches.allSatisfy({ !$0.isEmpty }) else { return [] }
        let keys = matches.map { Set($0.map(\.id)) }
        _ = try vocabulary.postingCount(of: matches.flatMap { $0.map(\.id) }, in: db)
        let sizes = try matches.map { try vocabulary.postingCount(of: $0.map(\.id), in: db) }
        let anchor = sizes.indices.min { sizes[$0] < sizes[$1] }!
        // Reading a token's neighbourhood costs about as much as reading 16 postings.
        let distant = query.terms.indices.filter { $0 != anchor && sizes[$0] > 16 * sizes[anchor] }
        var bands = matches.map { CandidateBands($0, evidenceCeiling: evidenceCeiling) }
        // Candidates of distant words, found around the anchors probed so far.
        var near = [[Int64: Double]](repeating: [:], count: count)
        var probed = Set<Int64>()
        func candidates(_ term: Int) -> [Int64: Double] { distant.contains(term) ? near[term] : bands[term].tokens }
        /// The tokens a phrase through an anchor can span.
        func window(_ id: Int64) -> ClosedRange<Int64> { (id - gap * Int64(anchor))...(id + gap * Int64(count - 1 - anchor)) }

        func ranked(_ fraction: Double) throws -> (candidates: [(id: Int64, bound: Double)], floor: Double) {
            var product = 1.0
            for term in query.terms.indices {
                if distant.contains(term) {
                    product *= matches[term].map(keyBound).max()!
                } else {
                    try bands[term].read(downTo: fraction, in: db)
                    if fraction > 0 { product *= try bands[term].ceiling(in: db) }
                }
            }
            let threshold = max(Self.minimumScore, fraction > 0 ? pow(fraction * product, 1 / Double(count)) : 0)
            if !distant.isEmpty {
                let scores = distant.map { Dictionary(matches[$0].map { ($0.id, keyBound($0)) }, uniquingKeysWith: max) }
                let unprobed = bands[anchor].tokens.keys.filter { probed.insert($0).inserted }
                for (token, termID) in try postings(around: unprobed.sorted(), window: window) {
                    for (k, term) in distant.enumerated() {
                        if let score = scores[k][termID], score > near[term][token] ?? -1 { near[term][token] = score }
                    }
                }
            }
            guard query.terms.indices.allSatisfy({ !candidates($0).isEmpty }) else { return ([], threshold) }
            /// Terms `term`, `term + step`, ... placed from `position` on, each within `gap`
            /// tokens of the previous: the best sum of their log bounds; nil where they cannot
            /// be placed.
            func chain(_ term: Int, from position: Int64, step: Int64) -> Double? {
                guard query.terms.indices.contains(term) else { return 0 }
                var best: Double?
                for distance in 1...gap {
                    let at = position + step * distance
                    guard let score = candidates(term)[at], let rest = chain(term + Int(step), from: at, step: step) else { continue }
                    best = max(best ?? -.infinity, log(score) + rest)
                }
                return best
            }
            return (bands[anchor].tokens.compactMap { id, score in
                guard let before = chain(anchor - 1, from: id, step: -1), let after = chain(anchor + 1, from: id, step: 1) else { return nil }
                let bound = exp((log(score) + before + after) / Double(count))
                return bound >= threshold ? (id, bound) : nil
            }, threshold)
        }

        return try confirm(limit: limit, postings: sizes[anchor], ranked: ranked) { batch in
            var index = SearchIndex<Int64>(policy: searchPolicy, findsReferences: false)
            var notes: [Int64: String] = [:]
            var anchorOffsets: [Int64: Int] = [:]
            var windows: [Int64: [Int64]] = [:]
            // The terms each token in the batch's windows carries (the same whichever window
            // holds it), read for the whole batch in one statement.
            var posted: [Int64: Set<Int64>] = [:]
            for (token, term) in try postings(around: batch, window: window) { posted[token, default: []].insert(term) }
            // Whether a token carries one of a word's keys, at any score.
            func carries(_ term: Int, _ token: Int64) -> Bool { !(posted[token] ?? []).isDisjoint(with: keys[term]) }
            /// The farthest token that a placement of terms `term`, `term + step`, ... reaches
            /// from `position`; nil where they cannot be placed.
            func reach(_ term: Int, from position: Int64, step: Int64) -> Int64? {
                guard query.terms.indices.contains(term) else { return position }
                var farthest: Int64?
                for distance in 1...gap {
                    let at = position + step * distance
                    guard carries(term, at), let end = reach(term + Int(step), from: at, step: step) else { continue }
                    farthest = farthest.map { step > 0 ? max($0, end) : min($0, end) } ?? end
                }
                return farthest
            }
            // Only the words that placements of the phrase through each anchor span, read for
            // the whole batch at once.
            let spans = batch.compactMap { id -> (id: Int64, words: ClosedRange<Int64>)? in
                guard let first = reach(anchor - 1, from: id, step: -1), let last = reach(anchor + 1, from: id, step: 1) else { return nil }
                return (id, first...last)
            }
            let allRows = try wordRows(ids: spans.flatMap { Array($0.words) })
            for (id, span) in spans {
                let rows = allRows.filter { span.contains($0.id) }
                guard let note = rows.first(where: { $0.id == id })?.note else { continue }
                let words = rows.filter { $0.note == note }
                let offset = words.firstIndex { $0.id == id }!
                // Neighbouring candidates may be separated by a word that is searchable: such
                // an anchor has no phrase, and costs no index.
                guard Self.placesEveryTerm(words.map { ($0.id, $0.word) }, anchorOffset: offset, anchor: anchor, termCount: count,
                                           matches: carries) else { continue }
                index.add(words.map(\.word), markup: Self.markup(words), to: id)
                notes[id] = note
                anchorOffsets[id] = offset
                windows[id] = words.map(\.id)
            }
            // A window's hits that leave out its anchor are some other anchor's.
            return index.search(query).filter { $0.hit.tokens.contains(anchorOffsets[$0.document]!) }
                .map { LibraryHit(noteID: notes[$0.document]!, $0.hit, tokenIDs: Array(windows[$0.document]![$0.hit.tokens])) }
        }
    }

    /// The postings of the tokens in the windows around `anchors` (each window the same offsets
    /// from its anchor), in one statement: a token of overlapping windows comes once a window.
    private func postings(around anchors: [Int64], window: (Int64) -> ClosedRange<Int64>) throws -> [(token: Int64, term: Int64)] {
        guard let anchor = anchors.first else { return [] }
        let span = window(anchor)
        return try db.query("""
            SELECT p.token, p.term FROM \(db.dialect.integers(as: "j")) JOIN postings p ON p.token BETWEEN j.value - ? AND j.value + ?
            """, [.text(FormVocabulary.jsonArray(anchors.map(String.init))), .int(anchor - span.lowerBound), .int(span.upperBound - anchor)]) {
            ($0.int(0), $0.int(1))
        }
    }

    /// Whether each term sits on a word that carries one of its keys, on consecutive searchable
    /// words through the anchor (as `SearchIndex` places a phrase: stepping over words that
    /// have no searchable reading).
    private static func placesEveryTerm(_ words: [(id: Int64, word: WordToken)], anchorOffset: Int, anchor: Int, termCount: Int,
                                        matches: (_ term: Int, _ token: Int64) -> Bool) -> Bool {
        for step in [-1, 1] {
            var offset = anchorOffset
            for term in stride(from: anchor + step, to: step < 0 ? -1 : termCount, by: step) {
                offset += step
                while words.indices.contains(offset), !matches(term, words[offset].id) {
                    if words[offset].word.readings.contains(where: { !TextNormalizer.standard.key($0.text).isEmpty }) { return false }
                    offset += step
                }
                guard words.indices.contains(offset) else { return false }
            }
        }
        return true
    }

    /// A reference (or a book named alone): the stored citations that answer it are ranked by
    /// their exact score, and only the words that spell the best `limit` of them (with ties) are
    /// read (in one statement); `SearchIndex` reads the reference from them as it would from
    /// the whole note.
    private func referenceHits(_ query: SearchQuery, _ reference: ScriptureReference, limit: Int) throws -> [LibraryHit] {
        let candidates = try CitationRows.candidates(for: reference, minimumScore: Self.minimumScore, in: db)
        guard !candidates.isEmpty else { return [] }
        let cutoff = candidates[min(limit, candidates.count) - 1].score
        var index = SearchIndex<Int64>(policy: searchPolicy)
        var notes: [Int64: String] = [:]
        let best = candidates.prefix(while: { $0.score >= cutoff })
        let spelled = { (candidate: CitationRows.Candidate) in candidate.firstToken..<(candidate.firstToken + Int64(candidate.wordCount)) }
        // The words of every citation, read in one statement.
        let allRows = try wordRows(ids: best.flatMap { Array(spelled($0)) })
        for candidate in best {
            let rows = allRows.filter { $0.note == candidate.note && spelled(candidate).contains($0.id) }
            index.add(rows.map(\.word), markup: Self.markup(rows), to: candidate.firstToken)
            notes[candidate.firstToken] = candidate.note
        }
        // Only the citation itself (a book query also matches the words as words: those come
        // from the word search).
        return index.search(query).filter { $0.hit.reference != nil && $0.hit.tokens.lowerBound == 0 }
            .map { found in LibraryHit(noteID: notes[found.document]!, found.hit, tokenIDs: found.hit.tokens.map { found.document + Int64($0) }) }
    }

    /// Confirms candidates most promising first, a batch at a time, until `limit` distinct hits
    /// are held and no candidate left can beat the last of them (its bound is no higher), or
    /// none remain, or `settlingWindow(limit)` more candidates after `limit` hits did not settle
    /// it. (Bounds are tight without evidence, so a batch or two settles a query; a calibrated
    /// score may lie well under its bound, and then the best hits are exact only where the
    /// window held every candidate that could beat them.) `ranked(f)` gives every candidate whose
    /// bound reaches a threshold falling with f (all of them at 0), and that threshold (the
    /// candidates not given score below it), so that each level's ranking begins with the
    /// previous one's: a batch is the same whichever level supplied it. Where the candidates
    /// come from few `postings` (an estimate), they are read all at once.
    /// How many candidates past the first `limit` hits a calibrated search still confirms: three
    /// batches, and at least 64, so that the ranking of a query with fewer candidates is exact.
    static func settlingWindow(_ limit: Int) -> Int { max(3 * (limit + 8), 64) }

    private func confirm(limit: Int, postings: Int, ranked: (_ fraction: Double) throws -> (candidates: [(id: Int64, bound: Double)], floor: Double),
                         _ search: ([Int64]) throws -> [LibraryHit]) throws -> [LibraryHit] {
        func sorted(_ ranking: (candidates: [(id: Int64, bound: Double)], floor: Double)) -> (candidates: [(id: Int64, bound: Double)], floor: Double) {
            (ranking.candidates.sorted { $0.bound != $1.bound ? $0.bound > $1.bound : $0.id < $1.id }, ranking.floor)
        }
        var level = postings <= 4 * (limit + 8) ? Self.levels.count - 1 : 0
        var (candidates, floor) = sorted(try ranked(Self.levels[level]))
        // The best hit per place (as `LibraryHit.unique`), and their scores best first: the
        // caller ranks the hits, and only the `limit`-th score matters here.
        var hits = LibraryHit.Unique()
        var scores: [Double] = []
        var start = 0
        var settledAt: Int?
        while true {
            if scores.count >= limit {
                settledAt = settledAt ?? start
                if (start < candidates.count ? candidates[start].bound : floor) <= scores[limit - 1] { break }
                // Calibrated bounds can stay above the hits' scores for thousands of candidates
                // (a common word): past a few more batches, the order of the bounds stands.
                if start - settledAt! >= Self.settlingWindow(limit) { break }
            }
            let end = start + max(0, limit - scores.count) + 8
            while candidates.count < end, level + 1 < Self.levels.count {
                level += 1
                (candidates, floor) = sorted(try ranked(Self.levels[level]))
            }
            guard start < candidates.count else { break }
            let batch = candidates[start..<min(end, candidates.count)].map(\.id)
            for hit in try search(batch) { hits.insert(hit) }
            scores = hits.best.values.map(\.score).sorted(by: >)
            start += batch.count
        }
        return Array(hits.best.values)
    }
}

extension LibraryHit {
    init(noteID: String, _ hit: SearchHit, tokenIDs: [Int64]) {
        self.init(noteID: noteID, strokeIDs: hit.strokeIDs, bounds: hit.bounds, reading: hit.reading, score: hit.score, context: hit.context)
        self.tokenIDs = tokenIDs
    }

    /// Best score first; ties in a stable order (note, then position on the page).
    static func ranking(_ a: LibraryHit, _ b: LibraryHit) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.noteID != b.noteID { return a.noteID < b.noteID }
        if a.bounds.minY != b.bounds.minY { return a.bounds.minY < b.bounds.minY }
        return a.bounds.minX < b.bounds.minX
    }

    /// One hit per place (note and first stroke): the best scoring.
    static func unique(_ hits: [LibraryHit]) -> [LibraryHit] {
        var unique = Unique()
        for hit in hits { unique.insert(hit) }
        return Array(unique.best.values)
    }

    /// The best hit per place, kept as hits arrive (the first of equal scores).
    struct Unique {
        struct Place: Hashable { var note: String, stroke: UUID? }
        private(set) var best: [Place: LibraryHit] = [:]

        mutating func insert(_ hit: LibraryHit) {
            let key = Place(note: hit.noteID, stroke: hit.strokeIDs.first)
            if hit.score > best[key]?.score ?? -1 { best[key] = hit }
        }
    }
}
