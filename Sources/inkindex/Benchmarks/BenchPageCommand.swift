import ArgumentParser
import Foundation
import InkIndex
import InkWire

/// `inkindex bench-page`: a page read and searched in Swift, the baseline of the C and Python
/// bindings' own (`bindings/c/bench/bench_page.c`, `bindings/python/bench_page.py`), which do
/// the same through libinkindex.
struct BenchPageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-page",
        abstract: "Time a page read and searched through StrokeRecognizer (the C and Python bindings' baseline).",
        discussion: """
            Each iteration makes a recognizer with the open model, gives it the page (every line \
            recognized), searches it for "grace" and drops it, as the bindings' benchmarks do; \
            prints the median and p95 of the iterations after three to warm up. The page is read \
            from its file once. Build with -c release, and compare on a quiet machine.
            """)

    @Argument(help: ArgumentHelp("The page: a drawing file (.json as the HTTP API's strokes or InkIndex's, .inkml, ...).", valueName: "page"))
    var page: String

    @Option(help: ArgumentHelp("Iterations timed.", valueName: "n"))
    var iterations = 30

    @Option(help: ArgumentHelp("How each line is read: standard (three readings) or once.", valueName: "plan"))
    var reading = "standard"

    func validate() throws {
        try requirePositive(["iterations": iterations])
        guard ["standard", "once"].contains(reading) else { throw ValidationError("--reading is standard or once") }
    }

    func run() async throws {
        let drawing = try Self.readPage(page)
        var times: [Double] = []
        var found = false
        for k in -3..<iterations {
            let started = ContinuousClock.now
            let recognizer = StrokeRecognizer(model: .open, preferredLanguages: ["en"], reading: reading == "once" ? .once : nil)
            await recognizer.updateDrawing(drawing)
            found = await !recognizer.search("grace").isEmpty
            let elapsed = started.duration(to: .now)
            if k >= 0 { times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15) }
        }
        times.sort()
        print(String(format: "Swift: %@, reading %@, %d iterations: median %.1f ms, p95 %.1f ms%@", page, reading, iterations,
                     times[iterations / 2], times[Int(Double(iterations) * 0.95)], found ? "" : " (no hit!)"))
    }

    /// A drawing file, or the HTTP API's strokes (`{"strokes": [{"points": [[x, y, t], ...]}]}`),
    /// as libinkindex takes a page.
    static func readPage(_ path: String) throws -> Drawing {
        if let drawing = try? DrawingFile.read(from: URL(fileURLWithPath: path)) { return drawing }
        guard let data = FileManager.default.contents(atPath: path),
              let wire = try? JSONDecoder().decode(WireStrokes.self, from: data) else {
            throw CLIError.badInput("\(path): not a drawing")
        }
        return Drawing(wire: wire.strokes)
    }
}
