import Foundation
import InkPostgres

/// A throwaway PostgreSQL server for tests: `initdb` and `pg_ctl` in a temporary folder, reached
/// only through a Unix socket there, run as the `postgres` user when the tests run as root (the
/// server refuses to run as root). `INKINDEX_TEST_POSTGRES_URL` names a server to use instead.
///
/// ```swift
/// guard let cluster = PostgresTestCluster.shared else { return }   // skipped: see `unavailable`
/// let db = try PostgresConnection(cluster.connectionString(database: try cluster.createDatabase()))
/// ```
public final class PostgresTestCluster: @unchecked Sendable {
    /// One cluster for the whole test run (started at first use, stopped at exit); nil where no
    /// PostgreSQL can be had, with the reason in `unavailable`.
    public static let shared: PostgresTestCluster? = {
        do { return try PostgresTestCluster() } catch {
            unavailableReason = "\(error)"
            return nil
        }
    }()

    nonisolated(unsafe) private static var unavailableReason = ""

    /// Why there is no cluster (for the skip message).
    public static var unavailable: String {
        _ = shared
        return "PostgreSQL tests skipped: \(unavailableReason)"
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let folder: String?
    private let binaries: String?
    private let baseURL: String?
    private let lock = NSLock()
    private var databases = 0

    /// A cluster of the test's own, for a test that restarts its server (others share theirs
    /// and would lose their connections); `stop()` it at the end. Never the server of
    /// INKINDEX_TEST_POSTGRES_URL.
    public static func own() throws -> PostgresTestCluster { try PostgresTestCluster(own: true) }

    private init(own: Bool = false) throws {
        if !own, let url = ProcessInfo.processInfo.environment["INKINDEX_TEST_POSTGRES_URL"], !url.isEmpty {
            (folder, binaries, baseURL) = (nil, nil, url)
            return
        }
        guard let bin = Self.binaryFolder() else {
            throw Failure(description: "no initdb/pg_ctl (install Debian's postgresql, or set INKINDEX_TEST_POSTGRES_URL)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-pg-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run(["/bin/chown", "postgres:postgres", root], asPostgres: false) }
        (folder, binaries, baseURL) = (root, bin, nil)
        try Self.run(["\(bin)/initdb", "-D", "\(root)/data", "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                      "--locale=C"], asPostgres: true)
        try Self.pgCtl(bin, root, start: true)
        if !own { atexit { PostgresTestCluster.shared?.stop() } }
    }

    /// A fresh, empty database of its own for one test.
    public func createDatabase() throws -> String {
        let name = lock.withLock { databases += 1; return "t\(getpid())_\(databases)" }
        try run(sql: "CREATE DATABASE \(name)")
        return name
    }

    /// A libpq connection string for `database`.
    public func connectionString(database: String = "postgres") -> String {
        if let baseURL {
            guard var parts = URLComponents(string: baseURL) else { return baseURL }
            parts.path = "/" + database
            return parts.string ?? baseURL
        }
        return "host=\(folder!) dbname=\(database) user=postgres"
    }

    /// A `postgresql://` URL for `database` (what `--database` takes): the socket folder as
    /// its `host` parameter.
    public func connectionURL(database: String) -> String {
        if baseURL != nil { return connectionString(database: database) }
        return "postgresql:///\(database)?host=\(folder!)&user=postgres"
    }

    /// Whether `own()` can start a cluster here (the server binaries are installed).
    public static var canStartOwn: Bool { binaryFolder() != nil }

    /// Whether `restart()` can be done (not for a server given by INKINDEX_TEST_POSTGRES_URL).
    public var canRestart: Bool { folder != nil }

    /// Stops the server the way a crash or an operator's restart would (`immediate`) and starts
    /// it again: connections open before are lost, committed transactions are kept.
    public func restart() throws {
        guard let folder, let binaries else { throw Failure(description: "cannot restart a server given by INKINDEX_TEST_POSTGRES_URL") }
        try Self.pgCtl(binaries, folder, start: false)
        try Self.pgCtl(binaries, folder, start: true)
    }

    /// Stops the server as a crash would, keeping its data, until `startServer()`: connections
    /// fail meanwhile, as they do while a database restarts or fails over.
    public func stopServer() throws {
        guard let folder, let binaries else { throw Failure(description: "cannot stop a server given by INKINDEX_TEST_POSTGRES_URL") }
        try Self.pgCtl(binaries, folder, start: false)
    }

    public func startServer() throws {
        guard let folder, let binaries else { throw Failure(description: "cannot start a server given by INKINDEX_TEST_POSTGRES_URL") }
        try Self.pgCtl(binaries, folder, start: true)
    }

    /// Stops the server and removes its folder.
    public func stop() {
        guard let folder, let binaries else { return }
        try? Self.pgCtl(binaries, folder, start: false)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func run(sql: String) throws {
        try PostgresConnection(connectionString(database: "postgres")).execute(sql)
    }

    /// Starts the cluster in `folder` (its socket there, no TCP, no fsync: a test's data is
    /// thrown away), or stops it as a crash would (`immediate`).
    private static func pgCtl(_ binaries: String, _ folder: String, start: Bool) throws {
        let action = start
            ? ["-l", "\(folder)/log", "-w", "-o", "-k \(folder) -c listen_addresses='' -c fsync=off -c full_page_writes=off", "start"]
            : ["-m", "immediate", "-w", "stop"]
        try run(["\(binaries)/pg_ctl", "-D", "\(folder)/data"] + action, asPostgres: true)
    }

    private static func binaryFolder() -> String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = "/usr/lib/postgresql/\(version)/bin"
            if FileManager.default.isExecutableFile(atPath: "\(bin)/initdb") { return bin }
        }
        for bin in ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin"] where FileManager.default.isExecutableFile(atPath: "\(bin)/initdb") {
            return bin
        }
        return nil
    }

    /// Runs a program and waits for it. posix_spawn and waitpid rather than Foundation's
    /// `Process`, which on Linux waits for a descriptor that `pg_ctl`'s server inherits, and so
    /// never sees `pg_ctl start` end.
    private static func run(_ arguments: [String], asPostgres: Bool) throws {
        let argv = asPostgres && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-pg-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw Failure(description: "\(argv[0]) could not be started (errno \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\((arguments[0] as NSString).lastPathComponent) failed (status \(status)): \(text.suffix(400))")
        }
    }
}
