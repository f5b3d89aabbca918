import Foundation
import InkIndex
import InkPostgres
import InkTestSupport
import InkTools
import Testing

/// `inkindex worker` processes sharing a PostgreSQL library's reindex: one killed with SIGKILL
/// in the middle loses nothing, and no note is read by two of them.
@Suite(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)),
       .enabled(if: BuiltExecutable.inkindex(for: "SharedReindexTests") != nil, "no built inkindex"))
struct SharedReindexTests {
    /// A worker process whose "indexed ID" lines are collected as they come.
    final class Worker: @unchecked Sendable {
        let process: Process
        private let lock: NSLock
        private let box: LineBox
        private let reader: Thread

        final class LineBox: @unchecked Sendable { var lines: [String] = [] }
        final class ProcessID: @unchecked Sendable { var value: pid_t = 0 }

        /// With `killAfter`, the reader sends SIGKILL as soon as that many notes are committed (from
        /// its own thread, so that a busy test process cannot let the worker run on to the end).
        init(url: String, killAfter: Int? = nil) throws {
            let process = Process()
            process.executableURL = BuiltExecutable.inkindex(for: "SharedReindexTests")!
            process.arguments = ["worker", "--database", url, "--recognizer", "transcript:2", "--jobs", "1", "--verbose"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            let handle = out.fileHandleForReading
            let lock = NSLock(), box = LineBox()
            let pid = ProcessID()
            reader = Thread {
                var pending = "", committed = 0
                // availableData returns what the pipe holds (read(upToCount:) waits for the count).
                while case let data = handle.availableData, !data.isEmpty {
                    pending += String(decoding: data, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        let line = String(pending[..<newline])
                        pending.removeSubrange(...newline)
                        lock.withLock { box.lines.append(line) }
                        if line.hasPrefix("indexed ") { committed += 1 }
                        if let killAfter, committed == killAfter { kill(pid.value, SIGKILL) }
                    }
                }
            }
            (self.process, self.lock, self.box) = (process, lock, box)
            try process.run()
            pid.value = process.processIdentifier
            reader.start()
        }

        /// The notes it committed (so far).
        var indexed: [String] { lock.withLock { box.lines.filter { $0.hasPrefix("indexed ") }.map { String($0.dropFirst(8)) } } }

        func waitForExit() { process.waitUntilExit(); Thread.sleep(forTimeInterval: 0.2) }
    }

    @Test func aWorkerKilledMidReindexLosesNothingAndNoNoteIsReadTwice() async throws {
        let cluster = try #require(PostgresTestCluster.shared)
        let database = try cluster.createDatabase()
        let url = cluster.connectionURL(database: database)
        let library = try PostgresLibrary.open(cluster.connectionString(database: database))
        let ids = (0..<240).map { "note-\($0)" }
        _ = try await library.add(ids.enumerated().map { k, id in
            (id, "n\(k)", TranscribedInk.page(["grace number \(k) for the day"], id: id, seed: UInt64(k), strokeIdentity: .byLine))
        })

        let killed = try Worker(url: url, killAfter: 10)
        killed.waitForExit()
        #expect(killed.process.terminationReason == .uncaughtSignal && killed.process.terminationStatus == SIGKILL,
                "the first worker is killed in the middle, not finished")
        let first = Set(killed.indexed)
        #expect(first.count >= 10 && first.count < ids.count)

        let others = [try Worker(url: url), try Worker(url: url)]
        for worker in others { worker.waitForExit() }
        for worker in others { #expect(worker.process.terminationStatus == 0) }
        let (second, third) = (Set(others[0].indexed), Set(others[1].indexed))
        #expect(second.isDisjoint(with: third), "read by both: \(second.intersection(third).sorted().prefix(5))")
        #expect(first.isDisjoint(with: second.union(third)), "read again after it was committed")
        // At most the one note the killed worker committed but had not yet printed is in none.
        #expect(first.count + second.count + third.count >= ids.count - 1)

        #expect(try await library.notesToIndex(version: 2).isEmpty, "every note is read by version 2")
        #expect(Set(try await library.notes().map(\.id)) == Set(ids), "no note is lost")
        #expect(try await library.check().problems.isEmpty)
        #expect(try await library.search("number", limit: 500).count == ids.count)
    }
}
