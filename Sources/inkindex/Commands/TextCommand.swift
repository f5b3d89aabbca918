import InkIndex

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
        let args = try ParsedArguments(arguments, options: ["simulate"])
        guard !args.positionals.isEmpty else { throw CLIError.usage("missing FILE") }
        let notes = try NoteInputs.read(args.positionals)
        let recognizers = try await NoteInputs.recognize(notes, simulate: try NoteInputs.simulateOption(args))
        for (note, recognizer) in zip(notes, recognizers) {
            if let id = note.sampleID { print("# \(id)") }
            print(await recognizer.recognizedText() ?? "")
        }
    }
}
