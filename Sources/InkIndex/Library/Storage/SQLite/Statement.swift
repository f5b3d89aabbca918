import CSQLite
import Foundation

// SQLite copies bound text and blobs when told the buffer is transient.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: bind parameters, step through rows, read columns (0-based).
package final class Statement: SQLRow {
    private let pointer: OpaquePointer
    private unowned let database: Database
    let sql: String

    init(database: Database, sql: String) throws {
        var pointer: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard rc == SQLITE_OK, let pointer else { throw database.error(rc, sql) }
        self.pointer = pointer
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(pointer) }

    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Binds values to parameters 1...n in order.
    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(pointer, index)
            case .int(let v): rc = sqlite3_bind_int64(pointer, index, v)
            case .double(let v): rc = sqlite3_bind_double(pointer, index, v)
            case .text(let v): rc = sqlite3_bind_text(pointer, index, v, -1, SQLITE_TRANSIENT)
            case .blob(let v):
                rc = v.withUnsafeBytes { bytes in
                    // A zero-length blob is still a blob, not NULL.
                    bytes.baseAddress.map { sqlite3_bind_blob(pointer, index, $0, Int32(bytes.count), SQLITE_TRANSIENT) }
                        ?? sqlite3_bind_zeroblob(pointer, index, 0)
                }
            }
            guard rc == SQLITE_OK else { throw database.error(rc, "binding parameter \(index) of \(sql)") }
        }
    }

    /// Advances to the next row: true while there is one, false when done.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(pointer)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = database.error(rc, sql)
            sqlite3_reset(pointer)
            throw failure
        }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }

    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
        return String(cString: bytes)
    }

    public func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(pointer, column))
        guard count > 0, let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
