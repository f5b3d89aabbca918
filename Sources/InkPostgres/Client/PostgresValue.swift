import Foundation

/// A parameter or a column of a PostgreSQL statement. Parameters are sent in text form but for
/// `bytea`, which goes in binary (verbatim, NUL bytes and all).
package enum PostgresValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case bytea(Data)
    case bool(Bool)

    package static func int(_ value: Int) -> PostgresValue { .int(Int64(value)) }
}

/// The failure of a statement or a connection: PostgreSQL's SQLSTATE where it sent one, its
/// message, and what was being done.
package struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` unique violation, `57014` statement timeout,
    /// `40001` serialization failure); nil where the connection failed before any answer.
    package var sqlState: String?
    package var message: String
    package var context: String
    /// The connection is gone (server restarted, network lost, backend terminated): a new one
    /// may succeed, and the statement did not commit unless it was the commit itself.
    package var connectionLost: Bool

    package var description: String {
        "PostgreSQL\(sqlState.map { " \($0)" } ?? ""): \(message.trimmingCharacters(in: .whitespacesAndNewlines)) (\(context))"
    }

    package static let uniqueViolation = "23505"
    package static let queryCanceled = "57014"
    package static let serializationFailure = "40001"
    package static let deadlockDetected = "40P01"
}
