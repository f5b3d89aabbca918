/// How a recognizer turns its network's frames into text: what `inkindex recognize` and
/// `inkindex eval` switch with `--greedy`, `--no-lm` and `--beam`.
///
/// ```swift
/// var options = DecodingOptions.shipped
/// options.useLanguageModel = false
/// let decoder = try options.makeDecoder(alphabet: alphabet)
/// let readings = decoder.decode(frames, maxCandidates: 5)
/// ```
public struct DecodingOptions: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable, Codable {
        /// The most probable class per frame: one candidate, fastest.
        case greedy
        /// CTC prefix beam search: an N-best list.
        case beamSearch
    }

    public var method: Method = .beamSearch
    /// 24 since recognition version 4 (16 before): 0.6 ms more a line (`inkindex bench-decoder`)
    /// for more readings close to the truth, which search indexes (testset_t whole-word recall
    /// +0.15, prefixes +0.26 points); 32 gained little more for another 0.3 ms.
    public var beamWidth = 24
    public var useLanguageModel = true
    public var languageModelWeight = CTCDecoder.defaultLanguageModelWeight
    public var insertionBonus = CTCDecoder.defaultInsertionBonus
    public var useLexicon = false
    public var lexiconBonus = 0.0
    /// The word prior's weight per Zipf point (`CTCDecoder.wordPriorWeight`); with
    /// `unknownWordPenalty` and `unknownWordPenaltyPerLetter`, 0, 0 and 0 leave the prior unloaded.
    public var wordPriorWeight = CTCDecoder.defaultWordPriorWeight
    public var unknownWordPenalty = CTCDecoder.defaultUnknownWordPenalty
    /// `CTCDecoder.unknownWordPenaltyPerLetter`.
    public var unknownWordPenaltyPerLetter = CTCDecoder.defaultUnknownWordPenaltyPerLetter
    public var scoresLineEnd = true
    /// Whether readings are respelt with the marks the word prior knows their words far better
    /// with (`CTCDecoder.restoresMarks`); it changes nothing with the English prior alone.
    /// On since recognition version 9.
    public var restoresMarks = true
    public var markRestorationMargin = WordPrior.markRestorationMargin
    /// `CTCDecoder.markRestorationPenalty`.
    public var markRestorationPenalty = 0.0
    /// How each word's case is chosen from the ink after the beam search (`WordCasing`); nil
    /// keeps the case the search read. On since recognition version 24.
    public var wordCase: WordCasing.Rule? = WordCasing.Rule()
    /// The languages whose word priors guide the beam search, in priority order
    /// (`WordPrior.merging`); English where none is given.
    public var languages: [RecognitionLanguage] = [.english]
    /// Words the decoder favours like known words (`WordPrior.adding`): names of people, places
    /// and books that no word list has.
    public var vocabulary: [String] = []

    public init() {}

    /// The shipped decoding of `model` for other languages and a vocabulary: the word priors of
    /// `languages` and the character language model weighed as `LanguageModelBalance.shipped`
    /// says for that model and first language.
    ///
    /// ```swift
    /// let options = DecodingOptions.shipped(for: .open, languages: [.spanish, .english], vocabulary: ["Okonkwo"])
    /// options.languageModelWeight   // 0.4: Spanish comes first
    /// ```
    public static func shipped(for model: ShippedModel = .default, languages: [RecognitionLanguage],
                               vocabulary: [String] = []) -> DecodingOptions {
        var options = DecodingOptions()
        options.languages = languages.isEmpty ? [.english] : languages
        options.vocabulary = vocabulary
        let balance = LanguageModelBalance.shipped(for: model, languages: options.languages)
        options.languageModelWeight = balance.weight
        options.insertionBonus = balance.insertionBonus
        return options
    }

    /// What InkIndex ships with: beam search with the language model.
    public static let shipped = DecodingOptions()

    /// Whether decoding reads the word prior: beam search with the language model and a
    /// nonzero prior weight or unknown-word penalty.
    public var usesWordPrior: Bool {
        method == .beamSearch && useLanguageModel && (wordPriorWeight != 0 || unknownWordPenalty != 0 || unknownWordPenaltyPerLetter != 0)
    }

    /// The decoder these options describe, with the shipped character language model of the
    /// first language, the lexicon and the word priors where asked for. Throws `NGramLanguageModel.LoadError` or `WordPrior.LoadError`
    /// when a resource cannot be read.
    public func makeDecoder(alphabet: Alphabet) throws -> CTCDecoder {
        // The first language's own character model: its spellings, not English ones.
        let languageModel: NGramLanguageModel? = useLanguageModel && method == .beamSearch
            ? try NGramLanguageModel.shipped(languages.first ?? .english) : nil
        var decoder = CTCDecoder(
            alphabet: alphabet, beamWidth: beamWidth, languageModel: languageModel,
            languageModelWeight: languageModelWeight, insertionBonus: useLanguageModel ? insertionBonus : 0,
            lexicon: useLexicon ? Lexicon.shipped : nil, lexiconBonus: useLexicon ? lexiconBonus : 0)
        decoder.method = method
        decoder.scoresLineEnd = scoresLineEnd
        decoder.wordCasing = wordCase.map { WordCasing(alphabet: alphabet, rule: $0) }
        if usesWordPrior {
            decoder.wordPrior = try Self.mergedPriors.value(for: languages.isEmpty ? [.english] : languages).get()
                .adding(vocabulary)
            decoder.wordPriorWeight = wordPriorWeight
            decoder.unknownWordPenalty = unknownWordPenalty
            decoder.unknownWordPenaltyPerLetter = unknownWordPenaltyPerLetter
            decoder.restoresMarks = restoresMarks
            decoder.markRestorationMargin = markRestorationMargin
            decoder.markRestorationPenalty = markRestorationPenalty
        }
        return decoder
    }
}

extension DecodingOptions {
    /// Merged priors per list of languages, built once: every recognizer for "es, en" shares one.
    private static let mergedPriors = OnceCache<[RecognitionLanguage], Result<WordPrior, WordPrior.LoadError>> { languages in
        Result { () throws(WordPrior.LoadError) in
            var priors: [WordPrior] = []
            for language in languages { priors.append(try WordPrior.shipped(language)) }
            return try WordPrior.merging(priors)
        }
    }
}

/// A recognizer whose decoding can be switched (greedy, beam width, language model). The neural
/// recognizer conforms, so that the CLI can compare decodings of the same network.
public protocol DecodingConfigurable: LineRecognizing {
    /// The same recognizer with other decoding options.
    func withDecoding(_ options: DecodingOptions) throws -> any LineRecognizing
}
