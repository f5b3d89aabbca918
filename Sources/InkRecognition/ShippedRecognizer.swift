import Foundation
import InkCore

/// The recognizers that ship with InkIndex: a neural network per `ShippedModel` with the shipped
/// decoding. The open model's weights are this module's (`Resources/inkrec-open.weights`); the
/// research models' are in the product `InkIndexResearchModels` (`ShippedModelResources`;
/// Training/MODEL_CARD.md).
///
/// ```swift
/// let recognizer = try ShippedRecognizer.load(.open)    // or load() for the default
/// let reading = try recognizer.recognize(line.strokes, maxCandidates: 5)
/// ```
public enum ShippedRecognizer {
    /// The recognition version of the default model (`ShippedModel.default.recognitionVersion`):
    /// what `StrokeRecognizer.recognitionVersion` answers. Each model has its own version
    /// (`ShippedModel.recognitionVersion`), and a library compares a note's stored model and
    /// version with its indexer's, so a change to one model re-reads only the notes it read.
    ///
    /// A version grows whenever what is stored from a recognition would come out different: the
    /// shipped weights, the network's arithmetic, the shipped decoding, or how `InkSearch` cuts
    /// readings into words and keys them (an index built by older rules must be rebuilt too).
    /// Bump the models' versions together with `Training/export.py`'s `MODEL_VERSION` (checked by
    /// `load()`), the decoding defaults, `WordTokenizer`'s and `TextNormalizer`'s word rules, or
    /// the layout's rules. Until version 23 one number covered every model; the history below is
    /// of that number, and from version 24 on each model's entries say which model they bump.
    /// Version 3: 16-bit integer products (`QuantizedMatrix`). Version 4: hyphens, dashes and
    /// slashes next to a letter separate words (`TextNormalizer.separatesWords`), and keys fold
    /// British spellings onto American ones (`SpellingVariants`); same weights. Version 5: feature
    /// version 2 (x scaled by the writer's pitch, `InkWidthNormalizer`; model version 4, same
    /// network), a word's possessive or contracted ending also read as its stem
    /// (`CliticEndings`), short words kept as one line by layout, and the page layout's rules
    /// (InkLayout's `PageSegmenter`: clusters, marks, relations) made part of what is stored (each
    /// word's place, `PageMarkup`), so a layout change is a new version too; and a word-level
    /// prior in beam decoding (`WordPrior`, wordfreq's English frequencies: a bonus per Zipf
    /// point of each completed known word, a penalty per unknown one). Version 6: the research
    /// model retrained with the Latin alphabet of 20 languages (model version 6), a word prior
    /// per language (`DecodingOptions.languages`, stored with each note), keys that fold æ, œ, ø,
    /// ł and the German, Danish and Norwegian transliterations, and book names of 19 more
    /// languages in scripture references. Version 7: the research model's third stage on the
    /// Latin alphabet (model version 7: same network, weights read other text), so that notes
    /// read by version 6's weights are read again. Version 8: its fourth stage (model version 8),
    /// with real words written in capitals drawn more often. Version 9: its fifth stage (model
    /// version 9), words respelt with the marks their language's list knows them far better with
    /// (`WordPrior.restoringMarks`), unknown words penalized by length, and a stroke shared by two
    /// words no longer merging their tokens (`WordTokenizer`). Version 10: the open model's second
    /// stage (model version 10; the research model's weights are unchanged, but one number
    /// covers both). Version 11: the open model's third stage (model version 11). Version 12: the
    /// open model weighs the English character language model less when the first language is
    /// not English (`LanguageModelBalance`); same weights. Version 13: the open model's fourth
    /// stage (model version 12). Version 14: the open model's fifth stage (model version 13), and
    /// every language read with its own character model (`NGramLanguageModel.shipped(_:)`) at the
    /// balance tuned for English, for both models. Version 15: the open model's sixth stage (model
    /// version 14). Version 16: the open model's seventh stage (model version 15), trained with
    /// more words that hold marked letters and with Hershey print and script. Version 17: the open
    /// model's stages 9 and 10 (model version 16), whose alphabet writes Czech ý, and word priors
    /// that know the names and abbreviations of the Bible's books. Version 18: the research
    /// model's sixth stage on the Latin alphabet (model version 10), whose alphabet writes Czech ý
    /// too (the open model's weights are unchanged). Version 19: the research model's seventh
    /// stage (model version 11), the mean of two runs' weights (`Training/soup.py`), and character
    /// models of the 19 other languages that have seen each word capitalized, so that a line's
    /// first word keeps its capital ("Îndeplinit" had read "îndeplinit"), for both models.
    /// Version 20: an English character model that has also read modern prose (the World English
    /// Bible, the Jargon File, WordNet's glosses; order 7), for both models, and the research
    /// model reading English trusting it a little more (`LanguageModelBalance.researchEnglish`);
    /// same weights. Version 21: indexing reads each line narrower and wider besides as written
    /// and shows the reading the three agree on (`VariantReadingRecognizer`,
    /// `LineRecognition.alternates`, whose words `WordTokenizer` adds to each word's readings);
    /// same weights and decoding. Version 22: the research model indexes each line read once
    /// beside the open model instead of three ways (`ReadingPlan.standard(for:)`, the companions
    /// of `VariantReadingRecognizer`), with its search calibration refitted on those readings;
    /// a line longer than any writing is read once (`VariantReadingRecognizer.variantFrameLimit`).
    /// Version 23: the research model's network is the open model's fine-tuned on IAM-OnDB (model
    /// version 17), and it indexes each line beside the open model and the research network of
    /// version 22 (`ShippedModel.researchAlternate`), with its search calibration refitted on
    /// those readings; the open model is unchanged. Version 24: each word of every model's
    /// readings takes the case its ink shows, capitals or not (`WordCasing`,
    /// `DecodingOptions.wordCase`), not the case the character model preferred; and the layout
    /// keeps marks drawn into words out of their lines (an underline along the letters' feet, a
    /// bar drawn later through them, an arrow drawn in one stroke, an arrow's steep or upright
    /// shaft).
    public static var recognitionVersion: Int { ShippedModel.default.recognitionVersion }
    /// The `modelVersion` the default model's weights file must declare.
    static var expectedModelVersion: Int { ShippedModel.default.expectedModelVersion }

    /// A shipped model's weights, parsed (cached after the first call).
    /// `RecognitionError.modelNotLinked` where the model's product is not linked
    /// (`ShippedModelResources`).
    public static func weights(_ model: ShippedModel = .default) throws -> WeightsFile {
        try requireLinked(model)
        return try cachedWeights.value(for: model).get()
    }

    /// Throws `RecognitionError.modelNotLinked` unless `model`'s product is linked: checked
    /// before the caches, so that a model loaded before its product was installed (`ResearchModels.install()`) is not
    /// remembered as missing.
    private static func requireLinked(_ model: ShippedModel) throws {
        guard model.isAvailable else {
            throw RecognitionError.modelNotLinked(model: model.identifier, product: model.product)
        }
    }

    private static let cachedWeights = OnceCache<ShippedModel, Result<WeightsFile, any Error>> { model in
        Result { try readWeights(model) }
    }

    private static func readWeights(_ model: ShippedModel) throws -> WeightsFile {
        let name = model.resourceName
        let url = try ShippedModelResources.weightsURL(for: model)
        let file = try WeightsFile(data: Data(contentsOf: url))
        guard file.metadata.modelVersion == model.expectedModelVersion else {
            throw RecognitionError.modelUnavailable(
                "\(name).weights declares model version \(file.metadata.modelVersion), this build expects \(model.expectedModelVersion)")
        }
        return file
    }

    /// A shipped recognizer with the shipped decoding (beam search and language model).
    public static func load(_ model: ShippedModel = .default) throws -> any LineRecognizing {
        try load(model, decoding: .shipped(for: model, languages: []))
    }

    /// A shipped recognizer reading `languages` (in priority order) with an app's or a user's
    /// own words; languages the model cannot write are left out (English where none is left).
    ///
    /// ```swift
    /// let spanish = try ShippedRecognizer.load(.open, languages: [.spanish, .english], vocabulary: ["Okonkwo"])
    /// ```
    /// The network is built once per model and list of languages and shared (a vocabulary
    /// makes only a new decoder), so a recognizer per note costs no network.
    public static func load(_ model: ShippedModel, languages: [RecognitionLanguage], vocabulary: [String] = []) throws -> NeuralLineRecognizer {
        try requireLinked(model)
        let supported = Set(model.supportedLanguages)
        let options = DecodingOptions.shipped(for: model, languages: languages.filter(supported.contains))
        let shared = try languageReaders.value(for: LanguageChoice(model: model, languages: options.languages)).get()
        guard !vocabulary.isEmpty else { return shared }
        var withWords = options
        withWords.vocabulary = vocabulary
        return try shared.redecoded(withWords)
    }

    /// The shipped recognizer as notes are indexed for search: `load(_:languages:vocabulary:)`
    /// that reads each line as `reading` says (`ReadingPlan.standard(for:)` where nil: the open
    /// model also reads it narrower and wider, the research model reads it beside the open
    /// model), as `StrokeRecognizer(model:)` does. Companions read the same languages and words.
    ///
    /// ```swift
    /// let indexer = NoteIndexer(recognizer: try ShippedRecognizer.loadForIndexing(.open))
    /// ```
    public static func loadForIndexing(_ model: ShippedModel = .default, languages: [RecognitionLanguage] = [],
                                       vocabulary: [String] = [], reading: ReadingPlan? = nil) throws -> VariantReadingRecognizer {
        try self.reading(try load(model, languages: languages, vocabulary: vocabulary), as: reading ?? .standard(for: model),
                         languages: languages, vocabulary: vocabulary)
    }

    /// `recognizer` reading each line as `plan` says, its companions loaded with these
    /// languages and words and their shipped decoding.
    ///
    /// ```swift
    /// let greedy = try ShippedRecognizer.load(.research).withDecoding(options)
    /// let both = try ShippedRecognizer.reading(greedy, as: .standard(for: .research))
    /// ```
    public static func reading(_ recognizer: any LineRecognizing, as plan: ReadingPlan, languages: [RecognitionLanguage] = [],
                               vocabulary: [String] = []) throws -> VariantReadingRecognizer {
        VariantReadingRecognizer(recognizer, variants: plan.variants,
                                 companions: try plan.companions.map { try load($0, languages: languages, vocabulary: vocabulary) })
    }

    private struct LanguageChoice: Hashable, Sendable {
        var model: ShippedModel
        var languages: [RecognitionLanguage]
    }

    private static let languageReaders = OnceCache<LanguageChoice, Result<NeuralLineRecognizer, any Error>> { choice in
        Result { try load(choice.model, decoding: .shipped(for: choice.model, languages: choice.languages)) }
    }

    /// The default model's network with other decoding options.
    public static func load(decoding: DecodingOptions) throws -> NeuralLineRecognizer {
        try load(.default, decoding: decoding)
    }

    /// A shipped model's network with other decoding options.
    public static func load(_ model: ShippedModel, decoding: DecodingOptions) throws -> NeuralLineRecognizer {
        try NeuralLineRecognizer(weights: weights(model), decoding: decoding, recognitionVersion: model.recognitionVersion,
                                 recognitionModel: model.identifier)
    }
}
