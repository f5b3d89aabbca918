import Foundation

/// Work that may be cancelled together: the recognitions of requests that store nothing
/// (`POST /api/recognize`), which shutdown cancels at once rather than waiting for them.
///
/// ```swift
/// let value = try await scope.run { try await read(page) }   // scope.cancelAll() ends it
/// ```
final class CancellationScope: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by lock.
    private var cancels: [Int: @Sendable () -> Void] = [:]
    private var next = 0
    private var closed = false

    /// Runs `work` in a task of its own that `cancelAll()` (or cancelling the caller) cancels;
    /// after `cancelAll()`, new work is cancelled before it starts.
    func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await work() }
        let (key, isClosed) = lock.withLock { () -> (Int, Bool) in
            next += 1
            cancels[next] = { task.cancel() }
            return (next, closed)
        }
        if isClosed { task.cancel() }
        defer { _ = lock.withLock { cancels.removeValue(forKey: key) } }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }

    /// Cancels everything running and whatever comes later.
    func cancelAll() {
        let all = lock.withLock { () -> [@Sendable () -> Void] in
            closed = true
            return Array(cancels.values)
        }
        for cancel in all { cancel() }
    }
}
