import ArgumentParser

struct LibraryAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add notes, then recognize and index them.",
        discussion: """
            Adds InkML (.inkml), JSON (.json), or dataset JSON Lines (.jsonl, .jsonl.gz) where each \
            sample becomes one note whose id is the sample's id. The new notes are then recognized \
            and indexed (unless --no-index).
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Drawings or dataset files.")
    var files: [String]

    @Flag(name: .customLong("no-index"), help: "Store the notes without recognizing them.")
    var noIndex = false

    func run() async throws {
        try await library.open(creating: true).add(files, index: !noIndex)
    }
}
