/// The few things SQLite and PostgreSQL spell differently in the library's SQL. Everything else
/// is written once, in the subset both understand; a PostgreSQL connection also rewrites `?`
/// parameters to `$n` and `INSERT OR IGNORE` to `ON CONFLICT DO NOTHING` as it runs them.
///
/// ```swift
/// let sql = "SELECT id FROM tokens WHERE id \(db.dialect.inIntegers())"
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

    /// The test that a column is one of the integers of a JSON array bound to `parameter`, to
    /// follow the column (`"id \(dialect.inIntegers())"`). PostgreSQL's planner takes a table
    /// function for 100 rows and would hash a whole table against it; `= ANY(ARRAY(…))` is
    /// looked up in the column's index, value by value.
    package func inIntegers(parameter: String = "?") -> String {
        switch self {
        case .sqlite: "IN (SELECT value FROM json_each(\(parameter)))"
        case .postgres: "= ANY(ARRAY(SELECT value::bigint FROM json_array_elements_text(\(parameter)::json) AS e(value)))"
        }
    }

    /// As `inIntegers(parameter:)`, for a JSON array of strings.
    package func inStrings(parameter: String = "?") -> String {
        switch self {
        case .sqlite: "IN (SELECT value FROM json_each(\(parameter)))"
        case .postgres: "= ANY(ARRAY(SELECT value FROM json_array_elements_text(\(parameter)::json) AS e(value)))"
        }
    }

    /// The test that a column is one of the values a subquery of one column returns. SQLite
    /// looks the values up in the column's index as it does for `IN (…)`; PostgreSQL's planner,
    /// given `IN (subquery)` as a join, hashes the whole outer table when it misjudges the
    /// subquery's rows (a table function's 100), while `= ANY(ARRAY(…))` runs the subquery first
    /// and probes the index with its values.
    ///
    /// ```swift
    /// let sql = "SELECT note FROM tokens WHERE id \(db.dialect.inValues(of: "SELECT token FROM postings WHERE term = ?"))"
    /// ```
    package func inValues(of subquery: String) -> String {
        switch self {
        case .sqlite: "IN (\(subquery))"
        case .postgres: "= ANY(ARRAY(\(subquery)))"
        }
    }

    /// As `integers(as:parameter:)`, for a JSON array of strings (`FormVocabulary.jsonKeys`).
    package func strings(as alias: String, parameter: String = "?") -> String {
        switch self {
        case .sqlite: "json_each(\(parameter)) AS \(alias)"
        case .postgres: "(SELECT value FROM json_array_elements_text(\(parameter)::json) AS e(value)) AS \(alias)"
        }
    }

    /// The statement that serializes the writers of a library's change feed until their
    /// transaction ends (`ChangeRows`), or nil where the store has one writer at a time.
    /// PostgreSQL: a transaction-scoped advisory lock keyed by the library's schema.
    package var feedLock: String? {
        switch self {
        case .sqlite: nil
        case .postgres: "SELECT pg_advisory_xact_lock(hashtext('inkindex_feed:' || current_schema()))"
        }
    }
}
