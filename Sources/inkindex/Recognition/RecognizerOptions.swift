import ArgumentParser
import InkIndex

/// The decoding switches that `recognize`, `eval` and `bench-decoder` share, and loading the
/// shipped recognizer with them.
struct RecognizerOptions: ParsableArguments {
    @OptionGroup var model: ModelOption

    @Flag(help: "Best path only (no beam search, no language model).")
    var greedy = false

    @Flag(name: .customLong("no-lm"), help: "Beam search without the language model.")
    var noLanguageModel = false

    @Option(help: ArgumentHelp("Beam width.", valueName: "n"))
    var beam = DecodingOptions.shipped.beamWidth

    @Option(name: .customLong("lm-weight"), parsing: .unconditional,
            help: ArgumentHelp("Weight of the first language's character model (default 0.6).", valueName: "w"))
    var languageModelWeight: Double?

    @Option(name: .customLong("insertion-bonus"), parsing: .unconditional,
            help: ArgumentHelp("Per-character bonus with the language model (default 2).", valueName: "b"))
    var insertionBonus: Double?

    @Flag(help: "Add a bonus for known words (see --lexicon-bonus).")
    var lexicon = false

    @Option(name: .customLong("lexicon-bonus"), parsing: .unconditional,
            help: ArgumentHelp("Bonus per known word, penalty per unknown one, with --lexicon.", valueName: "l"))
    var lexiconBonus = 1.0

    @Option(name: .customLong("word-prior-weight"), parsing: .unconditional,
            help: ArgumentHelp("Word-prior bonus per Zipf point of a known word (0 with both unknown-word penalties 0: no prior).", valueName: "w"))
    var wordPriorWeight = DecodingOptions.shipped.wordPriorWeight

    @Option(name: .customLong("unknown-word-penalty"), parsing: .unconditional,
            help: ArgumentHelp("Penalty per word the word prior does not know.", valueName: "p"))
    var unknownWordPenalty = DecodingOptions.shipped.unknownWordPenalty

    @Flag(name: .customLong("case-as-read"),
          help: "Keep each word's case as the beam search read it, not as its ink shows (capitals or not).")
    var caseAsRead = false

    @Option(name: .customLong("case-kept-evidence"), parsing: .unconditional,
            help: ArgumentHelp("Log-probability margin by which a letter sure of its case keeps it.", valueName: "nats"))
    var caseKeptEvidence: Double?

    @Option(name: .customLong("case-heading-lean"), parsing: .unconditional,
            help: ArgumentHelp("Lean toward capitals per letter in a line whose other words are in capitals.", valueName: "nats"))
    var caseHeadingLean: Double?

    @Flag(name: .customLong("no-restore-marks"),
          help: "Keep each word's marks as read, not respelt as the word prior knows the word far better (é, ą, ñ).")
    var noRestoreMarks = false

    @Option(name: .customLong("mark-restoration-margin"), parsing: .unconditional,
            help: ArgumentHelp("Zipf points more common a marked spelling must be to be written instead.", valueName: "z"))
    var markRestorationMargin = DecodingOptions.shipped.markRestorationMargin

    @Option(name: .customLong("mark-restoration-penalty"), parsing: .unconditional,
            help: ArgumentHelp("Penalty in the beam per word that will be respelt with marks not read.", valueName: "p"))
    var markRestorationPenalty = DecodingOptions.shipped.markRestorationPenalty

    @Option(name: .customLong("unknown-letter-penalty"), parsing: .unconditional,
            help: ArgumentHelp("Penalty per character of a word the word prior does not know, beside --unknown-word-penalty.", valueName: "p"))
    var unknownWordPenaltyPerLetter = DecodingOptions.shipped.unknownWordPenaltyPerLetter

    func validate() throws {
        guard beam >= 1 else { throw ValidationError("--beam needs a width of at least 1") }
        let numbers: [(String, Double?)] = [("lm-weight", languageModelWeight), ("insertion-bonus", insertionBonus), ("lexicon-bonus", lexiconBonus),
                              ("word-prior-weight", wordPriorWeight), ("unknown-word-penalty", unknownWordPenalty),
                              ("unknown-letter-penalty", unknownWordPenaltyPerLetter),
                              ("mark-restoration-margin", markRestorationMargin), ("mark-restoration-penalty", markRestorationPenalty),
                              ("case-kept-evidence", caseKeptEvidence), ("case-heading-lean", caseHeadingLean)]
        for case let (name, value?) in numbers {
            guard value.isFinite else { throw ValidationError("--\(name) needs a finite number, not '\(value)'") }
        }
    }

    func decoding() throws -> DecodingOptions {
        var decoding = try model.shippedDecoding()
        if greedy { decoding.method = .greedy }
        if noLanguageModel { decoding.useLanguageModel = false }
        decoding.beamWidth = beam
        if let languageModelWeight { decoding.languageModelWeight = languageModelWeight }
        if let insertionBonus { decoding.insertionBonus = insertionBonus }
        decoding.wordPriorWeight = wordPriorWeight
        decoding.unknownWordPenalty = unknownWordPenalty
        decoding.unknownWordPenaltyPerLetter = unknownWordPenaltyPerLetter
        if noRestoreMarks { decoding.restoresMarks = false }
        if caseAsRead {
            decoding.wordCase = nil
        } else if var rule = decoding.wordCase {
            if let caseKeptEvidence { rule.keptEvidence = caseKeptEvidence }
            if let caseHeadingLean { rule.headingLean = caseHeadingLean }
            decoding.wordCase = rule
        }
        decoding.markRestorationMargin = markRestorationMargin
        decoding.markRestorationPenalty = markRestorationPenalty
        if lexicon {
            decoding.useLexicon = true
            decoding.lexiconBonus = lexiconBonus
        }
        return decoding
    }

    /// The shipped recognizer, switched to these decoding options where they differ.
    func loadRecognizer() throws -> any LineRecognizing {
        let recognizer = try model.load()
        let decoding = try decoding()
        guard decoding != (try model.shippedDecoding()) else { return recognizer }
        guard let configurable = recognizer as? any DecodingConfigurable else {
            throw CLIError.failure("this recognizer's decoding cannot be changed (--greedy, --no-lm, --beam, ...)")
        }
        return try configurable.withDecoding(decoding)
    }
}
