import ArgumentParser
import Foundation
import InkIndex
import InkPostgres

/// `inkindex worker`: a process of the shared reindex of a PostgreSQL library.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Reindex a PostgreSQL library beside its servers and other workers, each note read by one of them.",
        discussion: """
            Claims notes the recognizer must read again (an older recognition version, another \
            model or languages, a changed drawing, never read) in batches that no other server or \
            worker holds, commits each note's new index in its own transaction, and stops when \
            none is left. Killed at any point, it loses nothing: its notes are claimed again.
            """)

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Print each note's id as its new index is committed.")
    var verbose = false

    func validate() throws {
        guard library.database != nil else { throw ValidationError("worker needs --database postgresql://… (a SQLite library has one process: use 'library reindex')") }
    }

    func run() async throws {
        guard case .postgres(let url, let name) = library.store else { return }
        let session = try library.open()
        let claims: any IndexClaims
        do { claims = try PostgresLibrary.claims(url, library: name) } catch let error as PostgresError {
            throw CLIError.failure("cannot open \(library.store): \(error.message)")
        }
        var rebuilder = LibraryRebuilder(library: session.library, indexer: NoteIndexer(recognizer: try library.lineRecognizer()),
                                         concurrency: library.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        rebuilder.claims = claims
        let start = Date(), verbose = self.verbose
        let report = try await rebuilder.run { progress in
            // Unbuffered, so that a script sees each note as it is committed.
            if verbose, let id = progress.lastCommitted { FileHandle.standardOutput.write(Data("indexed \(id)\n".utf8)) }
        }
        print(String(format: "worker: indexed %d notes in %.1f s (%d changed meanwhile, %d failed)",
                     report.done - report.stale - report.failures.count, Date().timeIntervalSince(start), report.stale, report.failures.count))
        if !report.failures.isEmpty { throw CLIError.failure("\(report.failures.count) notes could not be indexed") }
    }
}
