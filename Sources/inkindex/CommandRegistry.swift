/// Every subcommand of `inkindex`, in the order `--help` lists them.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        VersionCommand.self,
        SynthesizeCommand.self,
        RenderCommand.self,
        RecognizeCommand.self,
        EvalCommand.self,
        DecoderBenchCommand.self,
        TextCommand.self,
        IndexableCommand.self,
        SearchCommand.self,
        BenchSearchCommand.self,
        LayoutCommand.self,
        BenchLayoutCommand.self,
        BenchSpatialCommand.self,
        LibraryCommand.self,
        DemoCommand.self,
        ConvertCommand.self,
        InfoCommand.self,
        BenchRecognizerCommand.self,
        LibraryBenchCommand.self,
    ]
}
