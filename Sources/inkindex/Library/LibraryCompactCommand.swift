import ArgumentParser

struct LibraryCompactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite a library's file without its free space, in the page size new libraries use.",
        discussion: """
            A library made before schema 11 keeps 4 KiB pages and the space of the tables that \
            version dropped until it is compacted; its index then takes about half the space \
            beside the ink. Notes and their index are unchanged. Needs the file alone: stop a \
            server that has it open first. SQLite libraries only.
            """)

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        let (before, after) = try await library.open().library.compact()
        print("compacted: \(before) → \(after) bytes")
    }
}
