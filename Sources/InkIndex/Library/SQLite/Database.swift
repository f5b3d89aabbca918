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
package final class Database {
    let handle: OpaquePointer
    public let path: String
    /// The connection's own setting, which `transaction(_:synchronous:_:)` returns to.
    let synchronous: Synchronous
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

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, _ context: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), context: context)
    }

    /// Runs SQL without results; several statements may be separated by semicolons when there are
    /// no bindings.
    public func execute(_ sql: String, _ bindings: [SQLValue] = []) throws {
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

    /// Rows of a query, each decoded by `row`.
    public func query<T>(_ sql: String, _ bindings: [SQLValue] = [], row: (Statement) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// The first column of the first row as an integer, or nil where there is no row or it is NULL.
    public func scalarInt(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64? {
        try query(sql, bindings) { $0.isNull(0) ? nil : $0.int(0) }.first ?? nil
    }

    public func scalarText(_ sql: String, _ bindings: [SQLValue] = []) throws -> String? {
        try query(sql, bindings) { $0.isNull(0) ? nil : $0.text(0) }.first ?? nil
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    public enum TransactionKind: String {
        /// Takes the write lock at the first write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so that a read-then-write never fails half way.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// How a transaction's commit reaches the disk.
    public enum Synchronous: String, Sendable {
        /// Synced at commit: survives power loss (the connection's default, for records).
        case full = "FULL"
        /// Synced at WAL checkpoints: survives a process crash, may roll back on power loss.
        case normal = "NORMAL"
    }

    /// A transaction whose commit is synced as `synchronous` says; the connection goes back to
    /// its own setting (FULL) after it. For derived rows only, which a reindex rebuilds.
    public func transaction<T>(_ kind: TransactionKind = .immediate, synchronous: Synchronous, _ body: () throws -> T) throws -> T {
        guard synchronous != self.synchronous else { return try transaction(kind, body) }
        try execute("PRAGMA synchronous=\(synchronous.rawValue)")
        defer { try? execute("PRAGMA synchronous=\(self.synchronous.rawValue)") }
        return try transaction(kind, body)
    }

    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
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
