import ArgumentParser
import InkIndex

struct TextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Print the handwriting of a drawing as text.",
        discussion: """
            Recognizes each drawing (.json, or every sample of a .jsonl/.jsonl.gz dataset file) and \
            prints its text, lines separated by newlines. For files with many samples, each text \
            follows a line '# SAMPLE-ID'.
            """)

    @Argument(help: "Drawings (.json, .inkml, .ink) or dataset files (.jsonl, .jsonl.gz).")
    var files: [String]

    @OptionGroup var simulate: SimulateOption
    @OptionGroup var model: ModelOption

    func run() async throws {
        try await NoteInputs.printEach(files, simulate: simulate.rate, model: model) { await $0.recognizedText() }
    }
}
