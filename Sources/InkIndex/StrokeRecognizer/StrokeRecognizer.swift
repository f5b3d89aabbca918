import Foundation
import InkCore
import InkLayout
import InkRecognition
import InkSearch

/// Reads the handwriting of a drawing and searches it, in the shape of PencilKit's
/// `PKStrokeRecognizer`.
///
/// Give it the drawing whenever it changes; only lines whose strokes changed are recognized
/// again. Once `updateDrawing(_:)` returns, every query answers for that drawing.
///
/// ```swift
/// let recognizer = StrokeRecognizer(model: .open)     // a shipped model, preferred languages
/// await recognizer.updateDrawing(drawing)
/// let text = await recognizer.recognizedText()        // "Love is patient\n1 Cor 13:4-7"
/// for result in await recognizer.search("1 Corinthians 13:5") {
///     highlight(result.strokeIDs, in: result.bounds)  // the ink of "1 Cor 13:4-7"
/// }
/// let forSpotlight = await recognizer.indexableContent
/// ```
public actor StrokeRecognizer {
    /// A place the query was found: strokes, bounds in drawing coordinates, the matched reading
    /// and a score (best first).
    public typealias SearchResult = SearchHit

    /// Languages the default shipped model reads (`ShippedModel.supportedLanguages`).
    public static var supportedLanguages: [Locale.Language] { supportedLanguages(for: .default) }

    /// Languages a shipped model reads.
    public static func supportedLanguages(for model: ShippedModel) -> [Locale.Language] {
        model.supportedLanguages.map(\.localeLanguage)
    }

    /// The shipped recognizer's version. Stored text
    /// recognized under another version should be recognized again.
    public static var recognitionVersion: Int { ShippedRecognizer.recognitionVersion }

    /// The version of the recognizer this instance uses.
    public nonisolated let recognitionVersion: Int
    /// The model this instance reads with (`ShippedModel.identifier`; "" for a recognizer that
    /// names none). Stores keep it beside `recognitionVersion`.
    public nonisolated let recognitionModel: String
    /// The languages asked for (the process's preferred languages by default).
    public nonisolated let preferredLanguages: [Locale.Language]
    /// The languages in use, in priority order: the preferred languages the model reads, or
    /// English where it reads none of them. Empty for a recognizer that does not say.
    public nonisolated let languages: [Locale.Language]
    /// `languages` as InkIndex names them (what a library stores with each note).
    public nonisolated let recognitionLanguages: [RecognitionLanguage]

    /// How many readings are asked per line.
    public nonisolated let maxCandidates: Int

    private let recognizer: (any LineRecognizing)?
    private let segmenter = PageSegmenter()
    private let tokenizer: WordTokenizer
    /// How searches weigh the words' evidence: as fitted on the model's own readings.
    private let searchPolicy: MatchPolicy
    private var cache: [LineContentKey: LineRecognition] = [:]
    private var state = RecognizedDrawing()
    private var pending: UpdateGate?

    /// Lines recognized since this recognizer was made (reused lines are not counted).
    public private(set) var recognizedLineCount = 0
    /// Lines recognized by the last `updateDrawing(_:)`.
    public private(set) var lastUpdateRecognizedLineCount = 0
    /// The error of the last update (or from loading the model); lines it failed on have no
    /// text and are tried again on the next update.
    public private(set) var lastError: (any Error)?

    /// A recognizer using a shipped model.
    ///
    /// ```swift
    /// let notes = StrokeRecognizer(model: .open, preferredLanguages: [Locale.Language(identifier: "es"), .init(identifier: "en")],
    ///                              vocabulary: ["Okonkwo", "Capernaum"])
    /// notes.languages   // [es, en]
    /// ```
    /// - Parameters:
    ///   - model: which shipped model reads (`ShippedModel.default` where not given; an app that
    ///     ships commercially names `.open`).
    ///   - preferredLanguages: nil for the process's preferred languages. Several are combined
    ///     in priority order, on a best-effort basis; those the model does not read are skipped,
    ///     and English is read where none is left.
    ///   - vocabulary: words and names the decoder favours like known words.
    ///   - plan: how else each line is read (`ReadingPlan`, `VariantReadingRecognizer`); nil
    ///     for `ReadingPlan.standard(for: model)`: the open model reads it twice more, narrower
    ///     and wider, the research models read it beside the two other networks. The text is the
    ///     reading they agree on most, and search finds words one of them got wrong, for three
    ///     times the recognition work. `.once` reads each line once.
    public init(model: ShippedModel = .default, preferredLanguages: [Locale.Language]? = nil, vocabulary: [String] = [],
                reading plan: ReadingPlan? = nil) {
        let asked = preferredLanguages ?? Locale.preferredLanguages.map { Locale.Language(identifier: $0) }
        let supported = Set(model.supportedLanguages)
        var languages = asked.compactMap(RecognitionLanguage.init).filter(supported.contains)
        languages = RecognitionLanguage.resolve(languages.map(\.code))
        if languages.isEmpty { languages = [.english] }
        var loadError: (any Error)?
        let recognizer: (any LineRecognizing)?
        do {
            let plan = plan ?? .standard(for: model)
            recognizer = plan == .once ? try ShippedRecognizer.load(model, languages: languages, vocabulary: vocabulary)
                : try ShippedRecognizer.loadForIndexing(model, languages: languages, vocabulary: vocabulary, reading: plan)
        } catch {
            recognizer = nil
            loadError = error
        }
        self.init(recognizer: recognizer, preferredLanguages: asked, languages: languages, maxCandidates: 8,
                  tokenizer: WordTokenizer(), loadError: loadError)
    }

    /// A recognizer using a shipped model, languages given as BCP 47 tags ("es", "pt-BR").
    public init(model: ShippedModel = .default, preferredLanguages: [String], vocabulary: [String] = [],
                reading plan: ReadingPlan? = nil) {
        self.init(model: model, preferredLanguages: preferredLanguages.map { Locale.Language(identifier: $0) }, vocabulary: vocabulary,
                  reading: plan)
    }

    /// A recognizer using any line recognizer (a fake in tests, another model). Its languages
    /// are the recognizer's own (`LineRecognizing.languages`).
    public init(recognizer: (any LineRecognizing)?, preferredLanguages: [String]? = nil,
                maxCandidates: Int = 8, tokenizer: WordTokenizer = WordTokenizer()) {
        let asked = (preferredLanguages ?? Locale.preferredLanguages).map { Locale.Language(identifier: $0) }
        self.init(recognizer: recognizer, preferredLanguages: asked, languages: recognizer?.languages ?? [],
                  maxCandidates: maxCandidates, tokenizer: tokenizer, loadError: nil)
    }

    private init(recognizer: (any LineRecognizing)?, preferredLanguages: [Locale.Language], languages: [RecognitionLanguage],
                 maxCandidates: Int, tokenizer: WordTokenizer, loadError: (any Error)?) {
        self.lastError = loadError
        self.recognizer = recognizer
        self.recognitionVersion = recognizer?.recognitionVersion ?? 0
        self.recognitionModel = recognizer?.recognitionModel ?? ""
        self.searchPolicy = .standard(forModel: recognitionModel)
        self.maxCandidates = maxCandidates
        self.tokenizer = tokenizer
        self.preferredLanguages = preferredLanguages.isEmpty ? [Locale.Language(identifier: "en")] : preferredLanguages
        self.recognitionLanguages = languages
        self.languages = languages.map(\.localeLanguage)
    }

    // MARK: - Updating

    /// Recognizes the drawing, reusing what is known of lines that did not change. Updates are
    /// applied in the order they were made; when this returns, every query reflects `drawing`.
    ///
    /// Cancelling the calling task stops the update at its next stage or line: the lines not
    /// read by then are left unread, `lastError` is `CancellationError`, and the next update
    /// reads them.
    ///
    /// Complexity: layout of the whole drawing plus recognition of new or changed lines only.
    /// The work runs in the calling task (after the updates made before it), so that it keeps
    /// the caller's task executor (a server's recognition threads) and is cancelled with it.
    public func updateDrawing(_ drawing: Drawing) async {
        let previous = pending
        let done = UpdateGate()
        pending = done
        await previous?.wait()
        await apply(drawing)
        done.open()
    }

    private func apply(_ drawing: Drawing) async {
        // The error of this update only: a long-lived recognizer is not spoiled by one failure.
        if recognizer != nil { lastError = nil }
        let layout = segmenter.layout(of: drawing)
        var byID: [UUID: Stroke] = [:]
        for stroke in drawing.strokes where byID[stroke.id] == nil { byID[stroke.id] = stroke }
        let lines = layout.lines.map { line -> (key: LineContentKey, strokes: [Stroke]) in
            let strokes = line.strokeIDs.compactMap { byID[$0] }
            return (LineContentKey(strokes: strokes), strokes)
        }
        var fresh: [LineContentKey: LineRecognition] = [:]
        var missing: [(key: LineContentKey, strokes: [Stroke])] = []
        for line in lines {
            if let known = cache[line.key] { fresh[line.key] = known } else if !missing.contains(where: { $0.key == line.key }) { missing.append(line) }
        }
        if Task.isCancelled { lastError = CancellationError() }
        let results = Task.isCancelled ? [] : await recognize(missing)
        for (key, result) in results {
            switch result {
            case .success(let recognition): fresh[key] = recognition
            case .failure(let error): lastError = error
            }
        }
        lastUpdateRecognizedLineCount = missing.count
        recognizedLineCount += missing.count
        cache = fresh
        var strokeBounds: [UUID: CGRect] = [:]
        for line in lines { for stroke in line.strokes { strokeBounds[stroke.id] = stroke.renderBounds } }
        let recognitions = lines.map { fresh[$0.key] ?? LineRecognition(strokeIDs: $0.key.strokeIDs, candidates: []) }
        state = RecognizedDrawing(drawing: drawing, layout: layout, recognitions: recognitions, strokeBounds: strokeBounds, tokenizer: tokenizer,
                                  searchPolicy: searchPolicy)
    }

    private func recognize(_ lines: [(key: LineContentKey, strokes: [Stroke])]) async -> [(LineContentKey, Result<LineRecognition, any Error>)] {
        guard !lines.isEmpty else { return [] }
        guard let recognizer else {
            return lines.map { ($0.key, .success(LineRecognition(strokeIDs: $0.key.strokeIDs, candidates: []))) }
        }
        let maxCandidates = self.maxCandidates
        // Longest lines first: the threads then run out of work together, not one of them
        // left with a long line at the end (a line's cost grows with its points).
        let longestFirst = lines.map { ($0, $0.strokes.reduce(0) { $0 + $1.points.count }) }.sorted { $0.1 > $1.1 }.map(\.0)
        return await withTaskGroup(of: (LineContentKey, Result<LineRecognition, any Error>).self) { group in
            for line in longestFirst {
                group.addTask {
                    // A cancelled update reads no further line.
                    if Task.isCancelled { return (line.key, .failure(CancellationError())) }
                    return (line.key, Result { try recognizer.recognize(line.strokes, maxCandidates: maxCandidates) })
                }
            }
            var results: [(LineContentKey, Result<LineRecognition, any Error>)] = []
            for await result in group { results.append(result) }
            return results
        }
    }

    // MARK: - Queries

    /// The drawing of the last update.
    public var drawing: Drawing { state.drawing }

    /// Each line's readings, in reading order.
    public var lineRecognitions: [LineRecognition] { state.recognitions }

    /// The words read, in reading order.
    public var wordTokens: [WordToken] { state.tokens }

    /// The layout of the last update: lines, clusters, marks, relations.
    public var layout: PageLayout { state.layout }

    /// What the layout says of each word in `wordTokens`: cluster, marks, links.
    public var pageMarkup: PageMarkup { state.markup }

    /// The text read: lines joined by "\n", words by spaces.
    /// - Parameter strokeIDs: only words made of (some of) these strokes; nil for the whole drawing.
    /// - Returns: nil where there is no recognized handwriting.
    ///
    /// ```swift
    /// await recognizer.recognizedText()                         // "Love is patient"
    /// await recognizer.recognizedText(strokeIDs: selection)     // "patient"
    /// ```
    public func recognizedText(strokeIDs: Set<UUID>? = nil) -> String? {
        state.text(strokeIDs: strokeIDs)
    }

    /// Finds a word, a phrase (across line breaks too) or a scripture reference, tolerating
    /// recognition errors. Each result carries its `HitContext` (cluster, line, marks,
    /// relations); a struck-through word is found but ranks below words not struck.
    /// - Parameters:
    ///   - query: words, a phrase or a reference, as the user typed it.
    ///   - fullWordsOnly: "note" does not find "notebook".
    ///   - caseMatchingOnly: "Job" does not find "job".
    ///   - filter: only emphasized words, only margin notes, only the body (`SearchFilter`).
    /// - Returns: results best first.
    ///
    /// ```swift
    /// await recognizer.search("John 3:16")            // finds "Jn 3.16"
    /// await recognizer.search("note", fullWordsOnly: true)
    /// await recognizer.search("grace", filter: .emphasized)   // where "grace" is underlined or circled
    /// ```
    public func search(_ query: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = []) -> [SearchResult] {
        state.index.search(query, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly, filter: filter)).map(\.hit)
    }

    /// The words joined to the hits of `query` by an arrow, a connector, a bracket or a margin
    /// note ("Jn 3:16" finds the margin note beside it, and the note finds the line), best
    /// first; `filter` applies to the linked words (see `SearchIndex.linked(to:options:limit:)`).
    ///
    /// ```swift
    /// await recognizer.linked(to: "Jn 3:16").map(\.reading)   // ["see Rom 5"]
    /// ```
    public func linked(to query: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = []) -> [SearchResult] {
        state.index.linked(to: query, options: SearchOptions(fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly, filter: filter)).map(\.hit)
    }

    /// Text for an outside full-text index (Spotlight): every reading of every word, so that a
    /// search for an alternative still finds the note, then the references in canonical form.
    /// Nil for a drawing without recognized handwriting.
    ///
    /// ```swift
    /// await recognizer.indexableContent   // "Jn Jm 3.16 3.18\nJohn 3:16"
    /// ```
    public var indexableContent: String? { state.indexableContent }
}
