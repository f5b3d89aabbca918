import Foundation

/// Bearer tokens that a service issues and revokes while its servers run, kept in the database
/// beside the libraries (`inkindex.tokens`): each token's SHA-256 (never the token itself, so a
/// copy of the database opens nothing) and the library it opens.
///
/// A service issues a token with SQL of its own:
///
/// ```sql
/// INSERT INTO inkindex.tokens(token_sha256, library) VALUES (encode(sha256('4f1c…'::bytea), 'hex'), 'alice');
/// DELETE FROM inkindex.tokens WHERE token_sha256 = encode(sha256('4f1c…'::bytea), 'hex');
/// ```
///
/// Answers are kept for `cacheFor`, so a revoked token stops working within that time and a
/// token is looked up in the database at most once in that time per server.
package final class PostgresTokenTable: @unchecked Sendable {
    private let lock = NSLock()
    private let session: PostgresConnection
    private let cacheFor: Duration
    private var cache: [String: (library: String?, until: ContinuousClock.Instant)] = [:]

    /// Opens a session of its own and makes the table where it is absent.
    package init(url: String, cacheFor: Duration = .seconds(30)) throws {
        session = try PostgresConnection(url, statementTimeout: .seconds(5))
        self.cacheFor = cacheFor
        try session.transaction {
            try session.execute("SELECT pg_advisory_xact_lock(hashtext('inkindex:tokens'))")
            try session.execute("""
                CREATE SCHEMA IF NOT EXISTS inkindex;
                CREATE TABLE IF NOT EXISTS inkindex.tokens(token_sha256 text PRIMARY KEY, library text NOT NULL,
                                                           issued timestamptz NOT NULL DEFAULT now())
                """)
        }
    }

    /// The library `token` opens, nil where the table has no such token. Throws `PostgresError`
    /// where the database cannot be asked (the request is then 503, not 401).
    package func library(of token: String) throws -> String? {
        try lock.withLock {
            let now = ContinuousClock.now
            if let known = cache[token], known.until > now { return known.library }
            if cache.count > 10_000 { cache = cache.filter { $0.value.until > now } }
            if !session.isConnected { try session.reconnect() }
            let library = try session.query("SELECT library FROM inkindex.tokens WHERE token_sha256 = encode(sha256($1::bytea), 'hex')",
                                            [.bytea(Data(token.utf8))]) { $0.text(0) }.first
            cache[token] = (library, now.advanced(by: cacheFor))
            return library
        }
    }

    /// Issues `token` for `library` (replacing what it opened before).
    package func issue(_ token: String, library: String) throws {
        try PostgresLibrary.validate(libraryName: library)
        try lock.withLock {
            try session.execute("""
                INSERT INTO inkindex.tokens(token_sha256, library) VALUES (encode(sha256($1::bytea), 'hex'), $2)
                ON CONFLICT (token_sha256) DO UPDATE SET library = excluded.library, issued = now()
                """, [.bytea(Data(token.utf8)), .text(library)])
            cache[token] = nil
        }
    }

    package func revoke(_ token: String) throws {
        try lock.withLock {
            try session.execute("DELETE FROM inkindex.tokens WHERE token_sha256 = encode(sha256($1::bytea), 'hex')", [.bytea(Data(token.utf8))])
            cache[token] = nil
        }
    }
}
