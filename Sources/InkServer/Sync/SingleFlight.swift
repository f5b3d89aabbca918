/// Runs work once for all the callers that ask for the same key at the same time: the first
/// caller starts it, the others wait for its result, and the next caller after it ends starts it
/// again (nothing is cached). One write wakes every long poll of a library at once, and they
/// then ask for the same page of the feed: one read and one encoding serve them all.
///
/// The work runs in a task of its own, so a caller that goes away (its client disconnected)
/// does not cancel it for the others.
///
/// ```swift
/// let reads = SingleFlight<Int64, Data>()
/// let body = try await reads.run(41) { try await encodedPage(since: 41) }
/// ```
actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private var running: [Key: Task<Value, any Error>] = [:]

    func run(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = running[key] { return try await task.value }
        let task = Task { try await work() }
        running[key] = task
        defer { running[key] = nil }
        return try await task.value
    }
}
