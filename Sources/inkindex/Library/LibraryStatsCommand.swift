import ArgumentParser

struct LibraryStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Counts and sizes.")

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Print the counts as JSON.")
    var json = false

    func run() async throws {
        try await library.open().stats(json: json)
    }
}
