import InkIndex
import InkTools

/// The decoding switches that `recognize` and `eval` share, and loading the shipped recognizer
/// with them.
struct RecognizerArguments {
    static let flags: Set<String> = ["greedy", "no-lm", "lexicon"]
    static let options: Set<String> = ["beam", "lm-weight", "insertion-bonus", "lexicon-bonus"]
    static let help = """
          --greedy                Best path only (no beam search, no language model).
          --no-lm                 Beam search without the language model.
          --beam N                Beam width (default \(DecodingOptions.shipped.beamWidth)).
          --lm-weight W           Language-model weight (default \(DecodingOptions.shipped.languageModelWeight)).
          --insertion-bonus B     Per-character bonus with the language model (default \(DecodingOptions.shipped.insertionBonus)).
          --lexicon               Add a bonus for known words (see --lexicon-bonus).
          --lexicon-bonus L       Bonus per known word, penalty per unknown one (default 1 with --lexicon).
        """

    var decoding = DecodingOptions.shipped

    init(_ args: ParsedArguments) throws {
        if args.flag("greedy") { decoding.method = .greedy }
        if args.flag("no-lm") { decoding.useLanguageModel = false }
        if let beam = try args.intOption("beam") {
            guard beam >= 1 else { throw CLIError.usage("--beam needs a width of at least 1") }
            decoding.beamWidth = beam
        }
        if let weight = try Self.double(args, "lm-weight") { decoding.languageModelWeight = weight }
        if let bonus = try Self.double(args, "insertion-bonus") { decoding.insertionBonus = bonus }
        if args.flag("lexicon") {
            decoding.useLexicon = true
            decoding.lexiconBonus = try Self.double(args, "lexicon-bonus") ?? 1
        }
    }

    /// The shipped recognizer, switched to these decoding options where they differ.
    func loadRecognizer() throws -> any LineRecognizing {
        let recognizer = try ShippedRecognizer.load()
        guard decoding != .shipped else { return recognizer }
        guard let configurable = recognizer as? any DecodingConfigurable else {
            throw CLIError.failure("this recognizer's decoding cannot be changed (--greedy, --no-lm, --beam, ...)")
        }
        return try configurable.withDecoding(decoding)
    }

    private static func double(_ args: ParsedArguments, _ name: String) throws -> Double? {
        guard let raw = args.option(name) else { return nil }
        guard let value = Double(raw), value.isFinite else { throw CLIError.usage("--\(name) needs a number, not '\(raw)'") }
        return value
    }
}
