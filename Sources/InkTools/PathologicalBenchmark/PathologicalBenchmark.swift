import Foundation
import InkIndex
import InkServer

/// Time and memory of one pathological page through one stage: `StrokeRecognizer` (layout,
/// recognition, words, keys), `NoteLibrary.index` (the same plus the stored rows) or the HTTP
/// API (`POST /api/recognize` on an in-process server). Memory is the process's peak resident
/// size, so `inkindex bench-pathological` runs each case in a process of its own.
public enum PathologicalBenchmark {
    public enum Stage: String, Sendable, CaseIterable {
        case recognizer, library, http
    }

    public struct Result: Sendable, Codable {
        public var page: String
        public var stage: String
        public var strokes: Int
        public var points: Int
        public var seconds: Double
        public var peakMegabytes: Double
        /// What came out: words (recognizer, library) or the HTTP status.
        public var outcome: String
    }

    public static func run(_ kind: PathologicalPages.Kind, stage: Stage, recognizer: any LineRecognizing) async throws -> Result {
        let drawing = PathologicalPages.page(kind)
        let start = ContinuousClock.now
        let outcome: String
        switch stage {
        case .recognizer:
            let reader = StrokeRecognizer(recognizer: recognizer)
            await reader.updateDrawing(drawing)
            _ = await reader.search("hatching")
            outcome = "\(await reader.wordTokens.count) words"
        case .library:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-patho-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let library = try NoteLibrary(path: directory.appendingPathComponent("l.sqlite").path)
            try await library.add(drawing, id: "page")
            try await library.index(noteID: "page", using: NoteIndexer(recognizer: recognizer))
            outcome = "\(try await library.words(noteID: "page").count) words"
        case .http:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-patho-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = ServerConfiguration()
            configuration.reindexesOnStart = false
            let server = try InkServer(databasePath: directory.appendingPathComponent("l.sqlite").path, recognizer: recognizer,
                                       configuration: configuration)
            let port = try await server.start(host: "127.0.0.1", port: 0)
            let body = try JSONEncoder().encode(WireStrokes(strokes: drawing.strokes.map(WireStroke.init)))
            let answer = try await HTTPClientConnection.send(port: port, "POST", "/api/recognize",
                                                             headers: [("content-type", "application/json")], body: body)
            await server.shutdown()
            outcome = "HTTP \(answer.status)"
        }
        let elapsed = start.duration(to: .now)
        return Result(page: kind.description, stage: stage.rawValue, strokes: drawing.strokes.count,
                      points: drawing.strokes.reduce(0) { $0 + $1.points.count },
                      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                      peakMegabytes: peakResidentMegabytes(), outcome: outcome)
    }

    /// The process's peak resident set size (`getrusage`: kilobytes on Linux, bytes on Apple systems).
    public static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
        #endif
    }
}
