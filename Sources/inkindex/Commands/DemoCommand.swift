import Foundation
import InkIndex

/// `inkindex demo`: the README's first command.
struct DemoCommand: Command {
    static let name = "demo"
    static let abstract = "Build a library of synthetic sermon notes, index them and search them."
    static let help = """
        USAGE: inkindex demo [--output DIR]

        Writes three pages of synthetic sermon notes (scripture references, margin notes,
        underlines) into a new note library in DIR (default ./inkindex-demo), recognizes and
        indexes them, searches for \(LibraryDemo.queries.map { "\"\($0)\"" }.joined(separator: ", ")) and writes an SVG
        per note with the hits highlighted. Uses the shipped recognizer where its model is present.
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, options: ["output", "o"])
        let directory = URL(fileURLWithPath: args.option("output", "o") ?? "inkindex-demo")
        let (recognizer, note) = LibraryDemo.recognizer()
        if let note { print("Note: \(note)\n") }
        try await LibraryDemo(directory: directory).run(recognizer: recognizer) { print($0) }
    }
}
