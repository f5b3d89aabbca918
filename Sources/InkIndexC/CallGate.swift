import Foundation

/// Runs a handle's async work for a blocking C call: one call at a time per handle (a second
/// waits), the caller's thread blocked on a semaphore while the work runs on Swift's own
/// threads, and `cancel()` from any other thread cancelling the work in flight.
///
/// A C caller's thread is never one of Swift's, so blocking it cannot starve the work it waits
/// for; a call made from a Swift task could, and is refused (`inkindex.h`, "Threads").
final class CallGate: @unchecked Sendable {
    private let callLock = NSLock()
    private let taskLock = NSLock()
    private var inFlight: Task<Void, Never>?

    /// Runs `work` to its end and returns what it returned or threw.
    func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let onSwiftTask = withUnsafeCurrentTask { $0 != nil }
        guard !onSwiftTask else {
            throw CFailure(.invalidArgument, "called from a Swift task: InkIndex's C functions block, call them from a thread of your own")
        }
        callLock.lock()
        defer { callLock.unlock() }
        let outcome = Outcome<T>()
        taskLock.lock()
        inFlight = Task.detached {
            do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
            outcome.finished.signal()
        }
        taskLock.unlock()
        outcome.finished.wait()
        taskLock.lock()
        inFlight = nil
        taskLock.unlock()
        return try outcome.result!.get()
    }

    /// Cancels the work in flight, if any. O(1).
    func cancel() {
        taskLock.lock()
        defer { taskLock.unlock() }
        inFlight?.cancel()
    }

    /// The result of one run, written by the task before it signals.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        var result: Result<T, any Error>?
        let finished = DispatchSemaphore(value: 0)
    }
}
