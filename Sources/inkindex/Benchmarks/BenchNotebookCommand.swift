import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// `inkindex bench-notebook`: how long a notebook file of any format takes to read, and to read
/// and index, set against how much ink it holds, so that the cost per point can be compared
/// across formats and sizes.
struct BenchNotebookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-notebook",
        abstract: "Time reading a notebook file (any format) and indexing its pages, per point of ink.",
        discussion: """
            Reads the file --iterations times (after one to warm up) and prints the median, then \
            stores its pages in a new library in a temporary folder and indexes them once with \
            the open model (one reading per line unless --reading standard), and prints that time, \
            the ink (pages, strokes, points), the time per thousand points of each, and the \
            process's peak resident memory. Build with -c release and measure on a quiet machine.
            """)

    @Argument(help: ArgumentHelp("A notebook or drawing file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Reads timed.", valueName: "n"))
    var iterations = 10

    @Option(help: ArgumentHelp("How each line is read when indexing: once or standard.", valueName: "plan"))
    var reading = "once"

    @Flag(help: "Read only; do not index.")
    var readOnly = false

    func validate() throws {
        try requirePositive(["iterations": iterations])
        guard ["standard", "once"].contains(reading) else { throw ValidationError("--reading is standard or once") }
    }

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        var notes: [DrawingFile.Note] = []
        var times: [Double] = []
        for k in -1..<iterations {
            let started = ContinuousClock.now
            notes = try mappingInputErrors(file) { try DrawingFile.readNotes(from: url).notes }
            if k >= 0 { times.append(Self.milliseconds(since: started)) }
        }
        times.sort()
        let strokes = notes.reduce(0) { $0 + $1.drawing.strokes.count }
        let points = notes.reduce(0) { $0 + $1.drawing.pointCount }
        let perThousand = { (ms: Double) in points > 0 ? ms / Double(points) * 1000 : 0 }
        print(String(format: "%@: %d pages as notes, %d strokes, %d points", file, notes.count, strokes, points))
        print(String(format: "  read: median %.2f ms of %d (%.3f ms per 1,000 points)", times[times.count / 2], iterations,
                     perThousand(times[times.count / 2])))
        guard !readOnly else {
            print(String(format: "  peak memory: %.0f MB", PathologicalBenchmark.peakResidentMegabytes()))
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-notebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try NoteLibrary(path: folder.appendingPathComponent("library.sqlite").path)
        let started = ContinuousClock.now
        let read = try DrawingFile.readNotes(from: url).notes
        try await library.importFile(identity: url.lastPathComponent, contentHash: try DrawingFile.contentHash(of: url),
                               pages: read.map { ($0.id.uuidString, $0.title, $0.drawing) })
        let recognizer = StrokeRecognizer(model: .open, preferredLanguages: ["en"], reading: reading == "once" ? .once : nil)
        var words = 0
        for note in read {
            let index = try await NoteIndexer.index(note.drawing, with: recognizer)
            words += index.words.count
            _ = try await library.commitIndex(index, noteID: note.id.uuidString, drawingChecksum: NoteLibrary.checksum(of: note.drawing))
        }
        let total = Self.milliseconds(since: started)
        print(String(format: "  read, stored and indexed (reading %@): %.0f ms (%.1f ms per 1,000 points), %d words",
                     reading, total, perThousand(total), words))
        print(String(format: "  peak memory: %.0f MB", PathologicalBenchmark.peakResidentMegabytes()))
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
