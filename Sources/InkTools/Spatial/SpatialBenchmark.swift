import Foundation
import InkIndex
import InkSynthesis

/// The measurement behind `inkindex bench-spatial`: real pages (a dataset's forms stacked, as
/// `bench-layout` builds them) with marks on known words, recognized and searched in memory.
///
/// For a sample of words on each page it measures, against the truth the marks were drawn
/// from:
/// - emphasized search (`SearchFilter.emphasized`): among the hits the plain search finds on
///   the page, recall and precision of the underlined, circled, boxed or bracketed ones;
/// - in-margin search (`.inMargin`): likewise for the margin note's words;
/// - linked search: from an arrow's end, the margin note or the line beside it, whether the
///   other end is found (recall, over sources the plain search finds), and how many linked
///   results are a true relation's other end (precision);
/// - struck words: found, marked as struck, and ranked below every unstruck hit of the same
///   word (its twins) in an index of all the set's pages.
///
/// ```swift
/// let report = await SpatialBenchmark(seed: 1).run(pages: pages, recognizer: try ShippedRecognizer.load())
/// print(report.emphasized.recall, report.linked.precision)
/// ```
public struct SpatialBenchmark: Sendable {
    /// Recall and precision of one kind of search.
    public struct Measure: Sendable, Codable, CustomStringConvertible {
        /// Queries run.
        public var queries = 0
        /// Hits (or relations) that should be found.
        public var relevant = 0
        /// Hits returned.
        public var retrieved = 0
        /// Relevant hits among those returned (for recall).
        public var found = 0
        /// Returned hits that are right (for precision).
        public var correct = 0
        public var recall: Double { relevant == 0 ? 0 : Double(found) / Double(relevant) }
        public var precision: Double { retrieved == 0 ? 0 : Double(correct) / Double(retrieved) }
        public var description: String {
            String(format: "recall %.1f%% (%d/%d), precision %.1f%% (%d/%d), %d queries",
                   100 * recall, found, relevant, 100 * precision, correct, retrieved, queries)
        }
        private enum CodingKeys: String, CodingKey { case queries, relevant, retrieved, found, correct, recall, precision }
        public init() {}
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(queries, forKey: .queries); try c.encode(relevant, forKey: .relevant); try c.encode(retrieved, forKey: .retrieved)
            try c.encode(found, forKey: .found); try c.encode(correct, forKey: .correct)
            try c.encode((recall * 10_000).rounded() / 10_000, forKey: .recall); try c.encode((precision * 10_000).rounded() / 10_000, forKey: .precision)
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            queries = try c.decode(Int.self, forKey: .queries); relevant = try c.decode(Int.self, forKey: .relevant)
            retrieved = try c.decode(Int.self, forKey: .retrieved); found = try c.decode(Int.self, forKey: .found)
            correct = try c.decode(Int.self, forKey: .correct)
        }
    }

    /// What became of the struck words.
    public struct Struck: Sendable, Codable, CustomStringConvertible {
        public var words = 0
        /// Found by the plain search.
        public var found = 0
        /// Found and marked as struck in their context.
        public var marked = 0
        /// Found with at least one unstruck hit of the same word (a twin) in the set.
        public var withTwins = 0
        /// Of those, ranked below every twin.
        public var rankedBelowTwins = 0
        /// Found with twins and marked struck, and of those ranked below every twin.
        public var markedWithTwins = 0, markedRankedBelowTwins = 0
        public var description: String {
            "\(words) struck words: \(found) found, \(marked) marked struck; ranked below their unstruck twins \(rankedBelowTwins)/\(withTwins)"
                + " (of those marked struck \(markedRankedBelowTwins)/\(markedWithTwins))"
        }
    }

    public struct Report: Sendable, Codable {
        public var pages = 0
        public var lines = 0
        public var seed: UInt64 = 0
        public var emphasized = Measure()
        public var inMargin = Measure()
        public var linked = Measure()
        /// Linked-search sources the plain search did not find (not counted in `linked`).
        public var linkedSourcesNotFound = 0
        public var struck = Struck()
        /// Strike-throughs the layout found with the right kind and words, of those drawn.
        public var strikesFound = 0, strikesDrawn = 0
        /// The layout's failures on the struck words, for tuning.
        public var strikeFailures: [String] = []
    }

    public var seed: UInt64
    /// Unmarked body words searched per page besides the marked ones.
    public var unmarkedWordsPerPage: Int
    /// Words struck through on each page.
    public var strikesPerPage: Int

    public init(seed: UInt64 = 1, unmarkedWordsPerPage: Int = 4, strikesPerPage: Int = 1) {
        self.seed = seed
        self.unmarkedWordsPerPage = unmarkedWordsPerPage
        self.strikesPerPage = strikesPerPage
    }

    /// The marked pages of a dataset's samples (forms of two lines or more); page k gets seed
    /// `seed + k`, as in `bench-layout`.
    public func pages(from samples: [LabeledSample]) -> [SpatialPage] {
        StackedPage.pages(from: samples).enumerated().map { k, page in SpatialPage(page, seed: seed &+ UInt64(k), strikes: strikesPerPage) }
    }

    /// Recognizes every page (as many at once as there are cores) and measures.
    public func run(pages: [SpatialPage], recognizer: any LineRecognizing, progress: (@Sendable (Int) -> Void)? = nil) async -> Report {
        typealias Recognized = (tokens: [WordToken], markup: PageMarkup, layout: PageLayout)
        let recognized = await withTaskGroup(of: (Int, Recognized).self) { group in
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            var results = [Recognized](repeating: ([], PageMarkup(plain: 0), PageLayout()), count: pages.count)
            var done = 0
            for (k, page) in pages.enumerated() {
                if k >= width, let (n, result) = await group.next() { results[n] = result; done += 1; progress?(done) }
                group.addTask {
                    let strokeRecognizer = StrokeRecognizer(recognizer: recognizer)
                    await strokeRecognizer.updateDrawing(page.drawing)
                    return (k, (await strokeRecognizer.wordTokens, await strokeRecognizer.pageMarkup, await strokeRecognizer.layout))
                }
            }
            for await (n, result) in group { results[n] = result; done += 1; progress?(done) }
            return results
        }
        var index = SearchIndex<Int>()
        for (k, page) in recognized.enumerated() { index.add(page.tokens, markup: page.markup, to: k) }
        var report = Report(pages: pages.count, lines: recognized.reduce(0) { $0 + Set($1.tokens.map(\.line)).count }, seed: seed)
        for (k, page) in pages.enumerated() {
            var random = SeededRandom(seed: seed &* 7919 &+ UInt64(k))
            let unmarked = Array(page.bodyTexts.flatMap(SpatialPage.searchableWords).shuffled(using: &random).prefix(unmarkedWordsPerPage))
            let scorer = PageScorer(index: index, document: k, page: page)
            scorer.measure(Set(page.emphasizedWords.map(\.text) + unmarked), filter: .emphasized, truth: page.emphasized, into: &report.emphasized)
            if let note = page.note {
                scorer.measure(Set(SpatialPage.searchableWords(note.text) + unmarked), filter: .inMargin, truth: [note.strokeIDs], into: &report.inMargin)
            }
            var sources: [(text: String, strokes: [UUID])] = page.arrows.flatMap { [($0.from.text, $0.from.strokeIDs), ($0.to.text, $0.to.strokeIDs)] }
            for end in [page.note, page.noteLine].compactMap({ $0 }) {
                if let word = SpatialPage.searchableWords(end.text).shuffled(using: &random).first { sources.append((word, end.strokeIDs)) }
            }
            for source in sources {
                if !scorer.linked(source.text, from: source.strokes, into: &report.linked) { report.linkedSourcesNotFound += 1 }
            }
        }
        for (k, page) in pages.enumerated() {
            for word in page.struck { Self.rank(word, on: k, in: index, into: &report.struck) }
            var strikes = page.marked
            strikes.marks.removeAll { $0.kind != .strikethrough }
            strikes.note = nil
            var score = LayoutBenchmark.Score()
            score.add(marked: strikes, layout: recognized[k].layout)
            report.strikesDrawn += score.marks
            report.strikesFound += min(score.marksRight, score.relationsRight)
            report.strikeFailures += score.failures.filter { $0.contains("strikethrough") }.prefix(max(0, 50 - report.strikeFailures.count))
        }
        return report
    }

    /// Finds a struck word across the set and ranks it against its unstruck twins.
    static func rank(_ word: SpatialPage.Word, on page: Int, in index: SearchIndex<Int>, into struck: inout Struck) {
        struck.words += 1
        let hits = index.search(word.text, options: SearchOptions(fullWordsOnly: true))
        guard let position = hits.firstIndex(where: { $0.document == page && overlaps($0.hit.strokeIDs, word.strokeIDs) }) else { return }
        struck.found += 1
        if hits[position].hit.context?.isStruck == true { struck.marked += 1 }
        let key = TextNormalizer.standard.key(word.text)
        let twins = hits.indices.filter { k in
            k != position && hits[k].hit.context?.isStruck != true && TextNormalizer.standard.key(hits[k].hit.reading) == key
        }
        guard !twins.isEmpty else { return }
        struck.withTwins += 1
        let below = twins.allSatisfy { $0 < position }
        if below { struck.rankedBelowTwins += 1 }
        if hits[position].hit.context?.isStruck == true {
            struck.markedWithTwins += 1
            if below { struck.markedRankedBelowTwins += 1 }
        }
    }

    /// Whether most of a hit's strokes lie in `truth`.
    static func overlaps(_ hit: [UUID], _ truth: [UUID]) -> Bool {
        guard !hit.isEmpty else { return false }
        let set = Set(truth)
        return 2 * hit.filter(set.contains).count >= hit.count
    }
}

/// Runs one page's queries against the index of all pages, keeping that page's hits.
struct PageScorer {
    let index: SearchIndex<Int>
    let document: Int
    let page: SpatialPage
    let options = SearchOptions(fullWordsOnly: true)

    func hits(_ text: String, filter: SearchFilter = []) -> [SearchHit] {
        var options = options
        options.filter = filter
        return index.search(text, options: options).filter { $0.document == document }.map(\.hit)
    }

    /// Among the plain hits of each query, those in `truth` must be kept by `filter`, and only those.
    func measure(_ queries: Set<String>, filter: SearchFilter, truth: [[UUID]], into measure: inout SpatialBenchmark.Measure) {
        func relevant(_ hit: SearchHit) -> Bool { truth.contains { SpatialBenchmark.overlaps(hit.strokeIDs, $0) } }
        for query in queries.sorted() {
            measure.queries += 1
            let plain = hits(query)
            let kept = hits(query, filter: filter)
            measure.relevant += plain.filter(relevant).count
            measure.retrieved += kept.count
            let right = kept.filter(relevant).count
            measure.found += right
            measure.correct += right
        }
    }

    /// From a source word (found by the plain search), whether linked search reaches the other
    /// end of its relation; every linked result is right where it is the other end of a true
    /// relation touching one of the query's hits. False where the source was not found.
    func linked(_ text: String, from source: [UUID], into measure: inout SpatialBenchmark.Measure) -> Bool {
        let plain = hits(text)
        guard plain.contains(where: { SpatialBenchmark.overlaps($0.strokeIDs, source) }) else { return false }
        measure.queries += 1
        let results = index.linked(to: text, options: options).filter { $0.document == document }.map(\.hit)
        /// The other ends of true relations with an end under `strokes`.
        func otherEnds(of strokes: [UUID]) -> [[UUID]] {
            page.links.flatMap { link -> [[UUID]] in
                guard link.ends.contains(where: { SpatialBenchmark.overlaps(strokes, $0) }) else { return [] }
                return link.ends.filter { !SpatialBenchmark.overlaps(strokes, $0) }
            }
        }
        let wanted = otherEnds(of: source)
        measure.relevant += wanted.count
        measure.found += wanted.filter { end in results.contains { LayoutBenchmark.jaccard($0.strokeIDs, end) >= 0.5 } }.count
        let allowed = plain.flatMap { otherEnds(of: $0.strokeIDs) }
        measure.retrieved += results.count
        measure.correct += results.filter { result in allowed.contains { LayoutBenchmark.jaccard(result.strokeIDs, $0) >= 0.5 } }.count
        return true
    }
}
