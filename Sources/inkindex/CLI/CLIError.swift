import Foundation

/// Exit statuses of `inkindex`, stable for scripts.
///
/// | status | meaning |
/// |---|---|
/// | 0 | done |
/// | 1 | the command ran but failed (I/O, damaged data, a check that found problems) |
/// | 2 | the command line was wrong: unknown command or option, missing or invalid argument |
/// | 3 | an input file could not be read or parsed |
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
    case badInput = 3
}

/// An error that `inkindex` reports on stderr (after "inkindex: ") with a given exit status.
///
/// ```swift
/// throw CLIError.badInput("cannot read \(path): no such file")   // exit status 3
/// ```
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var exitStatus: ExitStatus
    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitStatus: .usage) }
    static func badInput(_ message: String) -> CLIError { CLIError(message: message, exitStatus: .badInput) }
    static func failure(_ message: String) -> CLIError { CLIError(message: message, exitStatus: .failure) }
    var description: String { message }
}
