import ArgumentParser
import Foundation
import InkIndex

/// `inkindex library`: a library of notes (a SQLite file, or PostgreSQL with --database) whose
/// strokes are the record and whose recognized text is a rebuildable index. One subcommand per file beside this one.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Add, search, reindex, check, copy and export notes in a note library (SQLite or PostgreSQL).",
        subcommands: [
            LibraryAddCommand.self,
            LibrarySearchCommand.self,
            LibraryReindexCommand.self,
            LibraryStatsCommand.self,
            LibraryCheckCommand.self,
            LibraryRepairCommand.self,
            LibraryCompactCommand.self,
            LibraryExportCommand.self,
            LibraryListCommand.self,
            LibraryVocabularyCommand.self,
            LibrarySyncCommand.self,
            LibraryWatchCommand.self,
            LibraryCopyCommand.self,
        ])

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        throw CLIError.usage("missing subcommand (add, search, reindex, stats, check, repair, export, list, vocabulary, sync, copy); see 'inkindex library --help'")
    }
}
