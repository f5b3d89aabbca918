import CSQLite

/// A failure reported by SQLite, with the statement or operation that caused it.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...).
    public var code: Int32
    /// SQLite's message for the failure.
    public var message: String
    /// What was being done: the SQL text or an operation name.
    public var context: String

    public init(code: Int32, message: String, context: String) {
        self.code = code
        self.message = message
        self.context = context
    }

    public var description: String { "SQLite error \(code) (\(message)) during: \(context)" }

    /// True for the transient failures a caller may retry (another connection holds a lock).
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }
}
