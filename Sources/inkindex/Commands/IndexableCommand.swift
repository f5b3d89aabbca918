import InkIndex
import InkTools

struct IndexableCommand: Command {
    static let name = "indexable"
    static let abstract = "Print the indexable content of a drawing (every reading of every word)."
    static let help = """
        USAGE: inkindex indexable FILE... [--simulate RATE]

        Prints what StrokeRecognizer.indexableContent gives for each drawing: each word's
        alternative readings, then the scripture references found, in canonical form. For files
        with many samples, each follows a line '# SAMPLE-ID'.

        OPTIONS:
        \(NoteInputs.simulateHelp)
        """

    static func run(_ arguments: [String]) async throws {
        try await NoteInputs.printEach(arguments) { await $0.indexableContent }
    }
}
