import Foundation

/// The recognition models that ship with InkIndex. They differ in what they were trained on, and
/// so in who may ship them.
///
/// ```swift
/// let recognizer = try ShippedRecognizer.load(.open)       // any app may ship it
/// let research = try ShippedRecognizer.load(.research)     // needs InkIndexResearchModels: non-commercial only
/// print(ShippedModel.default, ShippedModel.open.terms)
/// ```
public enum ShippedModel: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Trained only on data whose terms allow commercial use: UNIPEN and UJI Pen Characters (both
    /// CC BY 4.0) and words of 20 Latin-script languages composed from their real characters
    /// (`Training/MODEL_CARD.md`, "The open model"). Its alphabet has those languages' letters.
    case open
    /// Trained on IAM-OnDB, whose terms allow non-commercial research only, and on UNIPEN (with
    /// words of 20 languages composed from UNIPEN's and UJI's characters): the more accurate
    /// reader, which no commercial app may ship. Since model version 17 (recognition version
    /// 23) its network is the open model's, fine-tuned on IAM-OnDB with the research recipe
    /// (`Training/MODEL_CARD.md`, "The research model").
    case research
    /// The research model of recognition versions 19 to 22 (model version 11): a network of
    /// another lineage, trained from scratch on IAM-OnDB. It reads a little worse than
    /// `research` but misreads other words, so `research` reads each line beside it (and
    /// beside `open`) for search (`ReadingPlan.standard(for:)`). Its terms are the research
    /// model's.
    case researchAlternate = "research-alternate"

    /// The model an app gets when it names none.
    ///
    /// The rule: the open model, unless its CER on IAM-OnDB testset_v (shipped decoding,
    /// normalized) is more than 1.5 times the research model's. The figures behind this
    /// release's choice are in the README ("Which model") and `Training/MODEL_CARD.md`. An app
    /// that ships commercially should name `.open`, whatever the default.
    public static let `default`: ShippedModel = .open

    /// The name of the weights file in the bundle's `Resources` (without its extension).
    var resourceName: String {
        switch self {
        case .open: "inkrec-open"
        case .research: "inkrec"
        case .researchAlternate: "inkrec-research-alternate"
        }
    }

    /// The `modelVersion` the model's weights file must declare (`Training/export.py`).
    var expectedModelVersion: Int {
        switch self {
        case .open: 16
        case .research: 17
        case .researchAlternate: 11
        }
    }

    /// The version of what this model stores from a recognition: a library reads a note again
    /// when the model it was read with, or that model's version, changed
    /// (`NoteLibrary.notesToIndex(version:model:)`), so a new research network leaves libraries
    /// the open model indexed alone.
    ///
    /// Bump a model's version whenever what is stored from its readings would come out
    /// different: its weights (with `expectedModelVersion` and `Training/export.py`'s
    /// `--model-version`), its decoding defaults, or its `ReadingPlan` and the models that plan
    /// reads beside (the research model's version grows with the open model's). A change every
    /// model's readings share, in the layout's rules or in how `InkSearch` cuts readings into
    /// words and keys them, bumps all of them. Versions only grow. Until recognition version 23
    /// one number covered every model; each started from it. The history of what each number
    /// changed is `ShippedRecognizer.recognitionVersion`'s.
    ///
    /// ```swift
    /// ShippedModel.open.recognitionVersion       // 24
    /// ```
    public var recognitionVersion: Int {
        switch self {
        case .open: 24
        case .research: 24
        case .researchAlternate: 24
        }
    }

    /// The SwiftPM product whose bundle carries the model's weights: `InkIndex` (and
    /// `InkCore`'s users through it) for the open model, `InkIndexResearchModels` for the models
    /// trained on IAM-OnDB, which no commercial app may ship (`ShippedModelResources`).
    public var product: String {
        switch self {
        case .open: "InkIndex"
        case .research, .researchAlternate: "InkIndexResearchModels"
        }
    }

    /// Whether this process can load the model: its product is linked (or installed).
    ///
    /// ```swift
    /// let model: ShippedModel = ShippedModel.research.isAvailable ? .research : .open
    /// ```
    public var isAvailable: Bool { ShippedModelResources.isAvailable(self) }

    /// The terms under which the model's weights may be used.
    public var terms: String {
        switch self {
        case .open:
            "Trained on UNIPEN and UJI Pen Characters (CC BY 4.0) and wordfreq word lists (CC BY-SA 4.0): "
                + "may be shipped in commercial and non-commercial apps, with the attribution in NOTICE."
        case .research, .researchAlternate:
            "Trained on IAM-OnDB, whose terms allow non-commercial research only: "
                + "may not be shipped in a commercial app. Its weights are in the product InkIndexResearchModels."
        }
    }

    /// The languages the model's alphabet can write (`RecognitionLanguage.isWritable`) and whose
    /// decoding data this app carries (`ShippedLanguageData`: all 20 with the `InkIndex` product,
    /// English alone with `InkIndexEnglish`), English first; English alone where the weights
    /// cannot be read.
    ///
    /// ```swift
    /// ShippedModel.open.supportedLanguages.map(\.code)   // ["en", "es", "fr", …]
    /// ```
    public var supportedLanguages: [RecognitionLanguage] {
        guard let weights = try? ShippedRecognizer.weights(self) else { return [.english] }
        let alphabet = Array(weights.metadata.alphabet)
        return RecognitionLanguage.all.filter { $0.isWritable(with: alphabet) && ShippedLanguageData.isAvailable($0) }
    }

    /// The identifier a note library stores for notes this model indexed ("open", "research",
    /// "research-alternate").
    public var identifier: String { rawValue }

    public var description: String { rawValue }
}
