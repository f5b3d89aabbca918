import ArgumentParser

struct LibraryReindexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: "Recognize notes indexed by an older recognizer (or never), oldest first.",
        discussion: "Drawings are never rewritten.")

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Redo every note.")
    var force = false

    func run() async throws {
        try await library.open().reindex(force: force)
    }
}
