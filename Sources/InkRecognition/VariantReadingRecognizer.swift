import Foundation
import InkCore

/// A line recognizer that also reads each line as if it were written a little differently, or
/// with other networks, so that its text is what the readings agree on and search finds words
/// one reading got wrong.
///
/// The network misreads a word differently when the same ink is a little narrower, wider or more
/// slanted, so readings of the ink under a few such changes (`ReadingVariant`) hold words the
/// first one missed, and where they disagree the majority is more often right. A network trained
/// on other data (a `companion`) misreads other words again. The line's text is the one the
/// readings agree on most (`consensus(of:)`: each reading's candidates share a probability of 1,
/// summed over readings); the reading that gave it is returned with that text first, its own
/// strokes, frames and evidence, and the other readings as its `LineRecognition.alternates`,
/// whose words `WordTokenizer` adds to each word's readings. On IAM-OnDB testset_v, the research
/// model of version 22 read once beside the open model lowered its CER from 5.25% to 4.99% and
/// lifted whole-word search recall from 91.1% to 94.0% at precision above 90%, where read twice
/// more (`ReadingVariant.standard`) it gave 4.93% and 92.9%; version 23's research model, beside
/// the open model and version 22's, reads at 4.53% and finds 95.0% (Docs/Benchmarks.md, "Reading
/// the ink again", "Three networks"). `ReadingPlan.standard(for:)` says how each shipped model
/// reads.
///
/// ```swift
/// let recognizer = VariantReadingRecognizer(try ShippedRecognizer.load(.open))
/// let line = try recognizer.recognize(strokes, maxCandidates: 8)
/// line.best?.text           // the reading the three agree on most
/// line.alternates.count     // 2: the other readings
/// ```
/// Complexity: `1 + variants.count + companions.count` recognitions of a line of writing; one
/// of a line longer than `variantFrameLimit`.
public struct VariantReadingRecognizer: LineRecognizing {
    /// Reads every line.
    public let base: any LineRecognizing
    /// The changes of the ink read besides the ink itself.
    public let variants: [ReadingVariant]
    /// Other networks that read the ink as written: a network trained on other data misreads
    /// other words, so its reading holds more of what the base one missed than a variant does.
    public let companions: [any LineRecognizing]
    /// Lines whose reading as written spans more network frames than this are read once, by
    /// the base recognizer alone.
    ///
    /// No line of writing is that long, and what is (a scribbled fill, hatching read as one
    /// line) would triple the work of the pages that already cost the most.
    public let variantFrameLimit: Int

    /// Past the longest lines of real writing measured: the free text of UNIPEN's held-out
    /// writers reaches 1,119 frames (99th percentile 951), IAM-OnDB's validation lines 320; the
    /// lines of a scribbled fill of 1,000 strokes span 407 to 3,573 (Docs/Benchmarks.md, "Pages
    /// that are not writing").
    public static let standardVariantFrameLimit = 1_600

    public var recognitionVersion: Int { base.recognitionVersion }
    public var recognitionModel: String { base.recognitionModel }
    public var languages: [RecognitionLanguage] { base.languages }

    public init(_ base: any LineRecognizing, variants: [ReadingVariant] = ReadingVariant.standard,
                companions: [any LineRecognizing] = [], variantFrameLimit: Int = standardVariantFrameLimit) {
        self.base = base
        self.variants = variants
        self.companions = companions
        self.variantFrameLimit = variantFrameLimit
    }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let asWritten = try base.recognize(strokes, maxCandidates: maxCandidates)
        // Nothing read (no ink): nothing to agree on or to search.
        guard !asWritten.candidates.isEmpty else { return asWritten }
        if let frames = asWritten.posteriors?.frameCount, frames > variantFrameLimit { return asWritten }
        let readings = try [asWritten] + variants.map { variant in
            try base.recognize(strokes.map(variant.applied), maxCandidates: maxCandidates)
        } + companions.map { try $0.recognize(strokes, maxCandidates: maxCandidates) }
        let (primaryIndex, winner) = Self.consensus(of: readings)
        var primary = readings[primaryIndex]
        primary.candidates.insert(primary.candidates.remove(at: winner), at: 0)
        primary.alternates = readings.indices.filter { $0 != primaryIndex }.map { index in
            var alternate = readings[index]
            // Their frames are not the primary reading's: the evidence search keeps is that
            // reading's alone, and dropping theirs keeps a line's size.
            alternate.posteriors = nil
            alternate.alternates = []
            for candidate in alternate.candidates.indices { alternate.candidates[candidate].characterFrames = nil }
            return alternate
        }
        return primary
    }

    /// The text the readings agree on most: each reading shares a probability of 1 among its
    /// candidates (a softmax of their log-probabilities), and a text's shares are summed over the
    /// readings. Returns the reading that gives the winning text its largest share and the
    /// winner's index among that reading's candidates; ties go to the earlier reading and
    /// candidate, so a line all readings agree on keeps the ink as written.
    /// Complexity: O(readings · candidates).
    static func consensus(of readings: [LineRecognition]) -> (reading: Int, candidate: Int) {
        let shares = readings.map(\.candidateShares)
        var total: [String: Double] = [:]
        var order: [String] = []
        for (reading, line) in readings.enumerated() {
            for (index, candidate) in line.candidates.enumerated() {
                if total[candidate.text] == nil { order.append(candidate.text) }
                total[candidate.text, default: 0] += shares[reading][index]
            }
        }
        var best = order[0]
        for text in order.dropFirst() where total[text]! > total[best]! { best = text }
        var place = (reading: 0, candidate: 0), largest = -1.0
        for (reading, line) in readings.enumerated() {
            for (index, candidate) in line.candidates.enumerated() where candidate.text == best && shares[reading][index] > largest {
                place = (reading, index)
                largest = shares[reading][index]
            }
        }
        return place
    }
}

extension VariantReadingRecognizer: DecodingConfigurable {
    /// The same variants and companions over the base recognizer, all with other decoding
    /// options.
    /// - Throws: `RecognitionError.modelUnavailable` where the base recognizer or a companion
    ///   cannot change its decoding.
    public func withDecoding(_ options: DecodingOptions) throws -> any LineRecognizing {
        func redecoded(_ recognizer: any LineRecognizing) throws -> any LineRecognizing {
            guard let configurable = recognizer as? any DecodingConfigurable else {
                throw RecognitionError.modelUnavailable("\(type(of: recognizer)) does not take decoding options")
            }
            return try configurable.withDecoding(options)
        }
        return VariantReadingRecognizer(try redecoded(base), variants: variants, companions: try companions.map(redecoded),
                                        variantFrameLimit: variantFrameLimit)
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
    /// (Docs/Benchmarks.md, "Reading the ink again").
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
