import ArgumentParser

struct LibraryExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a note as SVG or InkML (to stdout without --output).",
        discussion: "With --highlight, the query's hits in that note are highlighted in the SVG.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, inkml
    }

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The note's id.")
    var note: String

    @Option(help: "svg or inkml.")
    var format = Format.svg

    @Option(help: ArgumentHelp("Highlight this query's hits (SVG).", valueName: "query"))
    var highlight: String?

    @Flag(help: "With --highlight: match whole words only.")
    var fullWords = false

    @Flag(name: .customLong("case"), help: "With --highlight: match letter case.")
    var matchCase = false

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write.", valueName: "file"))
    var output: String?

    func run() async throws {
        try await library.open().export(note, format: format, highlight: highlight, fullWords: fullWords,
                                        matchCase: matchCase, output: output)
    }
}
