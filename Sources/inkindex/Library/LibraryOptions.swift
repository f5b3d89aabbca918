import ArgumentParser
import Foundation
import InkIndex
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
        shipped: the trained model (see --model). transcript[:VERSION]: reads the transcript stored \
        in synthetic demo ink (no recognition; for demos and tests).
        """, valueName: "name"))
    var recognizer = "shipped"

    @OptionGroup var model: ModelOption

    @Flag(help: "Recognize with the library's vocabulary too (see 'library vocabulary').")
    var libraryVocabulary = false

    @Option(help: ArgumentHelp("Notes recognized at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        _ = try lineRecognizerKind()
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs at least 1") }
    }

    var path: String { db ?? LibraryLocation.defaultPath }

    /// Opens the library; one that does not exist yet only where `creating` (for `add`).
    func open(creating: Bool = false) throws -> LibrarySession {
        if !creating, !FileManager.default.fileExists(atPath: path) {
            throw CLIError.badInput("no library at \(path) (create one with 'inkindex library --db \(path) add FILE...')")
        }
        try LibraryLocation.prepare(path)
        return LibrarySession(library: try NoteLibrary(path: path), options: self)
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
            guard !vocabulary.isEmpty else { return try model.load() }
            do {
                return try ShippedRecognizer.load(model.model, languages: model.recognitionLanguages,
                                                  vocabulary: try model.vocabularyWords() + vocabulary)
            } catch let error as CLIError { throw error } catch { throw CLIError.failure("\(error)") }
        case .transcript(nil): return TranscriptRecognizer()
        case .transcript(let version?): return TranscriptRecognizer(recognitionVersion: version, alternativeLogProbability: -Double(version))
        }
    }
}
