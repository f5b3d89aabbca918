import InkIndex
import InkTools

struct TextCommand: Command {
    static let name = "text"
    static let abstract = "Print the handwriting of a drawing as text."
    static let help = """
        USAGE: inkindex text FILE... [--simulate RATE]

        Recognizes each drawing (.json, or every sample of a .jsonl/.jsonl.gz dataset file) and
        prints its text, lines separated by newlines. For files with many samples, each text
        follows a line '# SAMPLE-ID'.

        OPTIONS:
        \(NoteInputs.simulateHelp)
        """

    static func run(_ arguments: [String]) async throws {
        try await NoteInputs.printEach(arguments) { await $0.recognizedText() }
    }
}
