import Foundation
import InkCore

/// A line recognizer that also reads each line as if it were written a little differently, so
/// that search finds words the first reading got wrong.
///
/// The network misreads a word differently when the same ink is a little narrower, wider or more
/// slanted, so readings of the ink under a few such changes (`ReadingVariant`) hold words the
/// first one missed. They are kept as the line's `LineRecognition.alternates`: `WordTokenizer`
/// adds their words to each word's readings, weighted by how many readings agree, while the text
/// shown, the strokes each character came from and the network's evidence stay the first
/// reading's. On IAM-OnDB testset_v, reading each line twice more (`ReadingVariant.standard`)
/// lifts whole-word search recall from 91.1% to 93% at precision above 90% (Docs/Benchmarks.md,
/// "Searching handwriting"), for three times the recognition work.
///
/// ```swift
/// let recognizer = VariantReadingRecognizer(try ShippedRecognizer.load(.open))
/// let line = try recognizer.recognize(strokes, maxCandidates: 8)
/// line.best?.text           // what the ink reads as written
/// line.alternates.count     // 2: narrower and wider
/// ```
/// Complexity: `1 + variants.count` recognitions of the line.
public struct VariantReadingRecognizer: LineRecognizing {
    /// Reads every line.
    public let base: any LineRecognizing
    /// The changes of the ink read besides the ink itself.
    public let variants: [ReadingVariant]

    public var recognitionVersion: Int { base.recognitionVersion }
    public var recognitionModel: String { base.recognitionModel }
    public var languages: [RecognitionLanguage] { base.languages }

    public init(_ base: any LineRecognizing, variants: [ReadingVariant] = ReadingVariant.standard) {
        self.base = base
        self.variants = variants
    }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        var reading = try base.recognize(strokes, maxCandidates: maxCandidates)
        // Nothing read (no ink, a scribble): nothing for search to gain.
        guard !reading.candidates.isEmpty else { return reading }
        reading.alternates = try variants.map { variant in
            var alternate = try base.recognize(strokes.map(variant.applied), maxCandidates: maxCandidates)
            // Their frames are not the first reading's: the evidence search keeps is that
            // reading's alone, and dropping theirs keeps a line's size.
            alternate.posteriors = nil
            alternate.alternates = []
            for index in alternate.candidates.indices { alternate.candidates[index].characterFrames = nil }
            return alternate
        }
        return reading
    }
}

extension VariantReadingRecognizer: DecodingConfigurable {
    /// The same variants over the base recognizer with other decoding options.
    /// - Throws: `RecognitionError.modelUnavailable` where the base recognizer cannot change its
    ///   decoding.
    public func withDecoding(_ options: DecodingOptions) throws -> any LineRecognizing {
        guard let configurable = base as? any DecodingConfigurable else {
            throw RecognitionError.modelUnavailable("\(type(of: base)) does not take decoding options")
        }
        return VariantReadingRecognizer(try configurable.withDecoding(options), variants: variants)
    }
}

/// A change of a line's ink for reading it again: its width and slant (x scaled by
/// `horizontalScale`, then each point moved right by `slant` times its height, y down).
///
/// ```swift
/// let narrower = ReadingVariant(horizontalScale: 0.85, slant: 0.25)
/// ```
public struct ReadingVariant: Sendable, Hashable, Codable {
    public var horizontalScale: Double
    public var slant: Double

    public init(horizontalScale: Double = 1, slant: Double = 0) {
        self.horizontalScale = horizontalScale
        self.slant = slant
    }

    /// What `VariantReadingRecognizer` reads besides the ink as written; chosen on testset_v
    /// (Docs/Benchmarks.md, "Searching handwriting").
    public static let standard = [ReadingVariant(horizontalScale: 0.85, slant: 0.25),
                                  ReadingVariant(horizontalScale: 1.15, slant: -0.25)]

    /// The linear map of drawing coordinates.
    public var transform: StrokeTransform {
        StrokeTransform(a: horizontalScale, b: 0, c: slant, d: 1, tx: 0, ty: 0)
    }

    /// `stroke` with the change added to its transform (its points and identifier unchanged).
    public func applied(to stroke: Stroke) -> Stroke {
        var changed = stroke
        changed.transform = (stroke.transform ?? .identity).concatenating(transform)
        return changed
    }
}
