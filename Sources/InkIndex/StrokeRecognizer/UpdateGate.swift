import Foundation

/// Opens once an update has been applied; the next update waits for it, so that updates apply
/// in the order they were made while each runs in its caller's task. Waiting holds no thread.
final class UpdateGate: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by lock.
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock { () -> Bool in
                if isOpen { return true }
                waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }
}
