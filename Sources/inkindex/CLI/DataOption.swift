import ArgumentParser

/// `--data DIR`: where the shared handwriting data lives (the benchmarks').
struct DataOption: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The shared data folder.", valueName: "dir"))
    var path = "../shared/data"
}
