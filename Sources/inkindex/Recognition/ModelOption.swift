import ArgumentParser
import InkIndex

extension ShippedModel: ExpressibleByArgument {}

/// `--model open|research`: which shipped model reads, on every command that recognizes.
struct ModelOption: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The shipped model: open (trained only on data whose terms allow commercial use) or \
        research (IAM-OnDB: non-commercial research only).
        """, valueName: "open|research"))
    var model: ShippedModel = .default

    /// The model's recognizer with the shipped decoding.
    func load() throws -> any LineRecognizing {
        do { return try ShippedRecognizer.load(model) } catch { throw CLIError.failure("\(error)") }
    }
}
