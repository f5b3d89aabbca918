import Foundation

/// One place a query was found: a word or a run of words.
public struct SearchHit: Sendable, Hashable {
    /// The strokes of the matched words, in writing order.
    public var strokeIDs: [UUID]
    /// Their bounds in drawing coordinates.
    public var bounds: CGRect
    /// The readings that matched, joined by spaces ("Jn 3.16", "notebook").
    public var reading: String
    /// Higher is better: reading probability times closeness of the match (0...1).
    public var score: Double
    /// Indices of the matched words among the document's tokens.
    public var tokens: Range<Int>
    /// For a reference query: the reference as written, in canonical form.
    public var reference: ScriptureReference?
    /// Where the hit stands on its page: cluster, line, marks, relations (nil where the
    /// document was indexed without its layout).
    public var context: HitContext?

    public init(strokeIDs: [UUID], bounds: CGRect, reading: String, score: Double, tokens: Range<Int>, reference: ScriptureReference? = nil,
                context: HitContext? = nil) {
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.reading = reading
        self.score = score
        self.tokens = tokens
        self.reference = reference
        self.context = context
    }

    /// A hit on a run of words: their strokes (each once, in the words' order) and the union of
    /// their bounds.
    public init(spanning words: some Collection<WordToken>, tokens: Range<Int>, reading: String, score: Double, reference: ScriptureReference? = nil) {
        if words.count == 1, let word = words.first {
            self.init(strokeIDs: word.strokeIDs, bounds: word.bounds, reading: reading, score: score, tokens: tokens, reference: reference)
            return
        }
        var ids: [UUID] = []
        var seen = Set<UUID>()
        var bounds = CGRect.null
        for word in words {
            for id in word.strokeIDs where seen.insert(id).inserted { ids.append(id) }
            bounds = bounds.union(word.bounds)
        }
        self.init(strokeIDs: ids, bounds: bounds, reading: reading, score: score, tokens: tokens, reference: reference)
    }
}

/// A hit in one of many documents (a note, a page, a line).
public struct DocumentHit<Document: Hashable & Sendable>: Sendable {
    public var document: Document
    public var hit: SearchHit
}

extension DocumentHit: Equatable where Document: Equatable {}
extension DocumentHit: Hashable where Document: Hashable {}
