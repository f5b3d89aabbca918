import Foundation

/// Recognitions of lines, keyed by the line's strokes (identifiers and content) and the
/// recognizer version, so that re-recognizing an edited page redoes only the lines whose strokes
/// changed. Thread-safe; bounded (the oldest entries are dropped first).
///
/// ```swift
/// let cache = LineRecognitionCache(capacity: 2048)
/// let indexer = NoteIndexer(recognizer: recognizer, cache: cache)
/// ```
public final class LineRecognitionCache: @unchecked Sendable {
    /// A line's strokes compared whole (identifiers and points), so a moved or redrawn stroke
    /// is a different line.
    public struct Key: Hashable, Sendable {
        public var recognitionVersion: Int
        public var strokes: [Stroke]
    }

    public let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: LineRecognition] = [:]
    private var order: [Key] = []
    private var orderStart = 0
    private var hitCount = 0
    private var missCount = 0

    public init(capacity: Int = 4096) { self.capacity = max(1, capacity) }

    public func recognition(for key: Key) -> LineRecognition? {
        lock.withLock {
            let found = entries[key]
            if found == nil { missCount += 1 } else { hitCount += 1 }
            return found
        }
    }

    public func store(_ recognition: LineRecognition, for key: Key) {
        lock.withLock {
            if entries.updateValue(recognition, forKey: key) == nil { order.append(key) }
            while entries.count > capacity, orderStart < order.count {
                entries[order[orderStart]] = nil
                orderStart += 1
            }
            if orderStart > capacity {
                order.removeFirst(orderStart)
                orderStart = 0
            }
        }
    }

    /// Lookups answered from the cache and lookups that needed recognition.
    public var statistics: (hits: Int, misses: Int) { lock.withLock { (hitCount, missCount) } }
}
