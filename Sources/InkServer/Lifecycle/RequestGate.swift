import Foundation

/// Counts the requests being answered, and once closed turns new ones away: shutdown closes the
/// gate, then waits for the count to reach zero, so that writes in flight finish.
final class RequestGate: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private var closed = false

    /// False (and nothing counted) once the gate is closed.
    func enter() -> Bool {
        lock.withLock {
            guard !closed else { return false }
            inFlight += 1
            return true
        }
    }

    func leave() { lock.withLock { inFlight -= 1 } }

    func close() { lock.withLock { closed = true } }

    var requestsInFlight: Int { lock.withLock { inFlight } }

    /// Waits until no request is being answered, or `timeout` has passed; returns whether it drained.
    func drain(timeout: Duration, clock: ContinuousClock = ContinuousClock()) async -> Bool {
        let deadline = clock.now.advanced(by: timeout)
        while requestsInFlight > 0 {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
