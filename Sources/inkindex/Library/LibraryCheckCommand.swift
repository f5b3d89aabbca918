import ArgumentParser

struct LibraryCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify every drawing against its checksum and that it decodes.",
        discussion: "Exit status 1 when a problem is found.")

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        try await library.open().check()
    }
}
