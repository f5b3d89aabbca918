import Foundation

/// Runs work with a time limit. Past the limit the caller gets `Deadline.Exceeded` at once,
/// whether or not the work has stopped, and the work is cancelled: it ends at its next
/// cancellation check (``StrokeRecognizer`` checks between stages and lines), never holding the
/// caller. Cancelling the caller cancels the work too.
///
/// ```swift
/// let page = try await Deadline.run(within: .seconds(10)) {
///     try await NoteIndexer(recognizer: recognizer).index(drawing)
/// }
/// ```
/// Time comes from `clock` (a `VirtualClock` in tests).
public enum Deadline {
    /// The work did not finish within `limit`.
    public struct Exceeded: Error, Sendable, Hashable, CustomStringConvertible {
        public var limit: Duration
        public var description: String { "the work did not finish within \(limit)" }
    }

    public static func run<T: Sendable>(within limit: Duration, clock: any Clock<Duration> = ContinuousClock(),
                                        _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation,
                           worker: Task { race.finish(await Result(catching: work)) },
                           timer: Task {
                               do { try await sleep(clock, limit) } catch { return }
                               race.finish(.failure(Exceeded(limit: limit)))
                           })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    private static func sleep<C: Clock<Duration>>(_ clock: C, _ duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// The first of work, timer and cancellation to finish resumes the caller, once; the
    /// others are cancelled.
    private final class Race<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by lock.
        private var continuation: CheckedContinuation<T, any Error>?
        private var early: Result<T, any Error>?
        private var tasks: [Task<Void, Never>] = []
        private var done = false

        func start(_ continuation: CheckedContinuation<T, any Error>, worker: Task<Void, Never>, timer: Task<Void, Never>) {
            let finished: Result<T, any Error>? = lock.withLock {
                tasks = [worker, timer]
                if done { return early }
                self.continuation = continuation
                return nil
            }
            if let finished {
                worker.cancel()
                timer.cancel()
                continuation.resume(with: finished)
            }
        }

        func finish(_ result: Result<T, any Error>) {
            let (waiting, running): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = lock.withLock {
                guard !done else { return (nil, []) }
                done = true
                early = result
                defer { continuation = nil }
                return (continuation, tasks)
            }
            for task in running { task.cancel() }
            waiting?.resume(with: result)
        }
    }
}

private extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
