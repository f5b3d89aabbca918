import ArgumentParser
import Foundation
import InkTools

/// `inkindex bench-durability`: what committing records with synchronous=FULL costs.
struct BenchDurabilityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-durability",
        abstract: "Notes written per second with records committed synchronous=FULL (as shipped) and NORMAL.",
        discussion: """
            Adds --notes synthetic notes to a fresh library one transaction each, then the same \
            number in batches of --batch, once with record transactions at synchronous=FULL (the \
            library's setting: a note returned from add survives a power loss) and once at NORMAL \
            (for comparison only). The figures are the disk's: run it where libraries live \
            (--folder). Build with -c release.
            """)

    @Option(help: ArgumentHelp("Notes added in each run.", valueName: "n"))
    var notes = DurabilityBenchmark.Configuration().notes

    @Option(help: ArgumentHelp("Notes per transaction in the batched run.", valueName: "n"))
    var batch = DurabilityBenchmark.Configuration().batch

    @Option(name: .customLong("lines-per-note"), help: ArgumentHelp("Lines of ink in each note.", valueName: "n"))
    var linesPerNote = DurabilityBenchmark.Configuration().linesPerNote

    @Option(help: ArgumentHelp("Folder for the libraries (default the temporary folder).", valueName: "path"))
    var folder: String?

    @Flag(help: "One JSON object per row.")
    var json = false

    func validate() throws {
        try requirePositive(["notes": notes, "batch": batch, "lines-per-note": linesPerNote])
    }

    func run() async throws {
        var configuration = DurabilityBenchmark.Configuration()
        configuration.notes = notes
        configuration.batch = batch
        configuration.linesPerNote = linesPerNote
        configuration.folder = folder
        let rows = try await DurabilityBenchmark.run(configuration)
        if json {
            for row in rows { try Terminal.printJSON(row) }
            return
        }
        print("| synchronous | transactions | notes | notes/s | ms a note, median | p95 | bytes a note |\n|---|---|---|---|---|---|---|")
        for row in rows {
            print(String(format: "| %@ | %@ | %d | %.0f | %.2f | %.2f | %d |", row.synchronous,
                         row.mode == "single" ? "one a note" : "\(batch) notes each", row.notes,
                         row.notesPerSecond, row.medianMilliseconds, row.p95Milliseconds, row.bytesPerNote))
        }
    }
}
