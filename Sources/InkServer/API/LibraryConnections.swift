import Foundation
import InkIndex

/// The library's connections: one that writes (and is used by the background reindex), and
/// readers that answer searches and reads in parallel with it (SQLite in WAL mode, PostgreSQL's
/// snapshots: a reader sees the last committed state and never waits for the writer).
struct LibraryConnections: Sendable {
    let writer: NoteLibrary
    private let readers: [NoteLibrary]
    private let turn = Turn()

    init(store: NoteStore, readers count: Int) throws {
        writer = try store.open()
        readers = try (0..<max(0, count)).map { _ in try store.open() }
    }

    /// The next reader, round robin (the writer where there are none).
    var reader: NoteLibrary {
        readers.isEmpty ? writer : readers[turn.next() % readers.count]
    }

    private final class Turn: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value &+= 1; return value & Int.max } }
    }
}
