import Foundation
import InkIndex

/// The library's SQL on PostgreSQL: one library's schema (`PostgresLibrarySchema`) on one
/// session, as a `NoteLibrary` expects of its connection.
///
/// - `?` and `?N` parameters become `$n`; `INSERT OR IGNORE` becomes `ON CONFLICT DO NOTHING`
///   (each statement's text is translated once and kept).
/// - Writing transactions take the library's advisory lock, so that the writers of one library
///   run one at a time, on any number of servers, as SQLite's writers do on one file: a
///   read-then-write never interleaves with another's, and a note's tokens get consecutive ids
///   (phrase search relies on it). Reading transactions read one snapshot (`REPEATABLE READ`).
/// - A statement outside a transaction that finds the session gone reconnects and runs again
///   once; inside a transaction the failure is the caller's (nothing of it was committed), and
///   the next statement reconnects.
final class PostgresLibraryConnection: SQLConnection {
    let session: PostgresConnection
    /// The library's schema, as a name (for catalog queries) and as a quoted identifier.
    let schemaName: String
    private var translations: [String: String] = [:]
    private var inTransaction = false

    var dialect: SQLDialect { .postgres }

    init(session: PostgresConnection, schemaName: String) {
        self.session = session
        self.schemaName = schemaName
    }

    func execute(_ sql: String, _ bindings: [SQLValue]) throws {
        let text = translated(sql)
        try retryingOutsideTransactions { try session.execute(text, bindings.map(Self.value)) }
    }

    func insertReturningID(_ sql: String, _ bindings: [SQLValue]) throws -> Int64 {
        let text = translated(sql) + " RETURNING id"
        let id = try retryingOutsideTransactions { try session.scalarInt(text, bindings.map(Self.value)) }
        guard let id else { throw PostgresError(sqlState: nil, message: "the insert returned no id", context: text, connectionLost: false) }
        return id
    }

    func forEachRow(_ sql: String, _ bindings: [SQLValue], _ body: (any SQLRow) throws -> Void) throws {
        let text = translated(sql)
        // The whole result arrives before the first row is read, so a retry never repeats a row.
        _ = try retryingOutsideTransactions { try session.query(text, bindings.map(Self.value)) { try body($0) } }
    }

    /// Every commit is synchronous, `.normal` ones too: with `synchronous_commit = off` a crash of
    /// the database loses the last commits, and an index lost so would leave a note answered 201
    /// unfound until a reindex (which no server runs but at its start). SQLite's NORMAL loses
    /// commits only to a power cut.
    func transaction<T>(_ kind: SQLTransactionKind, synchronous: SQLSynchronous?, _ body: () throws -> T) throws -> T {
        let begin = kind == .immediate ? "BEGIN ISOLATION LEVEL READ COMMITTED" : "BEGIN ISOLATION LEVEL REPEATABLE READ"
        // Nothing has happened yet: a session found gone here (the database restarted since its
        // last statement) is opened again, as a statement outside a transaction would be.
        try retryingOutsideTransactions { try session.execute(begin) }
        inTransaction = true
        defer { inTransaction = false }
        do {
            if kind == .immediate {
                try session.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(Self.lockName(schemaName))])
            }
            let value = try body()
            try session.execute("COMMIT")
            return value
        } catch {
            if session.isConnected { try? session.execute("ROLLBACK") }
            throw error
        }
    }

    /// PostgreSQL checks its own pages (with data checksums on) as it reads them; there is no
    /// whole-database check to run here. Notes are verified by their checksums.
    func structuralProblems() throws -> [String] { [] }

    func storedBytes() throws -> Int {
        Int(try retryingOutsideTransactions {
            try session.scalarInt("""
                SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')
                """, [.text(schemaName)])
        } ?? 0)
    }

    func rebuildIndexes() throws {
        try retryingOutsideTransactions { try session.execute("REINDEX SCHEMA \(PostgresLibrarySchema.quoted(schemaName))") }
    }

    /// The advisory lock of a library's writers (also taken while its schema is made).
    static func lockName(_ schemaName: String) -> String { "inkindex:" + schemaName }

    private func reconnectIfLost() throws {
        if !session.isConnected { try session.reconnect() }
    }

    private func retryingOutsideTransactions<T>(_ body: () throws -> T) throws -> T {
        if inTransaction { return try body() }
        try reconnectIfLost()
        do {
            return try body()
        } catch let failure as PostgresError where failure.connectionLost {
            try session.reconnect()
            return try body()
        }
    }

    private func translated(_ sql: String) -> String {
        if let known = translations[sql] { return known }
        let text = Self.translate(sql)
        translations[sql] = text
        return text
    }

    /// SQLite's spelling of the library's SQL in PostgreSQL's: `?N` → `$N`, each bare `?` → the
    /// next `$n`, `INSERT OR IGNORE INTO` → `INSERT INTO … ON CONFLICT DO NOTHING`. Quoted
    /// strings are left alone. O(length of the SQL).
    static func translate(_ sql: String) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var next = 1, inQuote = false
        var scalars = sql.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "'" { inQuote.toggle() }
            guard scalar == "?", !inQuote else { out.unicodeScalars.append(scalar); continue }
            var digits = ""
            while let digit = pending, ("0"..."9").contains(digit) {
                digits.unicodeScalars.append(digit)
                pending = scalars.next()
            }
            if digits.isEmpty {
                out += "$\(next)"
                next += 1
            } else {
                out += "$" + digits
            }
        }
        let ignoring = "INSERT OR IGNORE INTO"
        if let range = out.range(of: ignoring) {
            out.replaceSubrange(range, with: "INSERT INTO")
            out += " ON CONFLICT DO NOTHING"
        }
        return out
    }

    static func value(_ value: SQLValue) -> PostgresValue {
        switch value {
        case .null: .null
        case .int(let v): .int(v)
        case .double(let v): .double(v)
        case .text(let v): .text(v)
        case .blob(let v): .bytea(v)
        }
    }
}

extension PostgresRow: SQLRow {
    package func blob(_ column: Int32) -> Data { bytea(column) }
}
