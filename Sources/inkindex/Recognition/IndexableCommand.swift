import ArgumentParser
import InkIndex

struct IndexableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "indexable",
        abstract: "Print the indexable content of a drawing (every reading of every word).",
        discussion: """
            Prints what StrokeRecognizer.indexableContent gives for each drawing: each word's \
            alternative readings, then the scripture references found, in canonical form. For files \
            with many samples, each follows a line '# SAMPLE-ID'.
            """)

    @Argument(help: "Drawings (.json, .inkml, .ink) or dataset files (.jsonl, .jsonl.gz).")
    var files: [String]

    @OptionGroup var simulate: SimulateOption
    @OptionGroup var model: ModelOption

    func run() async throws {
        try await NoteInputs.printEach(files, simulate: simulate.rate, model: model) { await $0.indexableContent }
    }
}
