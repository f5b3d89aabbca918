/// Lets at most `limit` pieces of work run at once; the others wait their turn, first come first
/// served. The server's recognition pool (limit: the cores) and its write lock (limit 1).
///
/// ```swift
/// let pool = AsyncLimiter(limit: 4)
/// let lines = try await pool.run { try recognizer.recognize(strokes, maxCandidates: 8) }
/// ```
public actor AsyncLimiter {
    public nonisolated let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `work` once a place is free. O(1) besides the wait.
    public func run<T: Sendable>(_ work: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await work()
    }

    /// Work running now and work waiting.
    public var load: (running: Int, waiting: Int) { (running, waiting.count) }

    private func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()  // the place passes straight to the next in line
        }
    }
}
