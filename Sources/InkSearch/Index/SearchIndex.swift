import Foundation
import InkRecognition

/// An in-memory search index over the word tokens of many documents, tolerant of recognition
/// errors: exact keys under the confusion classes, prefixes, fuzzy candidates from a deletion
/// neighborhood of the keys verified by `WordMatcher`, phrases across adjacent words
/// (and line breaks), and scripture references.
///
/// `StrokeRecognizer` holds one for its drawing (one document); a library can hold one for all its
/// notes, filled from the tokens it stores, and get the same results.
///
/// ```swift
/// var index = SearchIndex<String>()
/// index.add(tokens, to: "note-1")
/// for found in index.search("Jn 3:16") { print(found.document, found.hit.reading, found.hit.score) }
/// ```
/// Complexity: adding a document is O(tokens · readings · key length²); a query costs the deletion
/// variants of its words (≤ ~60 lookups each), one distance per candidate form, and O(hits log hits).
public struct SearchIndex<Document: Hashable & Sendable>: Sendable {
    struct Posting: Sendable { var slot: Int32; var token: Int32; var reading: Int16; var known: Bool }
    struct Form: Sendable {
        var key: String
        var postings: [Posting] = []
    }
    struct Entry: Sendable {
        var document: Document
        var tokens: [WordToken]
        /// Per token, per reading: the form id (-1 where the reading folds to nothing).
        var forms: [[Int32]]
        /// Per token, per reading: whether the reading is a known word.
        var known: [[Bool]]
        /// Per token: the next token that has a searchable reading, or -1.
        var next: [Int32]
        var references: [ScriptureParser.Found]
        /// Per token: its row in `evidence`, or -1.
        var evidenceRows: [Int32]
        /// Where each token stands on the page, where the layout was given.
        var markup: PageMarkup?
    }

    public let normalizer: TextNormalizer
    public let policy: MatchPolicy
    public let parser: ScriptureParser
    /// Known words: inexact matches on them score lower (see `MatchPolicy.knownWordFactor`).
    public var lexicon: Lexicon? { matcher.lexicon }
    public let matcher: WordMatcher
    /// Whether `add` reads scripture references in the words (false: words only, so adding is
    /// cheaper and reference queries find nothing; for callers that find references elsewhere).
    public let findsReferences: Bool

    private var entries: [Entry?] = []
    private var slots: [Document: Int32] = [:]
    private var formIDs: [String: Int32] = [:]
    private var forms: [Form] = []
    /// Collapsed scalars of each form, apart from `forms` so that reading them copies nothing.
    private var formScalars: [[Unicode.Scalar]] = []
    /// Deletion variants of form keys → forms.
    private var deletions: [String: [Int32]] = [:]
    private var prefixes: [String: [Int32]] = [:]
    private var referencesByBook: [Int: [(slot: Int32, index: Int32)]] = [:]
    private var evidence = EvidenceIndex()
    private var livePostings = 0
    private var deadPostings = 0

    public init(normalizer: TextNormalizer = .standard, policy: MatchPolicy = .standard, parser: ScriptureParser = .standard,
                lexicon: Lexicon? = .shipped, findsReferences: Bool = true) {
        self.findsReferences = findsReferences
        self.normalizer = normalizer
        self.policy = policy
        self.parser = parser
        self.matcher = WordMatcher(normalizer: normalizer, policy: policy, lexicon: lexicon)
    }

    /// Number of documents held.
    public var documentCount: Int { slots.count }

    /// The documents held.
    public var documents: [Document] { Array(slots.keys) }

    /// The tokens of a document, as added.
    public func tokens(of document: Document) -> [WordToken]? {
        slots[document].flatMap { entries[Int($0)]?.tokens }
    }

    /// What the layout says of a document's tokens, where it was given to `add`.
    public func markup(of document: Document) -> PageMarkup? {
        slots[document].flatMap { entries[Int($0)]?.markup }
    }

    /// The references found in a document's words.
    public func references(in document: Document) -> [ScriptureParser.Found] {
        slots[document].flatMap { entries[Int($0)]?.references } ?? []
    }

    // MARK: - Adding and removing

    /// Adds (or replaces) a document's tokens, in reading order (line, then position), with
    /// what its layout says of them (`PageMarkup`; nil: every word in the body, unmarked), so
    /// that hits carry a `HitContext` and filters and linked search apply.
    public mutating func add(_ tokens: [WordToken], markup: PageMarkup? = nil, to document: Document) {
        remove(document)
        let slot = Int32(entries.count)
        var entryForms: [[Int32]] = []
        var entryKnown: [[Bool]] = []
        var evidenceRows: [Int32] = []
        entryForms.reserveCapacity(tokens.count)
        for (t, token) in tokens.enumerated() {
            var ids: [Int32] = []
            var known: [Bool] = []
            for (r, reading) in token.readings.enumerated() {
                let key = normalizer.key(reading.text)
                let isKnown = lexicon?.contains(token: reading.text) ?? false
                known.append(isKnown)
                guard !key.isEmpty else { ids.append(-1); continue }
                let form = formID(for: key)
                forms[Int(form)].postings.append(Posting(slot: slot, token: Int32(t), reading: Int16(clamping: r), known: isKnown))
                livePostings += 1
                ids.append(form)
            }
            entryForms.append(ids)
            entryKnown.append(known)
            if let wordEvidence = token.evidence {
                evidenceRows.append(Int32(evidence.count))
                evidence.add(wordEvidence, slot: slot, token: Int32(t))
            } else {
                evidenceRows.append(-1)
            }
        }
        var next = [Int32](repeating: -1, count: tokens.count)
        var following: Int32 = -1
        for t in tokens.indices.reversed() {
            next[t] = following
            if entryForms[t].contains(where: { $0 >= 0 }) { following = Int32(t) }
        }
        let references = findsReferences ? parser.references(in: tokens) : []
        for (index, found) in references.enumerated() {
            referencesByBook[found.reference.book, default: []].append((slot, Int32(index)))
        }
        entries.append(Entry(document: document, tokens: tokens, forms: entryForms, known: entryKnown, next: next, references: references,
                             evidenceRows: evidenceRows, markup: markup.flatMap { $0.places.count == tokens.count ? $0 : nil }))
        slots[document] = slot
    }

    /// Removes a document; a no-op where it is absent.
    public mutating func remove(_ document: Document) {
        guard let slot = slots.removeValue(forKey: document), let entry = entries[Int(slot)] else { return }
        let count = entry.forms.reduce(0) { $0 + $1.filter { $0 >= 0 }.count }
        livePostings -= count
        deadPostings += count
        entries[Int(slot)] = nil
        if deadPostings > max(4096, livePostings) { compact() }
    }

    private mutating func compact() {
        let live = entries.compactMap { $0 }
        var fresh = SearchIndex(normalizer: normalizer, policy: policy, parser: parser, lexicon: lexicon, findsReferences: findsReferences)
        for entry in live { fresh.add(entry.tokens, markup: entry.markup, to: entry.document) }
        self = fresh
    }

    private mutating func formID(for key: String) -> Int32 {
        if let id = formIDs[key] { return id }
        let id = Int32(forms.count)
        let scalars = Array(key.unicodeScalars)
        forms.append(Form(key: key))
        formScalars.append(scalars)
        formIDs[key] = id
        for length in 1...min(4, scalars.count) {
            prefixes[String(String.UnicodeScalarView(scalars[0..<length])), default: []].append(id)
        }
        for variant in DeletionNeighborhood.variants(of: key, depth: DeletionNeighborhood.indexDepth(forLength: scalars.count)) {
            deletions[variant, default: []].append(id)
        }
        return id
    }

    // MARK: - Searching

    /// Hits for a query, best first. Where a document was added with its markup, each hit
    /// carries its `HitContext`, `options.filter` keeps only hits standing where it says, and a
    /// struck-through word's score is multiplied by `MatchPolicy.struckFactor`.
    public func search(_ text: String, options: SearchOptions = SearchOptions(), limit: Int? = nil) -> [DocumentHit<Document>] {
        search(SearchQuery(text, options: options, normalizer: normalizer, policy: policy, parser: parser), limit: limit)
    }

    /// Hits for a parsed query, best first.
    public func search(_ query: SearchQuery, limit: Int? = nil) -> [DocumentHit<Document>] {
        var query = query
        if evidence.count == 0 {
            // Looser candidates are only for words with evidence to weigh them.
            for k in query.terms.indices { query.terms[k].candidateDistance = query.terms[k].maxDistance }
        }
        var best: [Int64: (slot: Int32, hit: SearchHit)] = [:]
        func keep(_ slot: Int32, _ hit: SearchHit) {
            let key = Int64(slot) << 32 | Int64(hit.tokens.lowerBound)
            if hit.score >= policy.minimumScore, hit.score > best[key]?.hit.score ?? -1 { best[key] = (slot, hit) }
        }
        if let reference = query.reference {
            referenceHits(reference, keep)
        } else {
            if let book = query.book { referenceHits(book, keep) }
            phraseHits(query, keep)
            if query.terms.count == 1 { splitWordHits(query.terms[0], query, keep) }
        }
        var hits = best.values.compactMap { found -> (slot: Int32, hit: SearchHit)? in
            var hit = found.hit
            guard placed(&hit, in: entries[Int(found.slot)]!, filter: query.options.filter) else { return nil }
            return (found.slot, hit)
        }
        hits.sort { lhs, rhs in
            if lhs.hit.score != rhs.hit.score { return lhs.hit.score > rhs.hit.score }
            if lhs.slot != rhs.slot { return lhs.slot < rhs.slot }
            return lhs.hit.tokens.lowerBound < rhs.hit.tokens.lowerBound
        }
        if let limit, hits.count > limit { hits.removeLast(hits.count - limit) }
        return hits.map { DocumentHit(document: entries[Int($0.slot)]!.document, hit: $0.hit) }
    }

    /// Gives a hit its context (where the document has markup), lowers a struck word's score
    /// (`MatchPolicy.struckFactor`), and says whether the filter keeps it.
    private func placed(_ hit: inout SearchHit, in entry: Entry, filter: SearchFilter) -> Bool {
        guard let markup = entry.markup else { return filter.admits(nil) }
        let context = HitContext(tokens: hit.tokens, of: entry.tokens, markup: markup)
        guard filter.admits(context) else { return false }
        if context.isStruck { hit.score *= policy.struckFactor }
        hit.context = context
        return true
    }

    /// Everything joined to the hits of a query by an arrow, a connector, a bracket or brace, or
    /// a margin note: the words at each link's other ends, best first (a linked word scores as
    /// the best hit it is linked to). `options.filter` applies to the linked words, not to the
    /// query's hits. Documents added without markup link nothing.
    ///
    /// ```swift
    /// for found in index.linked(to: "Jn 3:16") { print(found.hit.reading) }   // the margin note beside it
    /// ```
    /// Complexity: the query's search, then O(links touching its hits × their tokens).
    public func linked(to text: String, options: SearchOptions = SearchOptions(), limit: Int? = nil) -> [DocumentHit<Document>] {
        var plain = options
        plain.filter = []
        var best: [Int64: (slot: Int32, hit: SearchHit)] = [:]
        for found in search(text, options: plain) {
            guard let slot = slots[found.document], let entry = entries[Int(slot)], let markup = entry.markup else { continue }
            for index in markup.linkIndices(touching: found.hit.tokens) {
                for end in markup.links[index].ends where !end.tokens.isEmpty && !end.tokens.contains(where: found.hit.tokens.contains) {
                    let range = end.tokens.min()!..<(end.tokens.max()! + 1)
                    let words = end.tokens.filter(entry.tokens.indices.contains).map { entry.tokens[$0] }
                    let bounds = words.reduce(CGRect.null) { $0.union($1.bounds) }
                    let reading = words.map(\.best).filter { !$0.isEmpty }.joined(separator: " ")
                    var hit = SearchHit(strokeIDs: end.strokeIDs, bounds: bounds, reading: reading, score: found.hit.score, tokens: range)
                    let context = HitContext(tokens: range, of: entry.tokens, markup: markup)
                    guard options.filter.admits(context) else { continue }
                    hit.context = context
                    let key = Int64(slot) << 32 | Int64(range.lowerBound)
                    if hit.score > best[key]?.hit.score ?? -1 { best[key] = (slot, hit) }
                }
            }
        }
        var hits = best.values.sorted { lhs, rhs in
            if lhs.hit.score != rhs.hit.score { return lhs.hit.score > rhs.hit.score }
            if lhs.slot != rhs.slot { return lhs.slot < rhs.slot }
            return lhs.hit.tokens.lowerBound < rhs.hit.tokens.lowerBound
        }
        if let limit, hits.count > limit { hits.removeLast(hits.count - limit) }
        return hits.map { DocumentHit(document: entries[Int($0.slot)]!.document, hit: $0.hit) }
    }

    private func referenceHits(_ query: ScriptureReference, _ keep: (Int32, SearchHit) -> Void) {
        for (slot, index) in referencesByBook[query.book] ?? [] {
            guard let entry = entries[Int(slot)] else { continue }
            let found = entry.references[Int(index)]
            guard let relevance = found.reference.relevance(to: query) else { continue }
            keep(slot, makeHit(entry, found.words, reading: found.readings.joined(separator: " "),
                               score: relevance * found.probability, reference: found.reference))
        }
    }

    /// Forms worth verifying for a term: equal, or sharing a deletion variant (one soft or full
    /// edit per deletion), plus (for prefixes) forms whose key begins with the term's key.
    private func candidateForms(_ term: SearchQuery.Term) -> [Int32] {
        var result = Set<Int32>()
        let depth = min(2, Int(term.candidateDistance.rounded(.up)))
        var variants = DeletionNeighborhood.variants(of: term.key, depth: depth)
        variants.insert(term.key)
        for variant in variants {
            if let id = formIDs[variant] { result.insert(id) }
            if let ids = deletions[variant] { result.formUnion(ids) }
        }
        if term.allowsPrefix, !term.key.isEmpty {
            let bucket = String(String.UnicodeScalarView(term.scalars.prefix(4)))
            for id in prefixes[bucket] ?? [] where forms[Int(id)].key.hasPrefix(term.key) { result.insert(id) }
        }
        return Array(result)
    }

    private func phraseHits(_ query: SearchQuery, _ keep: (Int32, SearchHit) -> Void) {
        guard let first = query.terms.first else { return }
        var labels = KeywordLabels(query)
        var distances = FormDistanceMemo()
        for start in firstTermMatches(first, query, &labels) {
            guard let entry = entries[Int(start.slot)] else { continue }
            var logScore = log(start.score)
            var texts = [start.text]
            var last = Int(start.token)
            var complete = true
            for (k, term) in query.terms.enumerated().dropFirst() {
                let next = Int(entry.next[last])
                guard next >= 0, let (score, text) = bestReading(term, k, query, entry, next, &labels, &distances) else { complete = false; break }
                logScore += log(score)
                texts.append(text)
                last = next
            }
            guard complete else { continue }
            let score = exp(logScore / Double(query.terms.count))
            keep(start.slot, makeHit(entry, Int(start.token)..<(last + 1), reading: texts.joined(separator: " "), score: score, reference: nil))
        }
    }

    /// A word the recognizer read as two ("Whits table" for "Whitstable", or broken over a line
    /// end): the next word in the document (whatever its line) spells the tail of a cut whose
    /// head the first spells, by the rule of `SplitWord`, so that such a hit ranks below a word
    /// read whole. Complexity: O(term length) key lookups, then the postings of the first halves
    /// found.
    private func splitWordHits(_ term: SearchQuery.Term, _ query: SearchQuery, _ keep: (Int32, SearchHit) -> Void) {
        let rule = SplitWord(matcher: matcher)
        for (head, tail) in rule.cuts(of: term) {
            guard let headForm = formIDs[head], let tailForm = formIDs[tail] else { continue }
            for posting in forms[Int(headForm)].postings {
                guard let entry = entries[Int(posting.slot)] else { continue }
                let token = Int(posting.token), next = token + 1
                guard next < entry.tokens.count, let r = entry.forms[next].firstIndex(of: tailForm),
                      let (score, reading) = rule.match(term, entry.tokens[token].readings[Int(posting.reading)], entry.tokens[next].readings[r],
                                                        caseMatchingOnly: query.options.caseMatchingOnly) else { continue }
                keep(posting.slot, makeHit(entry, token..<(next + 1), reading: reading, score: score, reference: nil))
            }
        }
    }

    /// Words that answer the first term: those with a close reading (exact key, deletion
    /// variants, prefixes) and, under a calibrated policy, those whose network evidence could
    /// reach the threshold (`EvidenceIndex` bound); each judged by `judge`.
    private func firstTermMatches(_ term: SearchQuery.Term, _ query: SearchQuery, _ labels: inout KeywordLabels) -> [(slot: Int32, token: Int32, score: Double, text: String)] {
        var result: [(slot: Int32, token: Int32, score: Double, text: String)] = []
        let floor = policy.calibration(allowingPrefix: term.allowsPrefix).flatMap { term.folded.count >= $0.minimumLength ? $0.minimumLogRatio(length: term.scalars.count, prefixQuery: term.allowsPrefix) : nil }
        candidateWords(term, query, evidenceFloor: floor) { slot, token, match in
            if let (score, text) = judge(term, 0, entries[Int(slot)]!, Int(token), match, &labels) { result.append((slot, token, score, text)) }
        }
        return result
    }

    /// Visits each word with its best close reading (nil for none), then, where `evidenceFloor`
    /// is given, the other words whose evidence bound reaches it.
    private func candidateWords(_ term: SearchQuery.Term, _ query: SearchQuery, evidenceFloor: Double?, _ visit: (Int32, Int32, TextMatch?) -> Void) {
        var close: [Int64: (slot: Int32, token: Int32, match: TextMatch)] = [:]
        let caseMatching = query.options.caseMatchingOnly
        for form in candidateForms(term) {
            guard let (distance, prefix) = matcher.distance(term, formScalars[Int(form)], limit: term.candidateDistance) else { continue }
            for posting in forms[Int(form)].postings {
                guard let entry = entries[Int(posting.slot)] else { continue }
                let reading = entry.tokens[Int(posting.token)].readings[Int(posting.reading)]
                guard matcher.agreesInCase(term, reading.text, prefix: prefix, caseMatchingOnly: caseMatching) else { continue }
                let match = TextMatch(reading: reading, distance: distance, prefix: prefix, known: posting.known)
                let key = Int64(posting.slot) << 32 | Int64(posting.token)
                if let held = close[key], rank(held.match, term) >= rank(match, term) { continue }
                close[key] = (posting.slot, posting.token, match)
            }
        }
        for (slot, token, match) in close.values { visit(slot, token, match) }
        guard let evidenceFloor, evidenceFloor <= 0, let symbols = EvidenceIndex.symbols(of: term.folded) else { return }
        for (slot, token) in evidence.candidates(symbols: symbols, maxCost: Float(-min(0, evidenceFloor)), isLive: { entries[Int($0)] != nil })
        where close[Int64(slot) << 32 | Int64(token)] == nil {
            visit(slot, token, nil)
        }
    }

    /// What the calibration sees of one word for one query word.
    public struct WordFeatures: Sendable {
        public var document: Document
        public var token: Int
        /// The best close reading, if any.
        public var text: WordCalibration.TextMatch?
        /// The `KeywordScorer` log-ratio, where the word has evidence.
        public var logRatio: Double?
        /// Whether the close reading spells the query letter for letter (a hit by
        /// `MatchPolicy.exactReadingsSuffice` when it is also likely enough).
        public var spellsQuery: Bool
    }

    /// Every word a one-word query could match, with its features: for fitting a
    /// `WordCalibration` (`inkindex bench-search --dump-pairs`). Words reached only by evidence
    /// are those whose bound reaches `minimumLogRatio`.
    public func features(_ text: String, options: SearchOptions = SearchOptions(), minimumLogRatio: Double) -> [WordFeatures] {
        let query = SearchQuery(text, options: options, normalizer: normalizer, policy: policy, parser: parser)
        guard let term = query.terms.first else { return [] }
        var labels = KeywordLabels(query)
        var result: [WordFeatures] = []
        candidateWords(term, query, evidenceFloor: minimumLogRatio) { slot, token, match in
            let entry = entries[Int(slot)]!, word = entry.tokens[Int(token)]
            var ratio: Double?
            if let evidence = word.evidence, let label = labels.label(0, term, alphabet: evidence.posteriors.alphabet) {
                ratio = KeywordScorer.score(label, evidence, prefix: term.allowsPrefix).map(Double.init) ?? WordCalibration.ratioFloor
            }
            result.append(WordFeatures(document: entry.document, token: Int(token),
                                       text: match.map { .init(probability: $0.reading.probability, distance: $0.distance, knownWord: $0.known) },
                                       logRatio: ratio, spellsQuery: match.map { spellsLiterally($0, term) } ?? false))
        }
        return result
    }

    /// A reading's side of a match.
    struct TextMatch {
        var reading: WordReading
        var distance: Double
        var prefix: Bool
        var known: Bool
    }

    /// How good a close reading is, to keep the best per word.
    private func rank(_ match: TextMatch, _ term: SearchQuery.Term) -> Double {
        if let calibration = policy.calibration(allowingPrefix: term.allowsPrefix) {
            return calibration.logit(text: .init(probability: match.reading.probability, distance: match.distance, knownWord: match.known),
                                     logRatio: nil, length: term.scalars.count, prefixQuery: term.allowsPrefix)
        }
        return policy.score(probability: match.reading.probability, distance: match.distance, prefix: match.prefix, readingIsKnownWord: match.known)
    }

    /// Whether a word answers a term, with its score and the reading shown: by the calibrated
    /// model of its best close reading and its evidence, or (no evidence, no calibration, or an
    /// exact reading under `exactReadingsSuffice`) by `MatchPolicy.score` within the term's
    /// `maxDistance`.
    private func judge(_ term: SearchQuery.Term, _ index: Int, _ entry: Entry, _ token: Int, _ match: TextMatch?, _ labels: inout KeywordLabels) -> (Double, String)? {
        let word = entry.tokens[token]
        let byReading: (Double, String)? = match.flatMap { match in
            guard match.distance <= term.maxDistance else { return nil }
            let score = policy.score(probability: match.reading.probability, distance: match.distance, prefix: match.prefix, readingIsKnownWord: match.known)
            return score >= policy.minimumScore ? (score, match.reading.text) : nil
        }
        guard let calibration = policy.calibration(allowingPrefix: term.allowsPrefix), term.folded.count >= calibration.minimumLength, let evidence = word.evidence,
              let label = labels.label(index, term, alphabet: evidence.posteriors.alphabet) else {
            return byReading
        }
        // A reading that spells the query is a hit whatever the frames say (`exactReadingsSuffice`),
        // ranked by the calibration all the same.
        let exact = policy.exactReadingsSuffice && match.map { spellsLiterally($0, term) } == true ? byReading : nil
        let text = match.map { WordCalibration.TextMatch(probability: $0.reading.probability, distance: $0.distance, knownWord: $0.known) }
        let needed = calibration.minimumLogRatio(text: text, length: term.scalars.count, prefixQuery: term.allowsPrefix)
        guard needed <= 1 || exact != nil else { return nil }
        // The letter-cost bound rules most far candidates out without the forward pass.
        if exact == nil, let symbols = labels.symbols(index, term), entry.evidenceRows[token] >= 0,
           Double(self.evidence.bound(row: Int(entry.evidenceRows[token]), symbols: symbols)) < needed - 1 { return nil }
        let ratio = KeywordScorer.score(label, evidence, prefix: term.allowsPrefix, cutoff: Float(needed)).map(Double.init) ?? WordCalibration.ratioFloor
        let z = calibration.logit(text: text, logRatio: ratio, length: term.scalars.count, prefixQuery: term.allowsPrefix)
        if z >= calibration.threshold { return (WordCalibration.probability(logit: z), match?.reading.text ?? word.best) }
        guard let exact else { return nil }
        return (max(WordCalibration.probability(logit: z), policy.minimumScore), exact.1)
    }

    /// Whether a reading spells the query letter for letter (case, diacritics, punctuation and
    /// spelling variants aside), not only under the confusion classes.
    private func spellsLiterally(_ match: TextMatch, _ term: SearchQuery.Term) -> Bool {
        guard match.distance == 0 else { return false }
        let reading = normalizer.spellings.canonical(normalizer.fold(match.reading.text))
        return match.prefix ? reading.hasPrefix(term.spelling) : reading == term.spelling
    }

    /// How a later term of a phrase matches a given word: its best close reading, then `judge`.
    private func bestReading(_ term: SearchQuery.Term, _ index: Int, _ query: SearchQuery, _ entry: Entry, _ token: Int, _ labels: inout KeywordLabels,
                             _ distances: inout FormDistanceMemo) -> (Double, String)? {
        var best: TextMatch?
        for (r, form) in entry.forms[token].enumerated() where form >= 0 {
            guard let (distance, prefix) = distances.distance(term: index, form: form, {
                matcher.distance(term, formScalars[Int(form)], limit: term.candidateDistance)
            }) else { continue }
            let reading = entry.tokens[token].readings[r]
            guard matcher.agreesInCase(term, reading.text, prefix: prefix, caseMatchingOnly: query.options.caseMatchingOnly) else { continue }
            let match = TextMatch(reading: reading, distance: distance, prefix: prefix, known: entry.known[token][r])
            if best == nil || rank(match, term) > rank(best!, term) { best = match }
        }
        return judge(term, index, entry, token, best, &labels)
    }

    private func makeHit(_ entry: Entry, _ range: Range<Int>, reading: String, score: Double, reference: ScriptureReference?) -> SearchHit {
        SearchHit(spanning: entry.tokens[range], tokens: range, reading: reading, score: score, reference: reference)
    }
}
