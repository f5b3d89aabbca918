/// The few things SQLite and PostgreSQL spell differently in the library's SQL. Everything else
/// is written once, in the subset both understand; a PostgreSQL connection also rewrites `?`
/// parameters to `$n` and `INSERT OR IGNORE` to `ON CONFLICT DO NOTHING` as it runs them.
///
/// ```swift
/// let sql = "SELECT id FROM tokens WHERE id IN (SELECT value FROM \(db.dialect.integers(as: "j")))"
/// let rows = try db.query(sql, [.text("[1,2,3]")]) { $0.int(0) }
/// ```
package enum SQLDialect: String, Sendable {
    case sqlite
    case postgres

    /// A table of one column, `value`, holding the integers of a JSON array bound to `parameter`
    /// (`FormVocabulary.jsonArray`), named `alias`. One statement serves a list of any length.
    package func integers(as alias: String, parameter: String = "?") -> String {
        switch self {
        case .sqlite: "json_each(\(parameter)) AS \(alias)"
        case .postgres: "(SELECT value::bigint AS value FROM json_array_elements_text(\(parameter)::json) AS e(value)) AS \(alias)"
        }
    }

    /// As `integers(as:parameter:)`, for a JSON array of strings (`FormVocabulary.jsonKeys`).
    package func strings(as alias: String, parameter: String = "?") -> String {
        switch self {
        case .sqlite: "json_each(\(parameter)) AS \(alias)"
        case .postgres: "(SELECT value FROM json_array_elements_text(\(parameter)::json) AS e(value)) AS \(alias)"
        }
    }
}
