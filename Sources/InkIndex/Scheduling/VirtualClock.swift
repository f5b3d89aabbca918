import Foundation

/// A clock whose time moves only when told to, for testing time-dependent code in virtual time
/// (like swift-nio's `EmbeddedEventLoop.advanceTime(by:)`).
///
/// `sleep(until:)` suspends until `advance(by:)` moves `now` to or past the deadline; sleepers
/// wake in deadline order. Cancelling a sleeping task wakes it with `CancellationError`.
///
/// ```swift
/// let clock = VirtualClock()
/// let scheduler = RecognitionScheduler(clock: clock) { id in ... }
/// await scheduler.drawingChanged(noteID: "n")
/// await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(2))   // the idle timer fires
/// ```
public final class VirtualClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock was made.
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var cancelledBeforeSleeping: Set<Int> = []
    private var nextID = 0

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    /// Tasks currently suspended in `sleep`.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { nextID += 1; return nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelledBeforeSleeping.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes, in deadline order, every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Yields until at least `count` tasks sleep on this clock (so that an `advance` that follows
    /// is seen by them). Gives up after many yields rather than hang a test.
    public func waitForSleepers(_ count: Int) async {
        for _ in 0..<100_000 where sleeperCount < count { await Task.yield() }
    }
}
