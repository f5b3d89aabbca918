import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own, as a task executor, for work that would otherwise hold Swift's
/// cooperative pool (as wide as the machine: two threads here): recognition, whose arithmetic
/// takes tens of milliseconds, and the library's SQLite calls, which block on the disk. On Linux
/// the threads can run at a lower priority (`niceness`), so that under load a search is served
/// before more ink is read.
///
/// ```swift
/// let threads = DedicatedThreads(count: 2, niceness: 5, name: "inkindex-recognition")
/// let index = try await withTaskExecutorPreference(threads) { try await indexer.index(drawing) }
/// ```
@available(macOS 15, iOS 18, *)
final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
    private let niceness: Int32

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopped = false

    init(count: Int, niceness: Int32 = 0, name: String) {
        self.niceness = niceness
        for number in 0..<max(1, count) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(number)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads end once the queue is empty.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        #if os(Linux)
        guard niceness != 0 else { return loop() }
        // On Linux the nice value is per thread: this lowers this thread only, relative to the
        // process's own (which `nice` may have raised already).
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, getpriority(which, 0) + niceness)
        #endif
        loop()
    }

    private func loop() {
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count, !stopped { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head > 1024, head * 2 > jobs.count {  // drop what was run, now and then
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
