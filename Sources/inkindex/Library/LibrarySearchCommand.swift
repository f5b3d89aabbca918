import ArgumentParser

struct LibrarySearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search every note for a word, phrase or scripture reference.",
        discussion: """
            Hits are printed best first with where they stand: their cluster, the marks on them \
            and what they are linked to. A struck-through word is found but ranks below words \
            not struck. --linked QUERY takes the query's place.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The query (unless --linked).")
    var query: String?

    @Flag(help: "Match whole words only.")
    var fullWords = false

    @Flag(name: .customLong("case"), help: "Match letter case.")
    var matchCase = false

    @Option(help: ArgumentHelp("At most N hits.", valueName: "n"))
    var limit = 20

    @Flag(help: "One JSON object per hit: note, strokes, bounds, reading, score, context.")
    var json = false

    @OptionGroup(title: "Where on the page") var spatial: SpatialOptions

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be positive") }
        switch (query, spatial.linked) {
        case (nil, nil): throw ValidationError("missing QUERY (or --linked QUERY)")
        case (_?, _?): throw ValidationError("give the query once: as QUERY or as --linked QUERY")
        default: break
        }
    }

    func run() async throws {
        try await library.open().search(spatial.linked ?? query ?? "", fullWords: fullWords, matchCase: matchCase,
                                        filter: spatial.filter, linked: spatial.linked != nil, limit: limit, json: json)
    }
}
