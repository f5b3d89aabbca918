import ArgumentParser
import Foundation
import InkIndex
import InkIndexResearchModels

/// `inkindex`: reads handwriting from pen strokes and makes it searchable.
///
/// ## How to add a command
/// 1. Write `struct FooCommand: AsyncParsableCommand` in the folder of its concept
///    (`Recognition/`, `Search/`, `Library/`, `Layout/`, `Formats/`, `Server/`, `Benchmarks/`, `Demo/`),
///    with `static let configuration = CommandConfiguration(commandName: "foo", abstract: "…",
///    discussion: "…")`.
/// 2. Declare its inputs: `@Argument` for positionals, `@Option` for `--name value` (give a
///    `help:` and a default value, so that `--help` shows both), `@Flag` for switches, and
///    `@OptionGroup var recognizer: RecognizerOptions` (decoding), `SimulateOption`,
///    `DataOptions` or `LibraryOptions` for the groups other commands share. Numbers that may be
///    negative take `parsing: .unconditional`.
/// 3. Check what the types cannot in `mutating func validate() throws` (throw
///    `ValidationError`: exit status 2), and do the work in `func run() async throws`; throw
///    `CLIError.badInput` (status 3) for unreadable input and `CLIError.failure` (status 1) for
///    the rest. Data goes to stdout, messages to stderr (`Terminal.printError`), long work
///    through `ProgressBar(label:total:quiet: json)`.
/// 4. List the type in `subcommands` below, where `--help` should show it, and add a parsing
///    test to `Tests/InkIndexTests/CLITests.swift` where a spelling could break.
@main
struct InkIndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkindex",
        abstract: "Reads handwriting from pen strokes and makes it searchable.",
        discussion: """
            Exit status: 0 done; 1 the command failed (I/O, damaged data, a check that found \
            problems); 2 the command line was wrong; 3 an input file could not be read or parsed.
            """,
        version: "inkindex \(InkIndexInfo.version)",
        subcommands: [
            VersionCommand.self,
            SynthesizeCommand.self,
            RenderCommand.self,
            RecognizeCommand.self,
            EvalCommand.self,
            LanguagesCommand.self,
            BenchDecoderCommand.self,
            TextCommand.self,
            IndexableCommand.self,
            SearchCommand.self,
            BenchSearchCommand.self,
            LayoutCommand.self,
            BenchLayoutCommand.self,
            BenchSpatialCommand.self,
            LibraryCommand.self,
            ServeCommand.self,
            WorkerCommand.self,
            DemoCommand.self,
            ConvertCommand.self,
            InfoCommand.self,
            BenchRecognizerCommand.self,
            LibraryBenchCommand.self,
            BenchServeCommand.self,
            BenchSyncCommand.self,
            BenchPathologicalCommand.self,
            BenchDurabilityCommand.self,
            BenchPageCommand.self,
            BenchNotebookCommand.self,
        ])

    /// Parses, runs, and maps every error to its exit status: `CLIError`s keep their status and
    /// message; the parser's own errors (unknown option, bad value, failed validation) are
    /// usage errors (2) rather than the parser's default 64; anything else is a failure (1).
    static func main() async {
        // The tool is for research and evaluation as much as for use: it links the research
        // models (non-commercial) and keeps `--model research`. Their bundle is found beside the
        // executable; installing also finds it where the tool is moved without it beside.
        ResearchModels.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty {
            print(helpMessage())
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            Foundation.exit(ExitStatus.success.rawValue)
        } catch let error as CLIError {
            Terminal.printError(error.message)
            Foundation.exit(error.exitStatus.rawValue)
        } catch {
            Foundation.exit(report(error))
        }
    }

    /// Prints an error that is not a `CLIError` and returns its exit status.
    static func report(_ error: Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
            return ExitStatus.success.rawValue
        }
        if code == .validationFailure {
            Terminal.printError(message, prefixed: false)
            return ExitStatus.usage.rawValue
        }
        if let exit = error as? ExitCode { return exit.rawValue }
        Terminal.printError("\(error)")
        // A file that is no library (cut short, or another kind of file) is unreadable input.
        if case .notALibrary? = error as? LibraryError { return ExitStatus.badInput.rawValue }
        return ExitStatus.failure.rawValue
    }
}
