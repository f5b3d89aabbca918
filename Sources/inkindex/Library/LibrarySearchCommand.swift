import ArgumentParser

struct LibrarySearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search every note for a word, phrase or scripture reference.")

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The query.")
    var query: String

    @Flag(help: "Match whole words only.")
    var fullWords = false

    @Flag(name: .customLong("case"), help: "Match letter case.")
    var matchCase = false

    @Option(help: ArgumentHelp("At most N hits.", valueName: "n"))
    var limit = 20

    @Flag(help: "One JSON object per hit: note, strokes, bounds, reading, score.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be positive") }
    }

    func run() async throws {
        try await library.open().search(query, fullWords: fullWords, matchCase: matchCase, limit: limit, json: json)
    }
}
