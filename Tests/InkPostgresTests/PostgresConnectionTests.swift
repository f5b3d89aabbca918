import Foundation
import Testing
@testable import InkPostgres
import InkTestSupport

@Suite(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct PostgresConnectionTests {
    private func connect(statementTimeout: Duration? = .seconds(30)) throws -> PostgresConnection {
        try PostgresConnection(PostgresTestCluster.shared!.connectionString(database: try PostgresTestCluster.shared!.createDatabase()),
                               statementTimeout: statementTimeout)
    }

    @Test func valuesRoundTripVerbatim() throws {
        let db = try connect()
        try db.execute("CREATE TABLE t(i bigint, d double precision, s text, b bytea, f boolean)")
        let bytes = Data([0, 1, 2, 0xff, 0, 0x5c, 0x78, 0x27])   // NULs, a backslash, "x", a quote
        let values: [(Int64, Double, String)] = [(Int64.min, -0.1, "Jesús’ «word» 3:16"), (Int64.max, 1e300, ""), (0, Double.leastNonzeroMagnitude, "'; DROP TABLE t; --")]
        for (i, d, s) in values {
            try db.execute("INSERT INTO t VALUES ($1, $2, $3, $4, $5)", [.int(i), .double(d), .text(s), .bytea(bytes), .bool(i > 0)])
        }
        try db.execute("INSERT INTO t VALUES ($1, $2, $3, $4, $5)", [.null, .double(.nan), .null, .bytea(Data()), .null])
        let rows = try db.query("SELECT i, d, s, b, f FROM t ORDER BY i NULLS LAST") { row in
            (row.isNull(0) ? nil : row.int(0), row.double(1), row.isNull(2) ? nil : row.text(2), row.bytea(3), row.isNull(4) ? nil : row.bool(4))
        }
        #expect(rows.count == 4)
        #expect(rows[0].0 == Int64.min && rows[0].1 == -0.1 && rows[0].2 == "Jesús’ «word» 3:16" && rows[0].3 == bytes && rows[0].4 == false)
        #expect(rows[1].0 == 0 && rows[1].1 == Double.leastNonzeroMagnitude && rows[1].2 == "'; DROP TABLE t; --")
        #expect(rows[2].0 == Int64.max && rows[2].1 == 1e300 && rows[2].2 == "" && rows[2].4 == true)
        #expect(rows[3].0 == nil && rows[3].1.isNaN && rows[3].2 == nil && rows[3].3.isEmpty && rows[3].4 == nil)
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 4)
    }

    @Test func byteaOfEveryByteAndOfAnyLengthRoundTrips() throws {
        let db = try connect()
        try db.execute("CREATE TABLE blobs(k bigint, b bytea)")
        var random = SystemRandomNumberGenerator()
        let blobs = [Data(), Data([0]), Data((0...255).map { UInt8($0) }), Data((0..<100_001).map { _ in UInt8.random(in: 0...255, using: &random) })]
        for (k, blob) in blobs.enumerated() { try db.execute("INSERT INTO blobs VALUES ($1, $2)", [.int(Int64(k)), .bytea(blob)]) }
        #expect(try db.query("SELECT b FROM blobs ORDER BY k") { $0.bytea(0) } == blobs)
    }

    @Test func integersAndDoublesParseAsSwiftParsesTheirText() throws {
        let db = try connect()
        var random = SystemRandomNumberGenerator()
        let integers: [Int64] = [0, 1, -1, 9, 10, Int64.max, Int64.min, Int64.min + 1] + (0..<200).map { _ in Int64.random(in: .min ... .max, using: &random) }
        let doubles: [Double] = [0, -0.0, 0.1, -0.1, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, 1 / 3]
            + (0..<200).map { _ in Double(bitPattern: UInt64.random(in: 0 ... .max, using: &random)) }.filter { !$0.isNaN }
        try db.execute("CREATE TABLE numbers(k bigint, i bigint, d double precision, t text)")
        for (k, (i, d)) in zip(integers, doubles + doubles).enumerated() {
            try db.execute("INSERT INTO numbers VALUES ($1, $2, $3, $4)", [.int(Int64(k)), .int(i), .double(d), .text(String(i))])
        }
        try db.execute("INSERT INTO numbers VALUES (-1, NULL, 'NaN', '12x')")
        let rows = try db.query("SELECT i, d, t, d::text FROM numbers ORDER BY k") { row in
            (row.isNull(0) ? nil : row.int(0), row.double(1), row.int(2), Double(row.text(3)) ?? (row.text(3) == "NaN" ? .nan : .infinity * (row.text(3).hasPrefix("-") ? -1 : 1)))
        }
        #expect(rows[0].0 == nil && rows[0].1.isNaN && rows[0].2 == 0)
        for (k, row) in rows.dropFirst().enumerated() {
            #expect(row.0 == integers[k] && row.2 == integers[k])
            #expect(row.1 == (doubles + doubles)[k] && row.1.bitPattern == row.3.bitPattern)
        }
    }

    @Test func failuresAreTypedAndTheConnectionGoesOn() throws {
        let db = try connect()
        try db.execute("CREATE TABLE u(k text PRIMARY KEY)")
        try db.execute("INSERT INTO u VALUES ($1)", [.text("a")])
        #expect { try db.execute("INSERT INTO u VALUES ($1)", [.text("a")]) } throws: { error in
            (error as? PostgresError)?.sqlState == PostgresError.uniqueViolation && (error as? PostgresError)?.connectionLost == false
        }
        #expect { try db.execute("SELEC 1") } throws: { ($0 as? PostgresError)?.sqlState == "42601" }
        #expect(try db.changes("UPDATE u SET k = $1 WHERE k = $2", [.text("b"), .text("a")]) == 1)
        #expect(try db.query("SELECT k FROM u") { $0.text(0) } == ["b"])
        #expect(throws: PostgresError.self) { try PostgresConnection("host=/nonexistent-folder dbname=x user=nobody") }
    }

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        let db = try connect()
        try db.execute("CREATE TABLE v(x bigint)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO v VALUES (1)")
                throw Boom()
            }
        }
        try db.transaction { try db.execute("INSERT INTO v VALUES (2)") }
        #expect(try db.query("SELECT x FROM v") { $0.int(0) } == [2])
    }

    @Test func aStatementPastItsTimeoutIsCancelled() throws {
        let db = try connect(statementTimeout: .milliseconds(200))
        #expect { try db.execute("SELECT pg_sleep(10)") } throws: { ($0 as? PostgresError)?.sqlState == PostgresError.queryCanceled }
        #expect(try db.scalarInt("SELECT 1") == 1)
    }

    @Test func aLostConnectionIsSaidAndComesBack() throws {
        let db = try connect()
        let other = try PostgresConnection(db.connectionString)
        let pid = try #require(try db.scalarInt("SELECT pg_backend_pid()"))
        try other.execute("SELECT pg_terminate_backend($1)", [.int(pid)])
        #expect { try db.scalarInt("SELECT 1") } throws: { ($0 as? PostgresError)?.connectionLost == true }
        #expect(!db.isConnected)
        try db.reconnect()
        #expect(try db.scalarInt("SELECT 1") == 1)
    }

    @Test(.enabled(if: PostgresTestCluster.canStartOwn, "no initdb/pg_ctl to start a cluster of the test's own"))
    func aServerRestartIsALostConnectionAndCommittedRowsSurviveIt() throws {
        let cluster = try PostgresTestCluster.own()
        defer { cluster.stop() }
        let db = try PostgresConnection(cluster.connectionString(database: try cluster.createDatabase()))
        try db.execute("CREATE TABLE r(x bigint)")
        try db.transaction { try db.execute("INSERT INTO r VALUES (1), (2)") }
        try cluster.restart()
        #expect { try db.scalarInt("SELECT count(*) FROM r") } throws: { ($0 as? PostgresError)?.connectionLost == true }
        try db.reconnect()
        #expect(try db.scalarInt("SELECT count(*) FROM r") == 2)
    }
}
