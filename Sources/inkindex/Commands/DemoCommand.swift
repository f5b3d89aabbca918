import Foundation
import InkIndex
import InkTools

/// `inkindex demo`: the README's first command.
struct DemoCommand: Command {
    static let name = "demo"
    static let abstract = "Build a library of synthetic sermon notes, index them and search them."
    static let help = """
        USAGE: inkindex demo [--output DIR] [--recognizer shipped|transcript]

        Writes three pages of synthetic sermon notes (scripture references, margin notes,
        underlines) into a new note library in DIR (default ./inkindex-demo), recognizes and
        indexes them, searches for \(LibraryDemo.queries.map { "\"\($0)\"" }.joined(separator: ", ")) and writes an SVG
        per note with the hits highlighted. Uses the shipped recognizer where its model is present;
        --recognizer transcript reads the transcript stored in the synthetic ink instead (no
        recognition: it shows the store and search alone).
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, options: ["output", "o", "recognizer"])
        let directory = URL(fileURLWithPath: args.option("output", "o") ?? "inkindex-demo")
        let (recognizer, note): (any LineRecognizing, String?)
        switch args.option("recognizer") ?? "shipped" {
        case "shipped": (recognizer, note) = LibraryDemo.recognizer()
        case "transcript": (recognizer, note) = (TranscriptRecognizer(), "reading the transcript stored in the synthetic ink (no recognition).")
        case let other: throw CLIError.usage("unknown recognizer '\(other)' (shipped or transcript)")
        }
        if let note { print("Note: \(note)\n") }
        try await LibraryDemo(directory: directory).run(recognizer: recognizer) { print($0) }
    }
}
