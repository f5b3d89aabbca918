import Foundation

/// One `inkindex` subcommand. Each lives in its own file under `Commands/` and is listed in
/// `CommandRegistry.all`.
///
/// A command parses its own arguments with `ParsedArguments`, naming the flags and options it
/// accepts so that anything else is a usage error:
///
/// ```swift
/// let args = try ParsedArguments(arguments, flags: ["json"], options: ["output", "o"])
/// let input = try args.positional(0, "input file")
/// ```
protocol Command: Sendable {
    /// The word after `inkindex`.
    static var name: String { get }
    /// One line for `inkindex --help`.
    static var abstract: String { get }
    /// The full help text: usage line, arguments and options.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name. Throws `CLIError` for usage and input
    /// problems; any other error is reported as a failure (exit code 1).
    static func run(_ arguments: [String]) async throws
}
