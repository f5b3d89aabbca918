import Foundation
import InkCore

/// Reads a line of strokes with the neural network: strokes → features → network → CTC
/// decoding → scored candidates, each character mapped back to the strokes it was read from.
///
/// Immutable and `Sendable`: one instance can serve many threads at once.
/// - Empty input, or strokes without points, gives no candidates.
/// - Timestamps are not used, so missing or backwards times cannot matter; duplicated points
///   add nothing; writing of any size is normalized by its own estimated scale.
/// - Strokes are read in the order given, not re-sorted: delayed strokes (i-dots, t-bars, a
///   crossbar added later) are part of the writing the network was trained on.
///
/// ```swift
/// let recognizer = try NeuralLineRecognizer(weights: WeightsFile(data: data))
/// let line = try recognizer.recognize(strokes, maxCandidates: 5)
/// print(line.best?.text ?? "")
/// ```
/// Complexity: linear in the length of the ink (see `InkNetwork`), plus the decoder's beam search.
public struct NeuralLineRecognizer: LineRecognizing, DecodingConfigurable {
    public let recognitionVersion: Int
    public let recognitionModel: String
    public let network: InkNetwork
    public let extractor: InkFeatureExtractor
    public let alphabet: Alphabet
    public let decoder: CTCDecoder
    /// How its decoder was made.
    public let decoding: DecodingOptions
    /// The languages whose word priors the decoder reads (`DecodingOptions.languages`).
    public var languages: [RecognitionLanguage] { decoding.languages }

    /// `recognitionVersion` nil takes the weights' own `modelVersion`; `recognitionModel` is
    /// what a store records as the model (`ShippedModel.identifier`).
    public init(weights: WeightsFile, decoding: DecodingOptions = .shipped, recognitionVersion: Int? = nil,
                recognitionModel: String = "") throws {
        self.recognitionModel = recognitionModel
        network = try InkNetwork(weights: weights)
        extractor = InkFeatureExtractor(config: weights.metadata.features)
        alphabet = Alphabet(characters: Array(weights.metadata.alphabet))
        decoder = try decoding.makeDecoder(alphabet: alphabet)
        self.decoding = decoding
        self.recognitionVersion = recognitionVersion ?? weights.metadata.modelVersion
    }

    private init(_ base: NeuralLineRecognizer, decoder: CTCDecoder, decoding: DecodingOptions) {
        self.decoding = decoding
        recognitionVersion = base.recognitionVersion
        recognitionModel = base.recognitionModel
        network = base.network
        extractor = base.extractor
        alphabet = base.alphabet
        self.decoder = decoder
    }

    public func withDecoding(_ options: DecodingOptions) throws -> any LineRecognizing {
        try redecoded(options)
    }

    /// The same network with another decoder.
    func redecoded(_ options: DecodingOptions) throws -> NeuralLineRecognizer {
        NeuralLineRecognizer(self, decoder: try options.makeDecoder(alphabet: alphabet), decoding: options)
    }

    /// The same network and decoding reading other languages (those its alphabet cannot write
    /// left out; English where none is left), with the same vocabulary.
    ///
    /// ```swift
    /// let spanish = try recognizer.withLanguages([.spanish, .english])
    /// ```
    public func withLanguages(_ languages: [RecognitionLanguage]) throws -> NeuralLineRecognizer {
        var options = decoding
        let writable = languages.filter { $0.isWritable(with: alphabet.characters) }
        options.languages = writable.isEmpty ? [.english] : writable
        guard options != decoding else { return self }
        return try redecoded(options)
    }

    /// The network's output for `strokes`, with the features it was computed from.
    public func frames(for strokes: [Stroke]) -> (frames: CTCFrames, features: InkFeatures) {
        let features = extractor.extract(strokes.map { $0.transformedLocations.map { SIMD2($0.x, $0.y) } })
        let values = network.run(features.values, rows: features.rowCount)
        let count = features.rowCount == 0 ? 0 : network.frameCount(points: features.rowCount)
        return (CTCFrames(logProbabilities: values, frameCount: count, classCount: network.classCount), features)
    }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let ids = strokes.map(\.id)
        let (frames, features) = frames(for: strokes)
        guard frames.frameCount > 0, maxCandidates > 0 else { return LineRecognition(strokeIDs: ids, candidates: []) }
        let candidates = decoder.decode(frames, maxCandidates: maxCandidates)
            .filter { !$0.text.isEmpty }
            .map { candidate in
                RecognitionCandidate(
                    text: candidate.text, logProbability: candidate.logProbability,
                    characterStrokeIDs: strokeIDs(of: candidate, features: features, strokes: strokes),
                    characterFrames: candidate.characterFrames.count == candidate.text.count ? candidate.characterFrames : nil)
            }
        return LineRecognition(strokeIDs: ids, candidates: candidates, posteriors: FramePosteriors(frames, alphabet: alphabet))
    }

    /// For each character, the strokes of the input points under the frame it was emitted at
    /// (one frame spans `network.downsampling` points); none for a space.
    func strokeIDs(of candidate: DecodedCandidate, features: InkFeatures, strokes: [Stroke]) -> [[UUID]] {
        guard candidate.characterFrames.count == candidate.text.count else { return [] }
        let span = network.downsampling
        return zip(candidate.text, candidate.characterFrames).map { character, frame in
            guard character != " " else { return [] }
            var seen: [Int] = []
            let first = max(0, min(frame * span, features.rowCount - 1))
            let last = min(first + span, features.rowCount)
            for row in first..<last where !seen.contains(features.strokeIndices[row]) {
                seen.append(features.strokeIndices[row])
            }
            return seen.map { strokes[$0].id }
        }
    }
}
