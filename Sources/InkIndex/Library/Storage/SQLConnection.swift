import Foundation

/// The database a `NoteLibrary` runs its SQL on: SQLite (`Database`, the embedded default) or
/// PostgreSQL (`InkPostgres.PostgresLibraryConnection`, for servers that share one database).
///
/// The library's SQL is written once, in the subset both understand (`?` parameters, `ON
/// CONFLICT`, `CASE` rather than two-argument `max`); where they differ it asks `dialect`. So both
/// stores hold the same rows and rank the same hits with the same scores by construction.
///
/// Not `Sendable`: a connection belongs to one actor (its `NoteLibrary`).
///
/// ```swift
/// let db: any SQLConnection = try Database(path: "notes.sqlite")
/// let titles = try db.query("SELECT title FROM notes WHERE created > ?", [.double(0)]) { $0.text(0) }
/// ```
package protocol SQLConnection: AnyObject {
    /// How this database spells what the two dialects spell differently.
    var dialect: SQLDialect { get }

    /// Runs SQL without results (`?` parameters, bound in order; `?N` names the Nth).
    func execute(_ sql: String, _ bindings: [SQLValue]) throws

    /// Runs an `INSERT` into a table whose key is an integer `id` and returns the new row's id.
    func insertReturningID(_ sql: String, _ bindings: [SQLValue]) throws -> Int64

    /// Calls `body` with each row of a query, in order. `body` may run other statements, but not
    /// this one again.
    func forEachRow(_ sql: String, _ bindings: [SQLValue], _ body: (any SQLRow) throws -> Void) throws

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `.immediate` transactions of one library run one at a time (SQLite's write lock,
    /// PostgreSQL's advisory lock), so a read-then-write never interleaves with another writer;
    /// `.deferred` ones read one snapshot. `synchronous` (nil: the connection's own) says how a
    /// commit of derived rows only reaches the disk.
    func transaction<T>(_ kind: SQLTransactionKind, synchronous: SQLSynchronous?, _ body: () throws -> T) throws -> T

    /// What the database's own consistency check reports (SQLite's `integrity_check`); empty
    /// where it finds nothing.
    func structuralProblems() throws -> [String]

    /// The bytes the library takes on disk.
    func storedBytes() throws -> Int

    /// Rebuilds every index from its table (`REINDEX`), which changes no row.
    func rebuildIndexes() throws
}

/// One row of a query's result; columns are 0-based.
package protocol SQLRow {
    func isNull(_ column: Int32) -> Bool
    func int(_ column: Int32) -> Int64
    func double(_ column: Int32) -> Double
    func text(_ column: Int32) -> String
    func blob(_ column: Int32) -> Data
}

/// What a transaction does about other writers.
package enum SQLTransactionKind: String, Sendable {
    /// Reads one snapshot; writes take the write lock at the first write (SQLite).
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so that a read-then-write never fails half way.
    case immediate = "IMMEDIATE"
}

/// How a transaction's commit reaches the disk.
package enum SQLSynchronous: String, Sendable {
    /// Synced at commit: survives power loss (the default, for records).
    case full = "FULL"
    /// Synced later: survives a process crash, may roll back on power loss (derived rows).
    case normal = "NORMAL"
}

/// A value bound to a statement parameter.
package enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)

    package static func int(_ value: Int) -> SQLValue { .int(Int64(value)) }
}

extension SQLConnection {
    package func execute(_ sql: String) throws { try execute(sql, []) }

    /// Rows of a query, each decoded by `row`.
    package func query<T>(_ sql: String, _ bindings: [SQLValue] = [], row: (any SQLRow) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEachRow(sql, bindings) { rows.append(try row($0)) }
        return rows
    }

    /// The first column of the first row as an integer, or nil where there is no row or it is NULL.
    package func scalarInt(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64? {
        try query(sql, bindings) { $0.isNull(0) ? nil : $0.int(0) }.first ?? nil
    }

    package func scalarText(_ sql: String, _ bindings: [SQLValue] = []) throws -> String? {
        try query(sql, bindings) { $0.isNull(0) ? nil : $0.text(0) }.first ?? nil
    }

    package func transaction<T>(_ kind: SQLTransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try transaction(kind, synchronous: nil, body)
    }

    package func transaction<T>(_ kind: SQLTransactionKind = .immediate, synchronous: SQLSynchronous, _ body: () throws -> T) throws -> T {
        try transaction(kind, synchronous: .some(synchronous), body)
    }
}
