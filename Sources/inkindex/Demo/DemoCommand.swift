import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex demo`: the README's first command.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a library of synthetic sermon notes, index them and search them.",
        discussion: """
            Writes three pages of synthetic sermon notes (scripture references, margin notes, \
            underlines) into a new note library in DIR, recognizes and indexes them, searches for \
            \(LibraryDemo.queries.map { "\"\($0)\"" }.joined(separator: ", ")) and writes an SVG per note with \
            the hits highlighted. Uses the shipped recognizer where its model is present; \
            --recognizer transcript reads the transcript stored in the synthetic ink instead (no \
            recognition: it shows the store and search alone).
            """)

    enum Recognizer: String, ExpressibleByArgument, CaseIterable {
        case shipped, transcript
    }

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the library and SVGs.", valueName: "dir"))
    var output = "inkindex-demo"

    @Option(help: "shipped: the trained model where present; transcript: the text stored in the ink.")
    var recognizer = Recognizer.shipped

    @OptionGroup var model: ModelOption

    func run() async throws {
        let (lineRecognizer, note): (any LineRecognizing, String?)
        switch recognizer {
        case .shipped: (lineRecognizer, note) = LibraryDemo.recognizer(model.model)
        case .transcript: (lineRecognizer, note) = (TranscriptRecognizer(), "reading the transcript stored in the synthetic ink (no recognition).")
        }
        if let note { print("Note: \(note)\n") }
        try await LibraryDemo(directory: URL(fileURLWithPath: output)).run(recognizer: lineRecognizer) { print($0) }
    }
}
