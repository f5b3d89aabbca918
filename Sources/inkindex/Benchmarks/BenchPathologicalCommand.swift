import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct BenchPathologicalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-pathological",
        abstract: "Time and memory of pages that are not writing (hatching, dashed rules, scribbles, one huge stroke).",
        discussion: """
            Runs each page through StrokeRecognizer, NoteLibrary.index and POST /api/recognize, each \
            in a process of its own (so that the peak memory is the case's), and prints one row per \
            page and stage: strokes, points, seconds, peak resident MB and what came out. Build with \
            -c release to measure.
            """)

    @Option(help: ArgumentHelp("Only this page (row2000, dashes3000, scribble300, stroke10000); repeatable.", valueName: "name"))
    var page: [String] = []

    @Option(help: ArgumentHelp("Only this stage: recognizer, library or http; repeatable.", valueName: "stage"))
    var stage: [String] = []

    @Flag(help: "One JSON object per row.")
    var json = false

    @Option(help: ArgumentHelp("Write each page to this folder as a drawing (NAME.json, for 'inkindex layout' or 'render') instead of timing it.", valueName: "dir"))
    var writePages: String?

    @Flag(help: .hidden) var inProcess = false

    @OptionGroup var model: ModelOption

    @Option(help: ReadingPlanOption.help)
    var variants = ReadingPlanOption.standard

    func validate() throws {
        for name in page where PathologicalPages.Kind(name: name) == nil { throw ValidationError("unknown page '\(name)'") }
        for name in stage where PathologicalBenchmark.Stage(rawValue: name) == nil { throw ValidationError("unknown stage '\(name)'") }
    }

    func run() async throws {
        let kinds = page.isEmpty ? PathologicalPages.standard : page.compactMap(PathologicalPages.Kind.init(name:))
        let stages = stage.isEmpty ? PathologicalBenchmark.Stage.allCases : stage.compactMap(PathologicalBenchmark.Stage.init(rawValue:))
        if let writePages {
            let folder = URL(fileURLWithPath: writePages, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for kind in kinds {
                let url = folder.appendingPathComponent("\(kind.name).json")
                try DrawingFile.write(PathologicalPages.page(kind), to: url)
                print(url.path)
            }
            return
        }
        if inProcess {
            let result = try await PathologicalBenchmark.run(kinds[0], stage: stages[0], recognizer: try model.load(reading: variants))
            try Terminal.printJSON(result)
            return
        }
        if !json { print("| page | stage | strokes | points | seconds | peak MB | outcome |\n|---|---|---|---|---|---|---|") }
        for kind in kinds {
            for stage in stages {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
                process.arguments = ["bench-pathological", "--in-process", "--page", kind.name, "--stage", stage.rawValue,
                                     "--model", model.model.rawValue, "--languages", model.languages, "--variants", variants.argument]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                guard process.terminationStatus == 0, let result = try? JSONDecoder().decode(PathologicalBenchmark.Result.self, from: data) else {
                    throw CLIError.failure("\(kind) through \(stage.rawValue) failed (exit \(process.terminationStatus))")
                }
                if json { try Terminal.printJSON(result); continue }
                print(String(format: "| %@ | %@ | %d | %d | %.2f | %.0f | %@ |", result.page, result.stage, result.strokes, result.points,
                             result.seconds, result.peakMegabytes, result.outcome))
            }
        }
    }
}
