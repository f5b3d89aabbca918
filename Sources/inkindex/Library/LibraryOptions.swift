import ArgumentParser
import Foundation
import InkIndex
import InkPostgres
import InkServer
import InkTools

/// The options every `library` subcommand shares. Declared on `library` and on each
/// subcommand under the same property name, so that they may come before or after the
/// subcommand's name: `library --db x.sqlite list` and `library list --db x.sqlite`.
struct LibraryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The library file. Default: $XDG_DATA_HOME/inkindex/library.sqlite, or \
        ~/.local/share/inkindex/library.sqlite without XDG_DATA_HOME (here: \(LibraryLocation.defaultPath)).
        """, valueName: "path"))
    var db: String?

    @Option(help: ArgumentHelp("""
        A PostgreSQL database to keep the library in instead of a file (a libpq URL:         postgresql://user@host/dbname); its tables are made where absent.
        """, valueName: "url"))
    var database: String?

    @Option(name: .customLong("library-name"), help: ArgumentHelp(
        "The library (account) in --database: any account id of 1–200 bytes (an e-mail address, a UUID).", valueName: "name"))
    var libraryName = PostgresLibrary.defaultLibrary

    @Option(help: ArgumentHelp("""
        shipped: the trained model (see --model). transcript[:VERSION]: reads the transcript stored \
        in synthetic demo ink (no recognition; for demos and tests).
        """, valueName: "name"))
    var recognizer = "shipped"

    @OptionGroup var model: ModelOption

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    @Flag(help: "Recognize with the library's vocabulary too (see 'library vocabulary').")
    var libraryVocabulary = false

    @Option(help: ArgumentHelp("Notes recognized at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        _ = try lineRecognizerKind()
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs at least 1") }
        if let database {
            guard db == nil else { throw ValidationError("give --db (a SQLite file) or --database (PostgreSQL), not both") }
            guard PostgresLibrary.isDatabaseURL(database) else {
                throw ValidationError("--database needs a postgresql:// URL (a SQLite file is --db)")
            }
            do { try PostgresLibrary.validate(libraryName: libraryName) } catch { throw ValidationError("--library-name: \(error)") }
        }
    }

    var path: String { db ?? LibraryLocation.defaultPath }

    /// The SQLite file, or the PostgreSQL library where --database is given.
    var store: NoteStore {
        database.map { .postgres(url: $0, library: libraryName) } ?? .sqlite(path: path)
    }

    /// Opens the library; a SQLite file that does not exist yet only where `creating` (for
    /// `add`). A PostgreSQL library's tables are made where absent.
    func open(creating: Bool = false) throws -> LibrarySession {
        if case .postgres(let url, let library) = store {
            do {
                return LibrarySession(library: try PostgresLibrary.open(url, library: library, searchPolicy: searchPolicy), options: self)
            } catch let error as PostgresError {
                throw CLIError.failure("cannot open \(store): \(error.message)")
            }
        }
        if !creating, !FileManager.default.fileExists(atPath: path) {
            throw CLIError.badInput("no library at \(path) (create one with 'inkindex library --db \(path) add FILE...')")
        }
        try LibraryLocation.prepare(path)
        return LibrarySession(library: try NoteLibrary(path: path, searchPolicy: searchPolicy), options: self)
    }

    /// Searches weigh the evidence as fitted on the readings of the model that reads the notes.
    private var searchPolicy: MatchPolicy {
        .standard(forModel: recognizer == "shipped" ? model.model.identifier : "")
    }

    private enum Kind { case shipped, transcript(version: Int?) }

    private func lineRecognizerKind() throws -> Kind {
        if recognizer == "shipped" { return .shipped }
        if recognizer == "transcript" { return .transcript(version: nil) }
        if recognizer.hasPrefix("transcript:"), let version = Int(recognizer.dropFirst("transcript:".count)) {
            return .transcript(version: version)
        }
        throw ValidationError("unknown recognizer '\(recognizer)' (shipped, transcript, transcript:VERSION)")
    }

    func lineRecognizer(vocabulary: [String] = []) throws -> any LineRecognizing {
        switch try lineRecognizerKind() {
        case .shipped:
            do {
                let words = try model.vocabularyWords() + vocabulary
                return try variants.wrapping(try ShippedRecognizer.load(model.model, languages: model.recognitionLanguages, vocabulary: words),
                                             model: model.model, languages: model.recognitionLanguages, vocabulary: words)
            } catch let error as CLIError { throw error } catch { throw CLIError.failure("\(error)") }
        case .transcript(nil): return TranscriptRecognizer()
        case .transcript(let version?): return TranscriptRecognizer(recognitionVersion: version, alternativeLogProbability: -Double(version))
        }
    }
}
