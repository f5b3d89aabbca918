import CSQLite
import Foundation

/// One SQLite connection: opens a file, runs statements and transactions.
///
/// Not `Sendable`: a connection belongs to one actor (see `NoteLibrary`). Open one connection per
/// concurrent reader; WAL mode lets readers run while a writer commits.
///
/// ```swift
/// let db = try Database(path: "notes.sqlite")
/// try db.transaction {
///     try db.execute("INSERT INTO t(x) VALUES (?)", [.int(1)])
/// }
/// ```
package final class Database: SQLConnection {
    let handle: OpaquePointer
    public let path: String
    /// The connection's own setting, which `transaction(_:synchronous:_:)` returns to.
    let synchronous: Synchronous
    package var dialect: SQLDialect { .sqlite }
    private var statementCache: [String: Statement] = [:]

    /// Opens (creating when absent) the database at `path`, in WAL mode with a busy timeout.
    /// - Parameters:
    ///   - path: the database file.
    ///   - readOnly: opens without write access (the file must exist).
    ///   - busyTimeout: how long a statement waits for another connection's lock before failing
    ///     with `SQLITE_BUSY`.
    ///   - synchronous: how the connection's ordinary transactions (the records') reach the disk;
    ///     FULL but for `bench-durability`, which measures what that costs.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(10), synchronous: Synchronous = .full) throws {
        self.synchronous = synchronous
        var pointer: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let rc = sqlite3_open_v2(path, &pointer, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: rc, message: message, context: "opening \(path)")
        }
        handle = pointer
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        let millis = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: millis))
        if !readOnly {
            // Takes effect only in a file that has no page yet (a new library); one made with
            // another size keeps it (`VACUUM` outside WAL mode would change it).
            try execute("PRAGMA page_size=\(Self.pageSize)")
            // WAL: readers never block the writer and see only committed transactions.
            _ = try scalarText("PRAGMA journal_mode=WAL")
            // FULL: a commit is on the disk before it returns, so a note answered 201 or returned
            // from `add` survives a power loss or an OS crash (NORMAL in WAL mode may roll the
            // last commits back then). Derived-only transactions ask for NORMAL
            // (`transaction(_:synchronous:_:)`): an index lost to a power cut is rebuilt.
            try execute("PRAGMA synchronous=\(synchronous.rawValue)")
        }
        try execute("PRAGMA foreign_keys=ON")
    }

    /// The page size of new files: 1 KiB, not SQLite's 4 KiB. A drawing of one line (about 2.5
    /// KB) fits in a 4 KiB page with room for no second one, which left 0.48 MB empty in the
    /// pages of a 400-line library (1.0 MB of ink); at 1 KiB a larger row spills into overflow
    /// pages that are filled whole, and each of the 40 or so small tables and indexes takes 1
    /// KiB at least instead of 4. Searches of 100,000 lines run as fast (Docs/Benchmarks.md,
    /// "What a library costs on disk").
    static let pageSize = 1_024

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, _ context: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), context: context)
    }

    /// Runs SQL without results; several statements may be separated by semicolons when there are
    /// no bindings.
    public func execute(_ sql: String, _ bindings: [SQLValue]) throws {
        if bindings.isEmpty {
            var message: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(handle, sql, nil, nil, &message)
            if rc != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? "unknown"
                sqlite3_free(message)
                throw SQLiteError(code: rc, message: text, context: sql)
            }
            return
        }
        let statement = try prepare(sql)
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// A prepared statement, reused from a cache keyed by its SQL text and reset before return.
    public func prepare(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    package typealias TransactionKind = SQLTransactionKind
    package typealias Synchronous = SQLSynchronous

    private func runTransaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    package func insertReturningID(_ sql: String, _ bindings: [SQLValue]) throws -> Int64 {
        try execute(sql, bindings)
        return lastInsertRowID
    }

    package func forEachRow(_ sql: String, _ bindings: [SQLValue], _ body: (any SQLRow) throws -> Void) throws {
        let statement = try prepare(sql)
        // Reset after the last row (or a failure), so that the statement holds no read lock.
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() { try body(statement) }
    }

    /// A transaction whose commit is synced as `synchronous` says (nil: the connection's own
    /// setting, FULL); the connection goes back to its own setting after it. Anything but FULL is
    /// for derived rows only, which a reindex rebuilds.
    package func transaction<T>(_ kind: SQLTransactionKind, synchronous: SQLSynchronous?, _ body: () throws -> T) throws -> T {
        guard let synchronous, synchronous != self.synchronous else { return try runTransaction(kind, body) }
        try execute("PRAGMA synchronous=\(synchronous.rawValue)")
        defer { try? execute("PRAGMA synchronous=\(self.synchronous.rawValue)") }
        return try runTransaction(kind, body)
    }

    package func structuralProblems() throws -> [String] {
        try query("PRAGMA integrity_check") { $0.text(0) }.filter { $0 != "ok" }
    }

    package func storedBytes() throws -> Int {
        Int(try scalarInt("PRAGMA page_size") ?? 0) * Int(try scalarInt("PRAGMA page_count") ?? 0)
    }

    package func rebuildIndexes() throws { try execute("REINDEX") }

    /// Rewrites the file in pages of `pageSize` bytes without its free pages (`VACUUM`, which
    /// changes the page size only outside WAL mode). Atomic: a failure leaves the file as it
    /// was. Returns false, changing nothing, where another connection has the file open.
    package func compact(pageSize: Int) throws -> Bool {
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // Leaving WAL mode needs the only connection: with another one SQLite stays in WAL, or
        // answers busy once the busy timeout has passed.
        let mode: String?
        do {
            mode = try scalarText("PRAGMA journal_mode=DELETE")
        } catch let error as SQLiteError where error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED {
            return false
        }
        guard mode?.lowercased() == "delete" else { return false }
        defer { _ = try? scalarText("PRAGMA journal_mode=WAL") }
        statementCache.removeAll()  // no statement of this connection may be pending
        try execute("PRAGMA page_size=\(pageSize)")
        try execute("VACUUM")
        return true
    }

    /// The schema version stored in the file header (`PRAGMA user_version`).
    public var userVersion: Int {
        get throws { Int(try scalarInt("PRAGMA user_version") ?? 0) }
    }

    func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Whether this SQLite build was compiled with an option (for example "ENABLE_FTS5").
    public func hasCompileOption(_ option: String) -> Bool {
        sqlite3_compileoption_used(option) != 0
    }
}
