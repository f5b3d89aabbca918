import Foundation
import InkIndex

/// Everything `InkServer` needs besides its library and recognizer: who may change data, how
/// much a request may carry, how many recognitions run at once and when slow clients are cut off.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.token = "s3cret"               // data-changing requests need "Authorization: Bearer s3cret"
/// configuration.limits.maxBodyBytes = 1 << 20
/// configuration.recognitionConcurrency = 2
/// ```
public struct ServerConfiguration: Sendable {
    /// Where set, every `/api/` request needs `Authorization: Bearer <token>` (reads included:
    /// handwritten notes are private); `/api/health` answers only `{"status": "ok"}` without it.
    public var token: String?

    /// Tokens that each open one library (an account) of the store: a request sees and changes
    /// only its token's library, through the same API paths. `token`, where also set, opens the
    /// default library. Empty: one library, as without tokens.
    public var libraries = LibraryTokens()

    /// With a PostgreSQL store: tokens are also looked up in the database's `inkindex.tokens`
    /// (their SHA-256 and library, issued and revoked by the service while servers run), each
    /// answer kept `tokenTableCacheSeconds`.
    public var usesTokenTable = false
    public var tokenTableCacheSeconds = 30.0

    /// Whether `/api/` requests need a bearer token (`token`, one of `libraries`, or the table's).
    public var requiresToken: Bool { token != nil || !libraries.tokens.isEmpty || usesTokenTable }
    /// Host names answered besides loopback names and the address the server is bound to (a
    /// reverse proxy's public name). Requests with any other `Host` get 421: a page whose DNS
    /// name is rebound to 127.0.0.1 cannot read the notes.
    public var allowedHosts: [String] = []
    /// Origins (`https://app.example.org`) that may send requests that are not GET, besides the
    /// server's own pages, and that get CORS headers. Any other origin gets 403.
    public var allowedOrigins: [String] = []
    public var limits = ServerLimits()
    /// Recognitions (of a page, or of a note being indexed) that run at once; more wait their
    /// turn. Default: the number of cores.
    public var recognitionConcurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Readings asked of the recognizer per line.
    public var maxCandidates = 8
    /// Extra library connections that answer searches and reads in parallel with the one that
    /// writes (SQLite in WAL mode: readers never wait for the writer). Default: the number of cores.
    public var readerConnections = ProcessInfo.processInfo.activeProcessorCount
    /// Libraries (of `libraries`' tokens) kept open at once besides the default one; past it the
    /// one used least recently is closed (its connections: `1 + readerConnections` each, which a
    /// PostgreSQL server's `max_connections` must allow for every server), and opened again at
    /// its next request.
    public var maxOpenLibraries = 32
    /// Threads that answer requests (searches, reads, writes to the library), apart from Swift's
    /// cooperative pool so that SQLite waiting on the disk holds none of its threads. Default:
    /// twice the cores, at least 4.
    public var requestThreads = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    /// A connection with no request and no bytes for this long is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// A request whose head and body have not all arrived this long after it began is answered
    /// 408 and its connection closed (a slow or stalled client cannot hold a connection forever).
    public var requestTimeout: Duration = .seconds(30)
    /// How long the recognition of one request may take (a page read by `POST /api/recognize`, a
    /// note read before it is stored). Past it the answer is 503 `{"error": "deadline_exceeded"}`,
    /// nothing is stored and the recognition is cancelled. The background reindex gives each note
    /// this long too, and marks the notes it cannot finish (`NoteLibrary.indexProblems()`).
    public var recognitionDeadline: Duration = .seconds(20)
    /// The clock of `recognitionDeadline` and of the change feed's long polls (a `VirtualClock`
    /// in tests).
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The longest `GET /api/changes?wait=` a device may ask for; kept under `idleTimeout`.
    public var maxChangeWait: Duration = .seconds(30)
    /// How often the server reads a library's newest feed position while long polls wait on it,
    /// for writes made through other servers on the same database (this server's own writes
    /// wake them at once): one read an interval for all the polls of a library.
    public var changeFeedPollInterval: Duration = .milliseconds(250)
    /// How long deletions are remembered in the change feed: a device away longer than this is
    /// told to list everything again (410 `resync_required`).
    public var tombstoneRetention: Duration = .seconds(30 * 86_400)
    /// How often (at most) a library's old tombstones are pruned, when its feed is read.
    public var tombstonePruneInterval: Duration = .seconds(3_600)
    /// The wall clock that dates tombstones for `tombstoneRetention` (a fixed date in tests).
    public var now: @Sendable () -> Date = { Date() }
    /// At shutdown, requests in flight get this long to finish before connections are closed.
    public var shutdownGracePeriod: Duration = .seconds(20)
    /// Notes whose index is older than the recognizer's version are recognized again in the
    /// background at start.
    public var reindexesOnStart = true
    /// Notes whose recognizers are kept, so that a PUT re-reads only the lines that changed.
    public var editingSessionCapacity = 256
    /// Event-loop threads for connections (recognition and the library run elsewhere).
    public var eventLoopThreads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    public init(token: String? = nil, limits: ServerLimits = ServerLimits()) {
        self.token = token
        self.limits = limits
    }
}
