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

    /// The references found in a document's words.
    public func references(in document: Document) -> [ScriptureParser.Found] {
        slots[document].flatMap { entries[Int($0)]?.references } ?? []
    }

    // MARK: - Adding and removing

    /// Adds (or replaces) a document's tokens, in reading order (line, then position).
    public mutating func add(_ tokens: [WordToken], to document: Document) {
        remove(document)
        let slot = Int32(entries.count)
        var entryForms: [[Int32]] = []
        var entryKnown: [[Bool]] = []
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
        entries.append(Entry(document: document, tokens: tokens, forms: entryForms, known: entryKnown, next: next, references: references))
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
        for entry in live { fresh.add(entry.tokens, to: entry.document) }
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

    /// Hits for a query, best first.
    public func search(_ text: String, options: SearchOptions = SearchOptions(), limit: Int? = nil) -> [DocumentHit<Document>] {
        search(SearchQuery(text, options: options, normalizer: normalizer, policy: policy, parser: parser), limit: limit)
    }

    /// Hits for a parsed query, best first.
    public func search(_ query: SearchQuery, limit: Int? = nil) -> [DocumentHit<Document>] {
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
        }
        var hits = best.values.map { (slot: $0.slot, hit: $0.hit) }
        hits.sort { lhs, rhs in
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
        let depth = min(2, Int(term.maxDistance.rounded(.up)))
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
        let caseMatching = query.options.caseMatchingOnly
        for form in candidateForms(first) {
            guard let (distance, prefix) = matcher.distance(first, formScalars[Int(form)]) else { continue }
            for posting in forms[Int(form)].postings {
                guard let entry = entries[Int(posting.slot)] else { continue }
                let token = Int(posting.token)
                let reading = entry.tokens[token].readings[Int(posting.reading)]
                guard matcher.agreesInCase(first, reading.text, prefix: prefix, caseMatchingOnly: caseMatching) else { continue }
                var logScore = log(policy.score(probability: reading.probability, distance: distance,
                                                prefix: prefix, readingIsKnownWord: posting.known))
                var texts = [reading.text]
                var last = token
                var complete = true
                for term in query.terms.dropFirst() {
                    let next = Int(entry.next[last])
                    guard next >= 0, let (score, text) = bestReading(term, query, entry, next) else { complete = false; break }
                    logScore += log(score)
                    texts.append(text)
                    last = next
                }
                guard complete else { continue }
                let score = exp(logScore / Double(query.terms.count))
                keep(posting.slot, makeHit(entry, token..<(last + 1), reading: texts.joined(separator: " "), score: score, reference: nil))
            }
        }
    }

    /// The best-scoring reading of a token for a term.
    private func bestReading(_ term: SearchQuery.Term, _ query: SearchQuery, _ entry: Entry, _ token: Int) -> (Double, String)? {
        var best: (Double, String)?
        for (r, form) in entry.forms[token].enumerated() where form >= 0 {
            guard let (distance, prefix) = matcher.distance(term, formScalars[Int(form)]) else { continue }
            let reading = entry.tokens[token].readings[r]
            guard matcher.agreesInCase(term, reading.text, prefix: prefix, caseMatchingOnly: query.options.caseMatchingOnly) else { continue }
            let score = policy.score(probability: reading.probability, distance: distance, prefix: prefix,
                                     readingIsKnownWord: entry.known[token][r])
            if score > best?.0 ?? 0 { best = (score, reading.text) }
        }
        return best
    }

    private func makeHit(_ entry: Entry, _ range: Range<Int>, reading: String, score: Double, reference: ScriptureReference?) -> SearchHit {
        if range.count == 1 {
            let token = entry.tokens[range.lowerBound]
            return SearchHit(strokeIDs: token.strokeIDs, bounds: token.bounds, reading: reading, score: score, tokens: range, reference: reference)
        }
        var ids: [UUID] = []
        var seen = Set<UUID>()
        var bounds = CGRect.null
        for token in entry.tokens[range] {
            for id in token.strokeIDs where seen.insert(id).inserted { ids.append(id) }
            bounds = bounds.union(token.bounds)
        }
        return SearchHit(strokeIDs: ids, bounds: bounds, reading: reading, score: score, tokens: range, reference: reference)
    }
}
