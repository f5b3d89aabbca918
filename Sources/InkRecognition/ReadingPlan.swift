import Foundation

/// How each line is read for search: by its model as written, by the same model under each
/// change of the ink in `variants`, and by each shipped model in `companions` as written.
/// `VariantReadingRecognizer` puts the readings together: the text is the one they agree on,
/// and search gets them all.
///
/// A companion trained on other data misreads other words than a variant of the same network
/// does: the research model read beside the open model and the research model of version 22
/// finds more of testset_v's words than read three ways alone (Docs/Benchmarks.md, "Three
/// networks").
///
/// ```swift
/// ReadingPlan.standard(for: .open)       // the open model as written, narrower and wider
/// ReadingPlan.standard(for: .research)   // the research model, the open model and research-alternate
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

    /// How `model` reads notes for search unless told otherwise: three readings a line. The open
    /// model, which any app may ship, reads the ink also narrower and wider
    /// (`ReadingVariant.standard`): no other network's terms allow commercial use. The research
    /// models (non-commercial already) read it as written beside the two other networks, which
    /// were trained on other data or grown from other weights and so misread other words.
    public static func standard(for model: ShippedModel) -> ReadingPlan {
        switch model {
        case .open: ReadingPlan(variants: ReadingVariant.standard)
        case .research: ReadingPlan(companions: [.open, .researchAlternate])
        case .researchAlternate: ReadingPlan(companions: [.research, .open])
        }
    }

    /// Recognitions of a line of writing. O(1).
    public var readingsPerLine: Int { 1 + variants.count + companions.count }
}
