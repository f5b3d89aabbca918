import Foundation
import InkIndex

/// One library's connections: one that writes (and is used by the background reindex), and
/// readers that answer searches and reads in parallel with it (SQLite in WAL mode, PostgreSQL's
/// snapshots: a reader sees the last committed state and never waits for the writer). What the
/// server remembers of the library's notes is kept here too, so that it is never another's.
final class LibraryConnections: Sendable {
    /// The library's name (`PostgresLibrary.defaultLibrary` where there are no tokens).
    let name: String
    let writer: NoteLibrary
    private let readers: [NoteLibrary]
    private let turn = Turn()
    let strokeCounts = StrokeCounts()
    /// When the change feed's tombstones were last pruned.
    let tombstonePruning: PruningSchedule

    init(store: NoteStore, name: String, readers count: Int, searchPolicy: MatchPolicy, pruneEvery: Duration = .seconds(3_600)) throws {
        self.name = name
        tombstonePruning = PruningSchedule(every: Double(pruneEvery.components.seconds))
        writer = try store.open(searchPolicy: searchPolicy)
        readers = try (0..<max(0, count)).map { _ in try store.open(searchPolicy: searchPolicy) }
    }

    /// The next reader, round robin (the writer where there are none).
    var reader: NoteLibrary {
        readers.isEmpty ? writer : readers[turn.next() % readers.count]
    }

    /// The key of one of the library's notes among every library's (editing sessions).
    func scoped(_ noteID: String) -> String { name + "\u{0}" + noteID }

    /// A task that is due at most once per `interval` seconds of the wall clock.
    final class PruningSchedule: @unchecked Sendable {
        private let lock = NSLock()
        private let interval: TimeInterval
        private var last: Date?

        init(every interval: TimeInterval) { self.interval = interval }

        /// Whether it is due at `now`; if so, it is counted as done then.
        func isDue(at now: Date) -> Bool {
            lock.withLock {
                if let last, now.timeIntervalSince(last) < interval, now >= last, interval > 0 { return false }
                last = now
                return true
            }
        }
    }

    private final class Turn: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value &+= 1; return value & Int.max } }
    }
}

/// Every library the server answers for, each opened at its first request (the default one at
/// start): a request's token names its library (`ServerConfiguration.libraries`), and every
/// handler works on that library's connections alone.
final class LibraryDirectory: @unchecked Sendable {
    let store: NoteStore
    private let readerCount: Int
    private let capacity: Int
    private let searchPolicy: MatchPolicy
    private let pruneEvery: Duration
    private let lock = NSLock()
    private var open: [String: LibraryConnections] = [:]
    /// When each open library (but the default) was last asked for, by a counter.
    private var lastUse: [String: Int] = [:]
    private var uses = 0
    /// The library of requests without tokens (and of the background reindex).
    let defaultLibrary: LibraryConnections

    init(store: NoteStore, readers: Int, capacity: Int = 32, searchPolicy: MatchPolicy = .standard,
         pruneEvery: Duration = .seconds(3_600)) throws {
        self.store = store
        self.pruneEvery = pruneEvery
        readerCount = readers
        self.capacity = max(1, capacity)
        self.searchPolicy = searchPolicy
        defaultLibrary = try LibraryConnections(store: store, name: NoteStore.defaultLibrary, readers: readers, searchPolicy: searchPolicy,
                                                pruneEvery: pruneEvery)
        open[NoteStore.defaultLibrary] = defaultLibrary
    }

    /// The connections of library `name`, opened (and its tables made) at the first request.
    /// O(1) once open; opening holds other first requests back for the few connections' setup,
    /// and closes the library used least recently where `capacity` are open (O(capacity)); its
    /// requests in flight keep their connections until they finish.
    func connections(of name: String) throws -> LibraryConnections {
        try lock.withLock {
            uses += 1
            if let known = open[name] {
                if name != NoteStore.defaultLibrary { lastUse[name] = uses }
                return known
            }
            let connections = try LibraryConnections(store: try store.library(name), name: name, readers: readerCount,
                                                     searchPolicy: searchPolicy, pruneEvery: pruneEvery)
            open[name] = connections
            lastUse[name] = uses
            if lastUse.count > capacity, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
                lastUse[oldest] = nil
                open[oldest] = nil
            }
            return connections
        }
    }

    /// The libraries open now (the default one included).
    var openCount: Int { lock.withLock { open.count } }
}
