import Foundation

/// Entry point: dispatches to a subcommand, maps errors to exit codes.
func mainHelp() -> String {
    let width = CommandRegistry.all.map { $0.name.count }.max() ?? 0
    let lines = CommandRegistry.all.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.abstract }
    return """
        inkindex: reads handwriting from pen strokes and makes it searchable.

        USAGE: inkindex <command> [arguments]

        COMMANDS:
        \(lines.joined(separator: "\n"))

        Run 'inkindex <command> --help' for a command's arguments and options.
        """
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
    print(mainHelp())
    exit(arguments.isEmpty ? ExitCode.usage.rawValue : ExitCode.success.rawValue)
}
guard let command = CommandRegistry.all.first(where: { $0.name == name }) else {
    Terminal.printError("unknown command '\(name)'. Run 'inkindex --help' for the list.")
    exit(ExitCode.usage.rawValue)
}
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") {
    print(command.help)
    exit(ExitCode.success.rawValue)
}
do {
    try await command.run(rest)
    exit(ExitCode.success.rawValue)
} catch let error as CLIError {
    Terminal.printError(error.message)
    exit(error.exitCode.rawValue)
} catch {
    Terminal.printError("\(error)")
    exit(ExitCode.failure.rawValue)
}
