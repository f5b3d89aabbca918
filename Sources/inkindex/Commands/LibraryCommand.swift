import Foundation
import InkIndex

/// `inkindex library`: a SQLite library of notes whose strokes are the record and whose
/// recognized text is a rebuildable index.
struct LibraryCommand: Command {
    static let name = "library"
    static let abstract = "Add, search, reindex, check and export notes in a note library (SQLite)."
    static var help: String {
        """
        USAGE: inkindex library [--db PATH] [--recognizer NAME] <subcommand> [arguments]

        SUBCOMMANDS:
          add FILE...             Add notes: InkML (.inkml), JSON (.json), or dataset JSON Lines
                                  (.jsonl, .jsonl.gz) where each sample becomes one note whose id is
                                  the sample's id. The new notes are then recognized and indexed
                                  (unless --no-index).
          search QUERY            Search every note. Options: --full-words, --case, --limit N
                                  (default 20), --json (one JSON object per hit: note, strokes,
                                  bounds, reading, score, context), --emphasized, --in margin|body;
          search --linked QUERY   the words joined to QUERY's hits by an arrow, a connector, a
                                  bracket or a margin note.
          reindex [--force]       Recognize notes indexed by an older recognizer (or never), oldest
                                  first; --force redoes every note. Drawings are never rewritten.
          stats [--json]          Counts and sizes.
          check                   Verify every drawing against its checksum and that it decodes
                                  (exit code 1 when a problem is found).
          export NOTE --format inkml|svg [--highlight QUERY] [--output FILE]
                                  Write a note (to stdout without --output); with --highlight, the
                                  query's hits in that note are highlighted in the SVG.
          list                    Note ids, titles and index versions.

        OPTIONS:
          --db PATH               The library file. Default: $XDG_DATA_HOME/inkindex/library.sqlite,
                                  or ~/.local/share/inkindex/library.sqlite without XDG_DATA_HOME
                                  (here: \(LibraryLocation.defaultPath)).
          --recognizer NAME       shipped (default): the trained model.
                                  transcript[:VERSION]: reads the transcript stored in synthetic demo
                                  ink (no recognition; for demos and tests).
          --jobs N                Notes recognized at once (default: the number of cores).
        """
    }

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(
            arguments, flags: Set(["full-words", "case", "json", "force", "no-index"]).union(SpatialArguments.flags),
            options: Set(["db", "recognizer", "limit", "format", "highlight", "output", "o", "jobs"]).union(SpatialArguments.options))
        let subcommand = try args.positional(0, "subcommand (add, search, reindex, stats, check, export, list)")
        let path = args.option("db") ?? LibraryLocation.defaultPath
        if subcommand != "add", !FileManager.default.fileExists(atPath: path) {
            throw CLIError.badInput("no library at \(path) (create one with 'inkindex library --db \(path) add FILE...')")
        }
        try LibraryLocation.prepare(path)
        let library = try NoteLibrary(path: path)
        let session = LibrarySession(library: library, args: args)
        switch subcommand {
        case "add": try await session.add(Array(args.positionals.dropFirst()))
        case "search": try await session.search(try args.option("linked") ?? args.positional(1, "query"))
        case "reindex": try await session.reindex()
        case "stats": try await session.stats()
        case "check": try await session.check()
        case "export": try await session.export(try args.positional(1, "note id"))
        case "list": try await session.list()
        default: throw CLIError.usage("unknown library subcommand '\(subcommand)' (see 'inkindex library --help')")
        }
    }
}

/// The parsed command line and the open library, shared by the subcommands.
struct LibrarySession {
    let library: NoteLibrary
    let args: ParsedArguments

    func recognizer() throws -> any LineRecognizing {
        let name = args.option("recognizer") ?? "shipped"
        if name == "shipped" { return try ShippedRecognizer.load() }
        if name == "transcript" { return TranscriptRecognizer() }
        if name.hasPrefix("transcript:"), let version = Int(name.dropFirst("transcript:".count)) {
            return TranscriptRecognizer(recognitionVersion: version, alternativeLogProbability: -Double(version))
        }
        throw CLIError.usage("unknown recognizer '\(name)' (shipped, transcript, transcript:VERSION)")
    }

    func rebuild(force: Bool, label: String) async throws -> LibraryRebuilder.Progress {
        let indexer = NoteIndexer(recognizer: try recognizer())
        let jobs = try args.intOption("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let bar = CountingProgress(label: label)
        let report = try await LibraryRebuilder(library: library, indexer: indexer, concurrency: jobs).run(force: force) { state in
            bar.update(done: state.done, total: state.total)
        }
        bar.finish()
        for (id, reason) in report.failures.sorted(by: { $0.key < $1.key }).prefix(10) {
            Terminal.printError("could not index note \(id): \(reason)")
        }
        return report
    }
}

/// A progress bar whose total is learned from the first report.
final class CountingProgress: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var bar: ProgressBar?
    private var done = 0

    init(label: String) { self.label = label }

    func update(done: Int, total: Int) {
        lock.withLock {
            if bar == nil { bar = ProgressBar(label: label, total: total) }
            bar?.advance(by: done - self.done)
            self.done = done
        }
    }

    func finish() { lock.withLock { bar?.finish() } }
}
