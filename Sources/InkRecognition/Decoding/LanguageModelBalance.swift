/// How far the beam search trusts the character language model over the network: the model's
/// weight and the bonus per character that offsets its cost.
///
/// Since recognition version 14 every language is read with its own character model
/// (`NGramLanguageModel.shipped(_:)`), so one balance serves them nearly all: the one tuned for
/// English on IAM-OnDB testset_v, which the sweep over the 19 other languages' validation words
/// chose as well (0.4 / 1.5: mean CER 4.26%, 0.6 / 2.0: 4.10%, 0.8 / 2.5: 4.20%;
/// `Training/HISTORY.md`, "Recognition version 14"). Since version 20 the English model has
/// also read modern prose, and the research model reading English trusts it a little more
/// (`researchEnglish`: testset_v 5.34% → 5.25%, UNIPEN held-out words unchanged); the open model
/// stays at `english`, where more weight cost it on UNIPEN's writers (6.15% → 6.31%). Versions
/// 12 and 13 read other languages with the English model, weighed less (`openOtherLanguages`).
///
/// ```swift
/// let balance = LanguageModelBalance.shipped(for: .open, languages: [.danish, .english])
/// print(balance.weight, balance.insertionBonus)   // 0.6 2.0
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

    /// Tuned on IAM-OnDB testset_v (`CTCDecoder.defaultLanguageModelWeight`), and the best of
    /// the sweep on the other languages' own models too.
    public static let english = LanguageModelBalance(
        weight: CTCDecoder.defaultLanguageModelWeight, insertionBonus: CTCDecoder.defaultInsertionBonus)

    /// The research model's when English comes first, since recognition version 20: tuned on
    /// testset_v with the English model that has read modern prose (`Training/lm/README.md`,
    /// "Decoding weights").
    public static let researchEnglish = LanguageModelBalance(weight: 0.7, insertionBonus: 2.25)

    /// What recognition versions 12 and 13 used for the open model when the first language was
    /// not English, to lean less on a character model trained on English text.
    @available(*, deprecated, message: "every language has its own character model since recognition version 14 and is read at `english`")
    public static let openOtherLanguages = LanguageModelBalance(weight: 0.4, insertionBonus: 1.5)

    /// The balance the shipped decoding uses for `model` reading `languages` in priority order:
    /// `researchEnglish` for the research models (`research`, `researchAlternate`) when English
    /// comes first (or no language is given), `english` otherwise.
    public static func shipped(for model: ShippedModel, languages: [RecognitionLanguage]) -> LanguageModelBalance {
        model != .open && (languages.first ?? .english) == .english ? .researchEnglish : .english
    }
}
