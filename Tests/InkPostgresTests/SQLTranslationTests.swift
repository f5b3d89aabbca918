import Testing
@testable import InkPostgres

/// The library's SQL as PostgreSQL reads it (no database needed).
struct SQLTranslationTests {
    @Test func parametersAreNumberedInOrderAndNamedOnesKept() {
        #expect(PostgresLibraryConnection.translate("SELECT a FROM t WHERE x = ? AND y < ?") == "SELECT a FROM t WHERE x = $1 AND y < $2")
        #expect(PostgresLibraryConnection.translate("WHERE d.term = ?1 AND o.term = ?2 AND p >= ?1 + ?12")
                == "WHERE d.term = $1 AND o.term = $2 AND p >= $1 + $12")
    }

    @Test func quotedTextIsLeftAlone() {
        #expect(PostgresLibraryConnection.translate("SELECT '?', 'it''s ?' FROM t WHERE s = ?") == "SELECT '?', 'it''s ?' FROM t WHERE s = $1")
    }

    @Test func insertOrIgnoreBecomesOnConflictDoNothing() {
        #expect(PostgresLibraryConnection.translate("INSERT OR IGNORE INTO token_marks(token, mark, kind) VALUES (?, ?, ?)")
                == "INSERT INTO token_marks(token, mark, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
    }
}
