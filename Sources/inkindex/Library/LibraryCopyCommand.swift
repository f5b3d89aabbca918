import ArgumentParser
import Foundation
import InkIndex
import InkPostgres
import InkServer

/// `inkindex library copy`: every record from one store to another (SQLite ⇄ PostgreSQL).
struct LibraryCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every note, the vocabulary and the imported files from one library to another.",
        discussion: """
            FROM and TO are SQLite files or postgresql:// URLs. Each drawing is copied byte for \
            byte, verified against its checksum as it is read and again as it is read back at the \
            destination; a note the destination already holds is never changed (one with other \
            contents is reported, and the copy fails at the end). Derived rows are rebuilt there: \
            with --index at once, else by 'library reindex' or 'inkindex worker'.
            """)

    @Option(help: ArgumentHelp("The library to copy from: a file or a postgresql:// URL.", valueName: "store"))
    var from: String

    @Option(help: ArgumentHelp("The library to copy to (created where absent).", valueName: "store"))
    var to: String

    @Option(name: .customLong("from-library"), help: ArgumentHelp("The library within a PostgreSQL FROM.", valueName: "name"))
    var fromLibrary = NoteStore.defaultLibrary

    @Option(name: .customLong("to-library"), help: ArgumentHelp("The library within a PostgreSQL TO.", valueName: "name"))
    var toLibrary = NoteStore.defaultLibrary

    @Flag(help: "Index the copied notes at the destination (with --recognizer, --model, --jobs).")
    var index = false

    @OptionGroup var library: LibraryOptions

    func validate() throws {
        guard library.db == nil, library.database == nil else { throw ValidationError("copy takes --from and --to, not --db or --database") }
        guard from != to || fromLibrary != toLibrary else { throw ValidationError("--from and --to name the same library") }
    }

    func run() async throws {
        let source = NoteStore(location: from, library: fromLibrary), target = NoteStore(location: to, library: toLibrary)
        if case .sqlite(let path) = source, !FileManager.default.fileExists(atPath: path) { throw CLIError.badInput("no library at \(path)") }
        let (reading, writing): (NoteLibrary, NoteLibrary)
        do { (reading, writing) = (try source.open(), try target.open()) } catch let error as PostgresError {
            throw CLIError.failure("cannot open a library: \(error.message)")
        }
        let start = Date()
        let bar = ProgressBar(label: "copying", total: try await reading.notes().count)
        let report = try await reading.copy(to: writing) { bar.update(done: $0, total: nil) }
        bar.finish()
        print(String(format: "copied %d notes (%d already there), %d vocabulary words, %d imported files in %.1f s to %@",
                     report.copied, report.alreadyThere, report.vocabularyWords, report.importedFiles, Date().timeIntervalSince(start),
                     target.description))
        for id in report.conflicting.prefix(10) { Terminal.printError("note \(id) is at the destination with other contents: left as it is there") }
        if index {
            let done = try await LibrarySession(library: writing, options: library).rebuild(force: false, label: "indexing")
            print("indexed \(done.done) notes at the destination")
        } else {
            print("the copied notes wait to be indexed: 'inkindex library reindex' or 'inkindex worker' there")
        }
        if !report.conflicting.isEmpty { throw CLIError.failure("\(report.conflicting.count) notes differ at the destination") }
    }
}
