import Foundation

/// How each line is read for search: by its model as written, by the same model under each
/// change of the ink in `variants`, and by each shipped model in `companions` as written.
/// `VariantReadingRecognizer` puts the readings together: the text is the one they agree on,
/// and search gets them all.
///
/// A companion trained on other data misreads other words than a variant of the same network
/// does: the research model read once with the open model beside it finds 94.0% of testset_v's
/// words at 91.0% precision, where read three ways alone it found 92.9% (Docs/Benchmarks.md,
/// "Reading beside another network").
///
/// ```swift
/// ReadingPlan.standard(for: .open)       // the open model as written, narrower and wider
/// ReadingPlan.standard(for: .research)   // the research model and the open model, as written
/// let recognizer = try ShippedRecognizer.loadForIndexing(.research, reading: .once)
/// ```
public struct ReadingPlan: Sendable, Hashable, Codable {
    /// The changes of the ink the model also reads.
    public var variants: [ReadingVariant]
    /// The other shipped models that also read the ink as written.
    public var companions: [ShippedModel]

    public init(variants: [ReadingVariant] = [], companions: [ShippedModel] = []) {
        self.variants = variants
        self.companions = companions
    }

    /// The ink read once, by its model alone.
    public static let once = ReadingPlan()

    /// How `model` reads notes for search unless told otherwise. The open model, which any app
    /// may ship, reads the ink also narrower and wider (`ReadingVariant.standard`): no other
    /// network's terms allow commercial use. The research model (non-commercial already) reads
    /// it once beside the open model, which costs two readings a line instead of three and finds
    /// more.
    public static func standard(for model: ShippedModel) -> ReadingPlan {
        switch model {
        case .open: ReadingPlan(variants: ReadingVariant.standard)
        case .research: ReadingPlan(companions: [.open])
        }
    }

    /// Recognitions of a line of writing. O(1).
    public var readingsPerLine: Int { 1 + variants.count + companions.count }
}
