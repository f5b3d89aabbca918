/// Where recognition runs: at most `limit` pages or notes at once, first come first served, on
/// `RecognitionThreads` (where the platform has task executors: everywhere but Apple systems
/// before macOS 15 and iOS 18, which use the cooperative pool).
///
/// ```swift
/// let pool = RecognitionPool(limit: 2)
/// let page = try await pool.run { try await PageReading.read(drawing, recognizer: recognizer, maxCandidates: 8) }
/// ```
struct RecognitionPool: Sendable {
    private let limiter: AsyncLimiter
    private let threads: (any Sendable)?

    init(limit: Int) {
        limiter = AsyncLimiter(limit: limit)
        if #available(macOS 15, iOS 18, *) {
            threads = RecognitionThreads(count: limit)
        } else {
            threads = nil
        }
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await limiter.run { try await onThreads(work) }
    }

    /// On the recognition threads, without waiting for a place (the background reindex, which
    /// bounds itself).
    func onThreads<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        if #available(macOS 15, iOS 18, *), let threads = threads as? RecognitionThreads {
            return try await withTaskExecutorPreference(threads) { try await work() }
        }
        return try await work()
    }

    func stop() {
        if #available(macOS 15, iOS 18, *), let threads = threads as? RecognitionThreads { threads.stop() }
    }
}
