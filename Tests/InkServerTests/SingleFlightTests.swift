import Synchronization
import Testing
@testable import InkServer

/// Long polls woken together share one read of the feed: concurrent callers of one key run the
/// work once, and nothing is kept once it ends.
@Suite struct SingleFlightTests {
    final class Runs: Sendable {
        let count = Mutex(0)
    }

    @Test func concurrentCallersOfOneKeyShareOneRunAndTheNextCallRunsAgain() async throws {
        let flights = SingleFlight<Int, Int>()
        let runs = Runs()
        let gate = AsyncStream<Void>.makeStream()
        let work: @Sendable () async throws -> Int = {
            runs.count.withLock { $0 += 1 }
            for await _ in gate.stream { break }  // held until the test lets it go
            return 42
        }
        let callers = (0..<5).map { _ in Task { try await flights.run(7, work) } }
        for _ in 0..<2_000 where runs.count.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(50))  // the other four join the running one
        gate.continuation.yield()
        for caller in callers { #expect(try await caller.value == 42) }
        #expect(runs.count.withLock { $0 } == 1)

        // Another key, and the same key afterwards, run of their own.
        gate.continuation.yield()
        #expect(try await flights.run(8, work) == 42)
        gate.continuation.yield()
        #expect(try await flights.run(7, work) == 42)
        #expect(runs.count.withLock { $0 } == 3)
    }

    @Test func aFailureReachesEveryCallerAndIsNotKept() async throws {
        struct Failed: Error {}
        let flights = SingleFlight<String, Int>()
        await #expect(throws: Failed.self) { try await flights.run("a") { throw Failed() } }
        #expect(try await flights.run("a") { 1 } == 1)
    }
}
