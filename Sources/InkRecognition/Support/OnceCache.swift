import Foundation

/// Values computed at most once per key and kept for the process: shipped resources (a
/// language's word prior, a merged prior for a list of languages) that many recognizers share.
/// The first caller of a key computes under the lock, so two threads never parse the same file.
final class OnceCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let make: @Sendable (Key) -> Value

    init(_ make: @escaping @Sendable (Key) -> Value) {
        self.make = make
    }

    /// Complexity: O(1) after the first call for `key`.
    func value(for key: Key) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        let value = make(key)
        values[key] = value
        return value
    }
}
