import Foundation

/// Wakes the long polls of `GET /api/changes` waiting on one server.
///
/// - A write through this server wakes every poll on its library at once (`signal`).
/// - Writes through other servers on the same PostgreSQL database are seen by one watch per
///   library: while any poll waits, it reads the feed's newest position every poll interval and
///   wakes the polls whose cursor it has passed. One query an interval for a library, however
///   many devices wait, instead of one for each of them.
///
/// ```swift
/// // Returns on a write through this server, once the feed passes 41, or after 30 s:
/// await watch.wait("default", after: 41, timeout: .seconds(30), clock: ContinuousClock(),
///                  pollInterval: .milliseconds(250), newestPosition: { try? await library.latestChangePosition() })
/// await watch.signal("default")
/// ```
actor ChangeFeedWatch {
    private struct Waiter {
        let cursor: Int64
        let continuation: CheckedContinuation<Void, Never>
    }

    private var waiting: [String: [UUID: Waiter]] = [:]
    /// The watch of each library with waiting polls.
    private var watches: [String: Task<Void, Never>] = [:]
    /// Waits cancelled before they were registered, so that their registration resumes at once.
    private var cancelledEarly: Set<UUID> = []

    /// Wakes every wait on `library`.
    func signal(_ library: String) {
        for waiter in (waiting.removeValue(forKey: library) ?? [:]).values { waiter.continuation.resume() }
    }

    /// Returns when `library` is signalled, when its feed's newest position (read by
    /// `newestPosition` every `pollInterval`) passes `cursor`, when `timeout` has passed on
    /// `clock`, or when the calling task is cancelled, whichever comes first.
    nonisolated func wait(_ library: String, after cursor: Int64, timeout: Duration, clock: any Clock<Duration>,
                          pollInterval: Duration, newestPosition: @escaping @Sendable () async -> Int64?) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: timeout) }
            group.addTask {
                await self.signalled(library, after: cursor, clock: clock, pollInterval: pollInterval, newestPosition: newestPosition)
            }
            await group.next()
            group.cancelAll()
        }
    }

    private nonisolated func signalled(_ library: String, after cursor: Int64, clock: any Clock<Duration>, pollInterval: Duration,
                                       newestPosition: @escaping @Sendable () async -> Int64?) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await register(library, id: id, after: cursor, clock: clock, pollInterval: pollInterval, newestPosition: newestPosition)
        } onCancel: {
            Task { await self.cancel(library, id: id) }
        }
    }

    /// Registers the wait in one step on the actor, so that a cancellation is either seen here
    /// (it came first) or finds the wait registered; starts the library's watch if none runs.
    private func register(_ library: String, id: UUID, after cursor: Int64, clock: any Clock<Duration>, pollInterval: Duration,
                          newestPosition: @escaping @Sendable () async -> Int64?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if cancelledEarly.remove(id) != nil {
                continuation.resume()
                return
            }
            waiting[library, default: [:]][id] = Waiter(cursor: cursor, continuation: continuation)
            if watches[library] == nil {
                watches[library] = Task { await self.watch(library, clock: clock, pollInterval: pollInterval, newestPosition: newestPosition) }
            }
        }
    }

    /// Every `pollInterval` while polls wait on `library`: its newest position read, and the
    /// polls it has passed woken. Ends when none waits.
    private func watch(_ library: String, clock: any Clock<Duration>, pollInterval: Duration,
                       newestPosition: @Sendable () async -> Int64?) async {
        while waiting[library]?.isEmpty == false {
            try? await clock.sleep(for: pollInterval)
            guard waiting[library]?.isEmpty == false, let newest = await newestPosition() else { continue }
            for (id, waiter) in waiting[library] ?? [:] where waiter.cursor < newest {
                waiting[library]?.removeValue(forKey: id)
                waiter.continuation.resume()
            }
        }
        waiting[library] = nil
        watches[library] = nil
    }

    private func cancel(_ library: String, id: UUID) {
        if let waiter = waiting[library]?.removeValue(forKey: id) {
            waiter.continuation.resume()
        } else {
            // Cancelled before it was registered; or, rarely, just after a signal woke it, which
            // leaves an id nobody asks for: bounded here.
            if cancelledEarly.count > 10_000 { cancelledEarly.removeAll() }
            cancelledEarly.insert(id)
        }
    }

    /// Waits registered now, for tests.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Libraries watched now, for tests.
    var watchCount: Int { watches.count }
}
