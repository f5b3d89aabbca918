import Foundation
import InkIndex
import Synchronization
import Testing
@testable import InkServer

/// The long polls' watch: one read of the feed's newest position an interval for all the polls
/// of a library, each woken once the feed passes its own cursor; a write through this server
/// wakes them all at once. In virtual time.
@Suite struct ChangeFeedWatchTests {
    /// A feed whose newest position the test sets, counting how often it is read.
    final class Feed: Sendable {
        let newest = Mutex<Int64>(0)
        let reads = Mutex(0)

        func read() -> Int64 {
            reads.withLock { $0 += 1 }
            return newest.withLock { $0 }
        }
    }

    final class Woken: Sendable {
        let cursors = Mutex<[Int64]>([])
    }

    @Test func pollsWakeOnceTheFeedPassesTheirOwnCursorWithOneReadAnInterval() async throws {
        let watch = ChangeFeedWatch()
        let clock = VirtualClock()
        let feed = Feed()
        let woken = Woken()
        feed.newest.withLock { $0 = 10 }
        var polls: [Task<Void, Never>] = []
        for cursor: Int64 in [10, 10, 12, 20] {
            polls.append(Task {
                await watch.wait("a", after: cursor, timeout: .seconds(30), clock: clock, pollInterval: .milliseconds(250),
                                 newestPosition: { feed.read() })
                woken.cursors.withLock { $0.append(cursor) }
            })
        }
        // Four timeouts and the watch's one sleep.
        await clock.waitForSleepers(5)
        #expect(await watch.waitingCount == 4)
        #expect(await watch.watchCount == 1)

        clock.advance(by: .milliseconds(250))  // nothing new: none wakes
        await clock.waitForSleepers(5)
        #expect(feed.reads.withLock { $0 } == 1)
        #expect(woken.cursors.withLock { $0 }.isEmpty)

        feed.newest.withLock { $0 = 15 }  // another server wrote: the polls behind 15 wake
        clock.advance(by: .milliseconds(250))
        for _ in 0..<2_000 where woken.cursors.withLock({ $0.count }) < 3 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(woken.cursors.withLock { $0 }.sorted() == [10, 10, 12])
        #expect(feed.reads.withLock { $0 } == 2)
        #expect(await watch.waitingCount == 1)

        await watch.signal("a")  // a write through this server wakes the last one at once
        for poll in polls { await poll.value }
        #expect(woken.cursors.withLock { $0 }.sorted() == [10, 10, 12, 20])
        #expect(await watch.waitingCount == 0)

        // With nobody waiting, the watch stops after its interval and reads nothing more.
        clock.advance(by: .milliseconds(250))
        for _ in 0..<2_000 {
            if await watch.watchCount == 0 { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await watch.watchCount == 0)
        #expect(feed.reads.withLock { $0 } == 2)
    }

    @Test func aPollEndsAtItsTimeoutAndOneCancelledEndsAtOnce() async throws {
        let watch = ChangeFeedWatch()
        let clock = VirtualClock()
        let timed = Task {
            await watch.wait("b", after: 0, timeout: .seconds(1), clock: clock, pollInterval: .seconds(5), newestPosition: { 0 })
        }
        let cancelled = Task {
            await watch.wait("b", after: 0, timeout: .seconds(30), clock: clock, pollInterval: .seconds(5), newestPosition: { 0 })
        }
        await clock.waitForSleepers(3)
        cancelled.cancel()
        await cancelled.value
        clock.advance(by: .seconds(1))
        await timed.value
        #expect(await watch.waitingCount == 0)
    }
}
