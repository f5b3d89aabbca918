import ArgumentParser

struct LibraryRepairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Rebuild what 'check' finds damaged from the records; never change a note.",
        discussion: """
            Rebuilds SQLite's indexes from their tables, removes index rows of notes that do not \
            exist and, where the derived tables are still damaged, empties them so that 'library \
            reindex' reads every note again. Exit status 1 when damage remains (a note's own bytes: \
            restore it from a backup).
            """)

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        try await library.open().repair()
    }
}
