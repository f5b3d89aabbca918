import Foundation
import InkIndex
import InkPostgres
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server (swift-nio) for a note library: the JSON API of README "Serving over HTTP"
/// and the playground page, from the package's embedded resources.
///
/// Recognition runs off the event loops, at most `recognitionConcurrency` at once; a note is
/// indexed before its POST or PUT is answered; notes indexed by an older recognizer are read
/// again in the background while searches go on. `shutdown()` stops accepting, lets requests in
/// flight finish, then closes the library, so nothing written is lost and
/// `inkindex library check` passes.
///
/// ```swift
/// let server = try InkServer(databasePath: "notes.sqlite", recognizer: try ShippedRecognizer.loadForIndexing())
/// let port = try await server.start(host: "127.0.0.1", port: 0)   // 0: any free port
/// print("http://127.0.0.1:\(port)/")
/// await server.runUntilTerminated()                              // SIGINT or SIGTERM, then shutdown
/// ```
public actor InkServer {
    public nonisolated let configuration: ServerConfiguration
    /// Where the notes are kept.
    public nonisolated let store: NoteStore
    /// The SQLite file's path, or the PostgreSQL library's location (`NoteStore.description`).
    public nonisolated var databasePath: String { store.description }
    private var responder: APIResponder?
    private var group: MultiThreadedEventLoopGroup?
    private var channel: (any Channel)?
    private var reindexTask: Task<Void, Never>?

    /// Opens the library at `databasePath` (creating it where absent), with one writing
    /// connection and `configuration.readerConnections` readers.
    public init(databasePath: String, recognizer: any LineRecognizing, configuration: ServerConfiguration = ServerConfiguration()) throws {
        try self.init(store: .sqlite(path: databasePath), recognizer: recognizer, configuration: configuration)
    }

    /// Opens the store (a SQLite file, or a library of a PostgreSQL database that other servers
    /// may share), with one writing connection and `configuration.readerConnections` readers.
    public init(store: NoteStore, recognizer: any LineRecognizing, configuration: ServerConfiguration = ServerConfiguration()) throws {
        self.store = store
        self.configuration = configuration
        // Searches weigh the evidence as fitted on the readings of the model that reads the notes.
        let libraries = try LibraryDirectory(store: store, readers: configuration.readerConnections,
                                             capacity: configuration.maxOpenLibraries,
                                             searchPolicy: .standard(forModel: recognizer.recognitionModel),
                                             pruneEvery: configuration.tombstonePruneInterval)
        var tokenTable: PostgresTokenTable?
        if configuration.usesTokenTable {
            guard case .postgres(let url, _) = store else { throw InkServerError.tokenTableNeedsPostgres }
            tokenTable = try PostgresTokenTable(url: url, cacheFor: .milliseconds(Int64(configuration.tokenTableCacheSeconds * 1000)))
        }
        responder = APIResponder(libraries: libraries, tokenTable: tokenTable, recognizer: recognizer, configuration: configuration,
                                 files: PlaygroundFiles.embedded())
    }

    /// Binds to `host:port` and starts answering; returns the port bound (the one the system
    /// chose where `port` is 0). Starts the background reindex where notes need it.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: Int = 8080) async throws -> Int {
        guard let responder, channel == nil else { throw InkServerError.notStartable }
        responder.bind(host: host)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: configuration.eventLoopThreads)
        do {
            let channel = try await ServerChannel.bind(host: host, port: port, group: group, responder: responder, configuration: configuration)
            self.group = group
            self.channel = channel
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        if configuration.reindexesOnStart { reindexTask = responder.startReindex() }
        return channel?.localAddress?.port ?? port
    }

    /// The port bound, once started.
    public var port: Int? { channel?.localAddress?.port }

    /// Whether the background reindex is running.
    public var isReindexing: Bool { responder?.reindex.isRunning ?? false }

    /// Waits for the background reindex (if any) to finish.
    public func waitForReindex() async { await reindexTask?.value }

    /// Stops accepting connections, answers 503 to new requests on open ones, waits (up to
    /// `shutdownGracePeriod`) for the requests in flight, stops the background reindex between
    /// notes, closes the connections and then the library. Calling it again does nothing.
    public func shutdown() async {
        guard let responder else { return }
        try? await channel?.close()
        responder.gate.close()
        // Pages read for nobody's record are not worth waiting for; writes in flight are.
        responder.pureRecognitions.cancelAll()
        _ = await responder.gate.drain(timeout: configuration.shutdownGracePeriod)
        reindexTask?.cancel()
        await reindexTask?.value
        // The last answers are written on the event loops; give them a moment to be flushed.
        try? await Task.sleep(for: .milliseconds(50))
        try? await group?.shutdownGracefully()
        responder.recognitionPool.stop()
        responder.requestThreads.stop()
        channel = nil
        group = nil
        reindexTask = nil
        self.responder = nil  // the last references to the library's connections: SQLite closes them
    }

    /// Waits for one of `signals` (SIGINT and SIGTERM by default), then shuts down. Returns the
    /// signal received.
    @discardableResult
    public func runUntilTerminated(signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        let received = await TerminationSignals.wait(for: signals)
        await shutdown()
        return received
    }
}

/// Misuse of `InkServer`.
public enum InkServerError: Error, CustomStringConvertible {
    /// `start` on a server already started or shut down.
    case notStartable
    /// `usesTokenTable` with a SQLite store: the table lives in the PostgreSQL database.
    case tokenTableNeedsPostgres

    public var description: String {
        switch self {
        case .notStartable: "the server is already running or has been shut down"
        case .tokenTableNeedsPostgres: "a token table needs a PostgreSQL store (--database)"
        }
    }
}
