import InkRecognition

/// The network's evidence for one word: its frames (compacted posteriors) from the frame of the
/// character before the word to the frame of the character after it, and those two characters.
/// Lets search ask "how probable is it that this ink says the query?" (`KeywordScorer`) when no
/// reading the decoder kept is close to the query.
///
/// ```swift
/// let evidence = WordEvidence(posteriors: line.slice(40..<71), before: " ", after: ",")
/// let label = KeywordScorer.Label(Array("about"), alphabet: evidence.posteriors.alphabet, caseMatching: false)!
/// KeywordScorer.score(label, evidence, prefix: false)   // log-ratio against the best reading
/// ```
public struct WordEvidence: Sendable, Hashable, Codable {
    public var posteriors: FramePosteriors
    /// The character emitted at the first frame (it belongs to the previous word), if any.
    public var before: Character?
    /// The character emitted at the last frame (it belongs to the next word), if any.
    public var after: Character?

    public init(posteriors: FramePosteriors, before: Character?, after: Character?) {
        self.posteriors = posteriors
        self.before = before
        self.after = after
    }

    enum CodingKeys: String, CodingKey { case posteriors, before, after }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        posteriors = try container.decode(FramePosteriors.self, forKey: .posteriors)
        before = try container.decodeIfPresent(String.self, forKey: .before)?.first
        after = try container.decodeIfPresent(String.self, forKey: .after)?.first
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(posteriors, forKey: .posteriors)
        try container.encodeIfPresent(before.map { String($0) }, forKey: .before)
        try container.encodeIfPresent(after.map { String($0) }, forKey: .after)
    }
}
