/// How far the beam search trusts the character language model over the network: the model's
/// weight and the bonus per character that offsets its cost.
///
/// The shipped character model was trained on English text, so it pulls other languages'
/// words toward English spellings ("für" toward "fur", "sind" toward "sine"). The open model's
/// network reads those languages well enough to lean on it more when the first language asked
/// for is not English (`Training/MODEL_CARD.md`, "Recognition version 12").
///
/// ```swift
/// let balance = LanguageModelBalance.shipped(for: .open, languages: [.danish, .english])
/// print(balance.weight, balance.insertionBonus)   // 0.4 1.5
/// ```
public struct LanguageModelBalance: Sendable, Hashable {
    /// The character language model's weight on its log probability.
    public var weight: Double
    /// Added per character read, so that the model's cost does not favour short readings.
    public var insertionBonus: Double

    public init(weight: Double, insertionBonus: Double) {
        self.weight = weight
        self.insertionBonus = insertionBonus
    }

    /// Tuned on IAM-OnDB testset_v (`CTCDecoder.defaultLanguageModelWeight`): English, and every
    /// language for the research model, whose other languages were never measured against it.
    public static let english = LanguageModelBalance(
        weight: CTCDecoder.defaultLanguageModelWeight, insertionBonus: CTCDecoder.defaultInsertionBonus)

    /// The open model reading a language other than English. Swept on UNIPEN held-out writers'
    /// text and the composed validation words of 20 languages: Danish CER 9.64% -> 8.95%,
    /// Hungarian 6.79% -> 5.42%, where English cursive (testset_v) would lose 0.16 points,
    /// which is why English, capitals read as English included, keeps `english`.
    public static let openOtherLanguages = LanguageModelBalance(weight: 0.4, insertionBonus: 1.5)

    /// The balance the shipped decoding uses for `model` reading `languages` in priority order;
    /// the first language decides (English where none is given).
    public static func shipped(for model: ShippedModel, languages: [RecognitionLanguage]) -> LanguageModelBalance {
        let first = languages.first ?? .english
        switch model {
        case .open where first != .english: return .openOtherLanguages
        case .open, .research: return .english
        }
    }
}
