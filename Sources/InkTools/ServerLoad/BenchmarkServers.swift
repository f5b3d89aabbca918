import Foundation
import InkIndex
import InkServer

/// The servers a load benchmark runs against (`bench-serve`, `bench-sync`): `count` processes of
/// `inkindex serve` on a PostgreSQL library, or one server in this process on a SQLite file.
enum BenchmarkServers {
    /// The library the benchmark builds and checks.
    static func store(postgres: (url: String, library: String)?, databasePath: String) -> NoteStore {
        postgres.map { .postgres(url: $0.url, library: $0.library) } ?? .sqlite(path: databasePath)
    }

    /// Starts them; the ports to send requests to, and how to stop them all.
    static func start(postgres: (url: String, library: String)?, count: Int, serverCommand: [String], databasePath: String,
                      recognizer: any LineRecognizing, readers: Int? = nil) async throws -> (ports: [Int], stop: @Sendable () async -> Void) {
        if let postgres {
            guard !serverCommand.isEmpty else { throw ServerProcesses.Failure(description: "no server command to start") }
            let processes = try ServerProcesses.start(count, command: serverCommand
                + ["--database", postgres.url, "--library-name", postgres.library, "--port", "0"])
            return (processes.ports, { processes.stop() })
        }
        var configuration = ServerConfiguration()
        configuration.reindexesOnStart = false
        if let readers {
            configuration.readerConnections = readers
            configuration.requestThreads = max(configuration.requestThreads, readers + 2)
        }
        let server = try InkServer(databasePath: databasePath, recognizer: recognizer, configuration: configuration)
        let port = try await server.start(host: "127.0.0.1", port: 0)
        return ([port], { await server.shutdown() })
    }
}
