import Foundation
import InkCore

/// One reading of a line, with its score and where each character came from.
public struct RecognitionCandidate: Sendable, Hashable, Codable {
    /// The text read, words separated by single spaces.
    public var text: String
    /// Natural-log probability of this reading under the model (and language model, if used).
    public var logProbability: Double
    /// For each `Character` of `text`, the identifiers of the strokes it was read from (empty for
    /// a space). Its count equals `text.count`, or it is empty where no alignment was computed.
    public var characterStrokeIDs: [[UUID]]
    /// For each `Character` of `text`, the network frame it was emitted at (see
    /// `LineRecognition.posteriors`); nil where the recognizer does not say.
    public var characterFrames: [Int]?

    public init(text: String, logProbability: Double, characterStrokeIDs: [[UUID]] = [], characterFrames: [Int]? = nil) {
        self.text = text
        self.logProbability = logProbability
        self.characterStrokeIDs = characterStrokeIDs
        self.characterFrames = characterFrames
    }
}

/// What a recognizer read in one line or cluster of strokes: an N-best list, best first.
public struct LineRecognition: Sendable, Hashable, Codable {
    /// The strokes that were recognized, in the order they were fed to the recognizer.
    public var strokeIDs: [UUID]
    /// Readings, best first; empty where nothing recognizable was found.
    public var candidates: [RecognitionCandidate]
    /// The network's per-frame output, compacted, where the recognizer keeps it: lets search
    /// score a query against the ink's evidence rather than only the readings above.
    public var posteriors: FramePosteriors?
    /// Readings of the same strokes made besides this one, for search only: the ink read again
    /// as if written narrower or wider (`VariantReadingRecognizer`). Their words join this line's
    /// tokens as further readings (`WordTokenizer`); the text shown, the stroke alignment and the
    /// evidence stay this reading's. Empty for most recognizers.
    public var alternates: [LineRecognition]

    public init(strokeIDs: [UUID], candidates: [RecognitionCandidate], posteriors: FramePosteriors? = nil,
                alternates: [LineRecognition] = []) {
        self.strokeIDs = strokeIDs
        self.candidates = candidates
        self.posteriors = posteriors
        self.alternates = alternates
    }

    public var best: RecognitionCandidate? { candidates.first }

    /// Each candidate's share of a probability of 1: the softmax of their log-probabilities (a
    /// candidate at -infinity gets none). Complexity: O(candidates).
    public var candidateShares: [Double] {
        let top = candidates.map(\.logProbability).max() ?? 0
        let exps = candidates.map { $0.logProbability.isFinite ? exp($0.logProbability - top) : 0 }
        let total = max(exps.reduce(0, +), .leastNonzeroMagnitude)
        return exps.map { $0 / total }
    }

    enum CodingKeys: String, CodingKey { case strokeIDs, candidates, posteriors, alternates }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        strokeIDs = try container.decode([UUID].self, forKey: .strokeIDs)
        candidates = try container.decode([RecognitionCandidate].self, forKey: .candidates)
        posteriors = try container.decodeIfPresent(FramePosteriors.self, forKey: .posteriors)
        // Recognitions stored before alternates existed have none.
        alternates = try container.decodeIfPresent([LineRecognition].self, forKey: .alternates) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(strokeIDs, forKey: .strokeIDs)
        try container.encode(candidates, forKey: .candidates)
        try container.encodeIfPresent(posteriors, forKey: .posteriors)
        if !alternates.isEmpty { try container.encode(alternates, forKey: .alternates) }
    }
}

/// Anything that reads a line of strokes. Search, layout and storage are built and tested
/// against this protocol, so that a fake can stand in for the neural recognizer.
public protocol LineRecognizing: Sendable {
    /// Grows whenever the model or the decoding changes what is output.
    var recognitionVersion: Int { get }
    /// Which model reads (`ShippedModel.identifier` for the shipped ones). Stores keep it beside
    /// `recognitionVersion`: a note read by another model is read again.
    var recognitionModel: String { get }
    /// The languages it reads with, in priority order (`DecodingOptions.languages`); empty for a
    /// recognizer that does not say. Stores keep them with each note.
    var languages: [RecognitionLanguage] { get }
    /// Recognizes one line or cluster of strokes (in writing order).
    /// - Returns: up to `maxCandidates` readings, best first; no candidates for no handwriting.
    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition
}

extension LineRecognizing {
    /// Recognizers that are not shipped models (fakes, stand-ins, an app's own) name none.
    public var recognitionModel: String { "" }
    /// … nor languages.
    public var languages: [RecognitionLanguage] { [] }
}
