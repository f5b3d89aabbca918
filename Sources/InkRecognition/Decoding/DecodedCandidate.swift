/// One reading of a line from `CTCDecoder`, with its score and where each character was emitted.
public struct DecodedCandidate: Sendable, Hashable {
    /// The text, with spaces normalized: no leading, trailing or repeated spaces.
    public var text: String
    /// The decoder's natural-log score: the network's log-probability of the reading (summed over
    /// every CTC path that yields it), plus, where used, the weighted language-model
    /// log-probability and the insertion and lexicon bonuses.
    public var logProbability: Double
    /// For each `Character` of `text`, the frame where it was emitted on the best path found for
    /// its prefix; map frames back to input points to find the character's strokes.
    public var characterFrames: [Int]

    public init(text: String, logProbability: Double, characterFrames: [Int]) {
        self.text = text
        self.logProbability = logProbability
        self.characterFrames = characterFrames
    }
}
