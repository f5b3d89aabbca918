import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own for recognition, as a task executor: the network's arithmetic runs
/// here rather than on Swift's cooperative pool, which is as wide as the machine, so a page
/// being read never holds up the searches and writes waiting there. On Linux the threads run
/// at a lower priority (nice +5), so that under load a search is served before more ink is read.
///
/// ```swift
/// let threads = RecognitionThreads(count: 2)
/// let index = try await withTaskExecutorPreference(threads) { try await indexer.index(drawing) }
/// ```
@available(macOS 15, iOS 18, *)
final class RecognitionThreads: TaskExecutor, @unchecked Sendable {
    static let niceness: Int32 = 5

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopped = false

    init(count: Int) {
        for number in 0..<max(1, count) {
            let thread = Thread { [self] in work() }
            thread.name = "inkindex-recognition-\(number)"
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
        // On Linux the nice value is per thread: this lowers this thread only, relative to the
        // process's own (which `nice` may have raised already).
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, getpriority(which, 0) + Self.niceness)
        #endif
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
