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
}
