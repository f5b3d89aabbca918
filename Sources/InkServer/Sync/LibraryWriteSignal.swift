import Foundation

/// Wakes the long polls of `GET /api/changes` when this server writes to a library, so that a
/// device waiting on it hears of the change at once. Writes made by other servers on the same
/// PostgreSQL database are seen by the poll's own look at the feed (`ChangesAPI`), every
/// `ServerConfiguration.changeFeedPollInterval`.
///
/// ```swift
/// await signal.wait("default", timeout: .seconds(1), clock: ContinuousClock())  // returns on a write or after 1 s
/// await signal.signal("default")
/// ```
actor LibraryWriteSignal {
    private var waiting: [String: [UUID: CheckedContinuation<Void, Never>]] = [:]
    /// Waits cancelled before they were registered, so that their registration resumes at once.
    private var cancelledEarly: Set<UUID> = []

    /// Wakes every wait on `library`.
    func signal(_ library: String) {
        for continuation in (waiting.removeValue(forKey: library) ?? [:]).values { continuation.resume() }
    }

    /// Returns when `library` is signalled, when `timeout` has passed on `clock`, or when the
    /// calling task is cancelled, whichever comes first.
    nonisolated func wait(_ library: String, timeout: Duration, clock: any Clock<Duration>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: timeout) }
            group.addTask { await self.signalled(library) }
            await group.next()
            group.cancelAll()
        }
    }

    private nonisolated func signalled(_ library: String) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await register(library, id: id)
        } onCancel: {
            Task { await self.cancel(library, id: id) }
        }
    }

    /// Registers the wait in one step on the actor, so that a cancellation is either seen here
    /// (it came first) or finds the wait registered.
    private func register(_ library: String, id: UUID) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if cancelledEarly.remove(id) != nil {
                continuation.resume()
            } else {
                waiting[library, default: [:]][id] = continuation
            }
        }
    }

    private func cancel(_ library: String, id: UUID) {
        if let continuation = waiting[library]?.removeValue(forKey: id) {
            continuation.resume()
        } else {
            // Cancelled before it was registered; or, rarely, just after a signal woke it, which
            // leaves an id nobody asks for: bounded here.
            if cancelledEarly.count > 10_000 { cancelledEarly.removeAll() }
            cancelledEarly.insert(id)
        }
    }

    /// Waits registered now, for tests.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
