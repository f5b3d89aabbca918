import CLibPQ
import Foundation

/// One PostgreSQL connection through libpq: statements with parameters, rows, transactions, a
/// statement timeout, and a way back after the connection is lost.
///
/// Not `Sendable`: a connection belongs to one thread or actor at a time (the store keeps one per
/// worker). Every failure is a `PostgresError`; none traps.
///
/// ```swift
/// let db = try PostgresConnection("host=/tmp/pg dbname=notes user=inkindex")
/// try db.transaction {
///     try db.execute("INSERT INTO t(x) VALUES ($1)", [.int(1)])
/// }
/// let xs = try db.query("SELECT x FROM t") { $0.int(0) }
/// ```
package final class PostgresConnection {
    private var handle: OpaquePointer?
    /// Statements with parameters prepared on this session, by their SQL: parsed and planned
    /// once, not on every run (a search runs dozens). A new session starts without them.
    private var prepared: [String: String] = [:]
    /// The libpq connection string or URI (`postgresql://user@host/db`, `host=/tmp dbname=x`).
    package let connectionString: String
    /// Every statement is cancelled by the server past this (SQLSTATE 57014); nil for none.
    package let statementTimeout: Duration?
    /// Statements run on every new session, after the timeout is set (`SET search_path …`), so a
    /// reconnected session is set up as the first was.
    package let sessionSetup: [String]

    package init(_ connectionString: String, statementTimeout: Duration? = .seconds(30), sessionSetup: [String] = []) throws(PostgresError) {
        self.connectionString = connectionString
        self.statementTimeout = statementTimeout
        self.sessionSetup = sessionSetup
        try connect()
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Whether the connection is up as far as libpq knows (a server that went away is seen at
    /// the next statement).
    package var isConnected: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Opens the connection again after it was lost (`PostgresError.connectionLost`). What was in
    /// flight is gone: a transaction that did not commit did not happen.
    package func reconnect() throws(PostgresError) {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared = [:]
        try connect()
    }

    private func connect() throws(PostgresError) {
        guard let connection = PQconnectdb(connectionString) else {
            throw PostgresError(sqlState: nil, message: "out of memory", context: "connecting", connectionLost: true)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(sqlState: nil, message: message, context: "connecting", connectionLost: true)
        }
        handle = connection
        // Notices (a table that already exists, …) are not errors; libpq would print them.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        let milliseconds = statementTimeout.map { $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000 } ?? 0
        try execute("SET statement_timeout = \(max(milliseconds, 0))")
        try execute("SET client_min_messages = warning")
        for statement in sessionSetup { try execute(statement) }
    }

    /// Runs a statement; `$1`, `$2`, … are `parameters`. Several statements separated by
    /// semicolons may be run where there are no parameters.
    package func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) {
        let result = try run(sql, parameters)
        PQclear(result)
    }

    /// The rows of a query, each decoded by `row`.
    package func query<T>(_ sql: String, _ parameters: [PostgresValue] = [], row: (PostgresRow) throws -> T) throws -> [T] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return try (0..<PQntuples(result)).map { try row(PostgresRow(result: result, row: $0)) }
    }

    /// The first column of the first row as an integer; nil where there is no row or it is NULL.
    package func scalarInt(_ sql: String, _ parameters: [PostgresValue] = []) throws -> Int64? {
        try query(sql, parameters) { $0.isNull(0) ? nil : $0.int(0) }.first ?? nil
    }

    /// How many rows the last statement changed (`UPDATE`, `DELETE`, `INSERT`).
    package func changes(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (or
    /// left to the server to roll back where the connection was lost).
    package func transaction<T>(_ isolation: Isolation = .readCommitted, _ body: () throws -> T) throws -> T {
        try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isConnected { try? execute("ROLLBACK") }
            throw error
        }
    }

    package enum Isolation: String, Sendable {
        case readCommitted = "READ COMMITTED"
        case repeatableRead = "REPEATABLE READ"
        case serializable = "SERIALIZABLE"
    }

    private func run(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> OpaquePointer {
        guard let handle else {
            throw PostgresError(sqlState: nil, message: "not connected", context: sql, connectionLost: true)
        }
        let result: OpaquePointer?
        if parameters.isEmpty {
            result = PQexec(handle, sql)
        } else {
            let name = try preparedName(sql, parameterCount: parameters.count, on: handle)
            result = Self.withParameters(parameters) { values, lengths, formats in
                PQexecPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
            }
        }
        guard let result else {
            throw PostgresError(sqlState: nil, message: String(cString: PQerrorMessage(handle)), context: sql,
                                connectionLost: PQstatus(handle) != CONNECTION_OK)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = String(cString: PQresultErrorMessage(result))
            PQclear(result)
            // An error the server sent has a SQLSTATE; one without was libpq's own (the server
            // went away mid-statement, as a restart does), and the connection is gone.
            throw PostgresError(sqlState: state, message: message, context: sql,
                                connectionLost: state == nil || PQstatus(handle) != CONNECTION_OK || state?.hasPrefix("08") == true
                                    || state == "57P01" || state == "57P02" || state == "57P03")
        }
    }

    /// The name of `sql` prepared on this session, preparing it at its first run.
    private func preparedName(_ sql: String, parameterCount: Int, on handle: OpaquePointer) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "inkindex_\(prepared.count)"
        guard let result = PQprepare(handle, name, sql, Int32(parameterCount), nil) else {
            throw PostgresError(sqlState: nil, message: String(cString: PQerrorMessage(handle)), context: sql,
                                connectionLost: PQstatus(handle) != CONNECTION_OK)
        }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            throw PostgresError(sqlState: state, message: String(cString: PQresultErrorMessage(result)), context: sql,
                                connectionLost: state == nil || PQstatus(handle) != CONNECTION_OK)
        }
        prepared[sql] = name
        return name
    }

    /// Lays the parameters out as libpq wants them: NUL-terminated text, or bytes with their
    /// length and the binary format for `bytea`. O(total parameter bytes).
    private static func withParameters<R>(_ parameters: [PostgresValue],
                                          _ body: ([UnsafePointer<CChar>?], [Int32], [Int32]) -> R) -> R {
        var buffers: [[CChar]?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case .null:
                buffers.append(nil); lengths.append(0); formats.append(0)
            case .int(let value):
                buffers.append(Array(String(value).utf8CString)); lengths.append(0); formats.append(0)
            case .double(let value):
                let text = value.isNaN ? "NaN" : value.isInfinite ? (value > 0 ? "Infinity" : "-Infinity") : "\(value)"
                buffers.append(Array(text.utf8CString)); lengths.append(0); formats.append(0)
            case .text(let value):
                buffers.append(Array(value.utf8CString)); lengths.append(0); formats.append(0)
            case .bool(let value):
                buffers.append(Array((value ? "t" : "f").utf8CString)); lengths.append(0); formats.append(0)
            case .bytea(let data):
                buffers.append(data.map { CChar(bitPattern: $0) } + [0]); lengths.append(Int32(data.count)); formats.append(1)
            }
        }
        // One allocation holds every parameter's bytes for the length of the call.
        let total = buffers.reduce(0) { $0 + ($1?.count ?? 0) }
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: max(total, 1))
        defer { storage.deallocate() }
        var pointers: [UnsafePointer<CChar>?] = []
        var offset = 0
        for buffer in buffers {
            guard let buffer else { pointers.append(nil); continue }
            buffer.withUnsafeBufferPointer { (storage + offset).initialize(from: $0.baseAddress!, count: $0.count) }
            pointers.append(UnsafePointer(storage + offset))
            offset += buffer.count
        }
        return body(pointers, lengths, formats)
    }
}
