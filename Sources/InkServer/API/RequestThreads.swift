/// Threads on which requests are answered, so that the library's blocking SQLite calls (a
/// commit waits for the disk) never take the few threads of Swift's cooperative pool from the
/// other requests. Where the platform has no task executors, the cooperative pool is used.
struct RequestThreads: Sendable {
    private let threads: (any Sendable)?

    init(count: Int) {
        if #available(macOS 15, iOS 18, *) {
            threads = DedicatedThreads(count: count, name: "inkindex-request")
        } else {
            threads = nil
        }
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        if #available(macOS 15, iOS 18, *), let threads = threads as? DedicatedThreads {
            return await withTaskExecutorPreference(threads) { await work() }
        }
        return await work()
    }

    /// A task that runs `work` on these threads from its start.
    func task<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 15, iOS 18, *), let threads = threads as? DedicatedThreads {
            return Task(executorPreference: threads) { await work() }
        }
        return Task { await work() }
    }

    func stop() {
        if #available(macOS 15, iOS 18, *), let threads = threads as? DedicatedThreads { threads.stop() }
    }
}
