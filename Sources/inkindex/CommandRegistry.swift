/// Every subcommand of `inkindex`, in the order `--help` lists them.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        VersionCommand.self,
        RecognizeCommand.self,
        EvalCommand.self,
        BenchRecognizerCommand.self,
    ]
}
