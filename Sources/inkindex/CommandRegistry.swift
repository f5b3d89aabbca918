/// Every subcommand of `inkindex`, in the order `--help` lists them.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        VersionCommand.self,
        TextCommand.self,
        IndexableCommand.self,
        SearchCommand.self,
        BenchSearchCommand.self,
    ]
}
