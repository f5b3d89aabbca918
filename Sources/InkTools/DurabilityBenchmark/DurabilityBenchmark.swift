import Foundation
import InkIndex

/// What committing records with `synchronous=FULL` costs: notes added one transaction each, and
/// in batches, to a fresh library whose record transactions are FULL (as shipped) or NORMAL (what
/// SQLite's WAL mode would otherwise give, and what may roll back after a power loss).
///
/// Time is dominated by `fsync` on the library's disk, so the figures belong to that disk: run it
/// where the library will live (`folder`). O(notes × note size).
public enum DurabilityBenchmark {
    public struct Configuration: Sendable {
        /// Notes added one at a time (each `add` its own transaction).
        public var notes = 300
        /// Notes per `add([...])` in the batched run (as `library add FOLDER` writes them).
        public var batch = 50
        /// Lines of ink in each note.
        public var linesPerNote = 5
        /// Where the libraries are made (a temporary folder by default).
        public var folder: String?

        public init() {}
    }

    public struct Row: Sendable, Codable, Hashable {
        /// "full" or "normal".
        public var synchronous: String
        /// "single" (one note a transaction) or "batch".
        public var mode: String
        public var notes: Int
        public var notesPerSecond: Double
        public var medianMilliseconds: Double
        public var p95Milliseconds: Double
        public var bytesPerNote: Int
    }

    public static func run(_ configuration: Configuration = Configuration()) async throws -> [Row] {
        let folder = configuration.folder ?? FileManager.default.temporaryDirectory.path
        let lines = ["Sermon notes on Romans 8:28", "all things work together", "for good to them that love God",
                     "who are the called", "according to his purpose", "Amazing grace how sweet the sound"]
        let drawings = (0..<max(configuration.notes, configuration.batch)).map { index in
            TranscribedInk.page(Array((0..<configuration.linesPerNote).map { lines[($0 + index) % lines.count] }),
                                id: "note\(index)", seed: UInt64(index + 1))
        }
        let bytesPerNote = drawings.prefix(20).map { BinaryDrawingCodec.encode($0).count }.reduce(0, +) / min(20, drawings.count)
        var rows: [Row] = []
        for synchronous in [Database.Synchronous.full, .normal] {
            let path = (folder as NSString).appendingPathComponent("inkindex-durability-\(UUID().uuidString).sqlite")
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            let library = try NoteLibrary(path: path, recordSynchronous: synchronous)
            let name = synchronous == .full ? "full" : "normal"

            var single: [Double] = []
            let started = ContinuousClock.now
            for (index, drawing) in drawings.prefix(configuration.notes).enumerated() {
                let before = ContinuousClock.now
                _ = try await library.add(drawing, id: "single-\(index)", title: "note \(index)")
                single.append(milliseconds(ContinuousClock.now - before))
            }
            rows.append(row(name, "single", single, total: ContinuousClock.now - started, bytesPerNote: bytesPerNote))

            var batches: [Double] = []
            let batchStarted = ContinuousClock.now
            var added = 0
            while added < configuration.notes {
                let notes = drawings.prefix(configuration.batch).enumerated().map { index, drawing in
                    (id: "batch-\(added + index)", title: "note \(added + index)", drawing: drawing)
                }
                let before = ContinuousClock.now
                _ = try await library.add(notes)
                batches.append(milliseconds(ContinuousClock.now - before) / Double(notes.count))
                added += notes.count
            }
            rows.append(row(name, "batch", batches, total: ContinuousClock.now - batchStarted, notes: added, bytesPerNote: bytesPerNote))
        }
        return rows
    }

    private static func row(_ synchronous: String, _ mode: String, _ perNote: [Double], total: Duration,
                            notes: Int? = nil, bytesPerNote: Int) -> Row {
        let latency = LatencySummary(milliseconds: perNote)
        let count = notes ?? perNote.count
        return Row(synchronous: synchronous, mode: mode, notes: count,
                   notesPerSecond: Double(count) / max(seconds(total), 1e-9),
                   medianMilliseconds: latency.median, p95Milliseconds: latency.p95, bytesPerNote: bytesPerNote)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func milliseconds(_ duration: Duration) -> Double { seconds(duration) * 1000 }
}
