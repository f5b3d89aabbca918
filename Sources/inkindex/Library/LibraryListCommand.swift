import ArgumentParser

struct LibraryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Note ids, titles and index versions.")

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        try await library.open().list()
    }
}
