import Foundation
import Testing
@testable import InkIndex
import InkTools

/// Records are written with synchronous=FULL (a note that `add` returned survives a power cut);
/// derived-only transactions ask for NORMAL and leave the connection at FULL.
@Suite struct LibraryDurabilityTests {
    @Test func recordsAreSyncedAtCommitAndIndexingLeavesTheConnectionDurable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("d.sqlite").path)
        #expect(try db.scalarInt("PRAGMA synchronous") == 2)   // FULL
        try db.execute("CREATE TABLE t(x)")
        let seen = try db.transaction(synchronous: .normal) { () throws -> Int64? in
            try db.execute("INSERT INTO t VALUES (1)")
            return try db.scalarInt("PRAGMA synchronous")
        }
        #expect(seen == 1)   // NORMAL inside the derived-only transaction
        #expect(try db.scalarInt("PRAGMA synchronous") == 2)
        // A failing derived-only transaction leaves it durable too, and changes nothing.
        #expect(throws: (any Error).self) {
            try db.transaction(synchronous: .normal) { try db.execute("INSERT INTO missing VALUES (1)") }
        }
        #expect(try db.scalarInt("PRAGMA synchronous") == 2)
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 1)
    }

    /// What `bench-durability` compares against: a connection whose own setting is NORMAL keeps
    /// it across derived-only transactions, and a library opened that way still reads and writes.
    @Test func theBenchmarksNormalConnectionKeepsItsSetting() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("n.sqlite").path, synchronous: .normal)
        #expect(try db.scalarInt("PRAGMA synchronous") == 1)
        let inside = try db.transaction(synchronous: .full) { try db.scalarInt("PRAGMA synchronous") }
        #expect(inside == 2)
        #expect(try db.scalarInt("PRAGMA synchronous") == 1)

        let rows = try await DurabilityBenchmark.run({
            var configuration = DurabilityBenchmark.Configuration()
            configuration.notes = 4
            configuration.batch = 2
            configuration.linesPerNote = 1
            configuration.folder = directory.path
            return configuration
        }())
        #expect(rows.map { "\($0.synchronous) \($0.mode) \($0.notes)" } == ["full single 4", "full batch 4", "normal single 4", "normal batch 4"])
        #expect(rows.allSatisfy { $0.notesPerSecond > 0 && $0.bytesPerNote > 0 })
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("inkindex-durability") }
        #expect(left.isEmpty, "the benchmark's libraries are removed")
    }
}
