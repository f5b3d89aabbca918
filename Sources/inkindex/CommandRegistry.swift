/// Every subcommand of `inkindex`, in the order `--help` lists them.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        VersionCommand.self,
        SynthesizeCommand.self,
        RenderCommand.self,
        LibraryCommand.self,
        DemoCommand.self,
        LibraryBenchCommand.self,
    ]
}
