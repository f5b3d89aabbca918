import InkIndex

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
        let args = try ParsedArguments(arguments, options: ["simulate"])
        guard !args.positionals.isEmpty else { throw CLIError.usage("missing FILE") }
        let notes = try NoteInputs.read(args.positionals)
        let recognizers = try await NoteInputs.recognize(notes, simulate: try NoteInputs.simulateOption(args))
        for (note, recognizer) in zip(notes, recognizers) {
            if let id = note.sampleID { print("# \(id)") }
            print(await recognizer.indexableContent ?? "")
        }
    }
}
