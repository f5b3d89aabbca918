import Foundation

/// Exit codes of `inkindex`, stable for scripts.
enum ExitCode: Int32 {
    case success = 0
    /// The command ran but failed (I/O, damaged data, a check that found problems).
    case failure = 1
    /// The command line was wrong: unknown option, missing argument.
    case usage = 2
    /// An input file could not be read or parsed.
    case badInput = 3
}

/// An error that `inkindex` reports on stderr with a given exit code.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var exitCode: ExitCode
    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: .usage) }
    static func badInput(_ message: String) -> CLIError { CLIError(message: message, exitCode: .badInput) }
    static func failure(_ message: String) -> CLIError { CLIError(message: message, exitCode: .failure) }
    var description: String { message }
}
