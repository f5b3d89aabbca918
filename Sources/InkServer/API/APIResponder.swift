import Foundation
import InkIndex
import InkPostgres
import NIOHTTP1

/// Answers every request of the API and the playground page: routes it, checks the token on
/// changes, runs the handler and turns any failure into `{error, detail}` with its status.
/// Nothing is written to the library before a request has been wholly read, checked and
/// recognized, so a failed request changes nothing stored.
final class APIResponder: ServerResponder {
    let libraries: LibraryDirectory
    /// The database's issued tokens (`ServerConfiguration.usesTokenTable`).
    let tokenTable: PostgresTokenTable?
    let recognizer: any LineRecognizing
    let configuration: ServerConfiguration
    let files: PlaygroundFiles
    let gate = RequestGate()
    /// Recognitions running at once (pages and notes being indexed), on threads of their own.
    let recognitionPool: RecognitionPool
    /// Writes to the record and its index, one at a time (each is a few milliseconds; the
    /// recognition before it is not held under this).
    let writeLock = AsyncLimiter(limit: 1)
    /// Wakes the change feed's long polls on this server's writes.
    let feedWatch = ChangeFeedWatch()
    let feedReads = SingleFlight<FeedPageKey, FeedAnswer>()
    let sessions: NoteSessions
    let requestThreads: RequestThreads
    let reindex = ReindexState()
    let languageRecognizers: LanguageRecognizers
    /// Recognitions of requests that store nothing: shutdown cancels them rather than wait.
    let pureRecognitions = CancellationScope()
    private let policyLock = NSLock()
    // Guarded by policyLock; set once at start (the bound host), read by every request.
    nonisolated(unsafe) private var policy: RequestPolicy

    init(libraries: LibraryDirectory, tokenTable: PostgresTokenTable? = nil, recognizer: any LineRecognizing,
         configuration: ServerConfiguration, files: PlaygroundFiles) {
        self.libraries = libraries
        self.tokenTable = tokenTable
        self.recognizer = recognizer
        languageRecognizers = LanguageRecognizers(base: recognizer)
        self.configuration = configuration
        self.files = files
        policy = RequestPolicy(allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins)
        recognitionPool = RecognitionPool(limit: configuration.recognitionConcurrency)
        requestThreads = RequestThreads(count: configuration.requestThreads)
        sessions = NoteSessions(recognizer: recognizer, maxCandidates: configuration.maxCandidates,
                                capacity: configuration.editingSessionCapacity)
    }

    /// The default library's writer (the background reindex's).
    var library: NoteLibrary { libraries.defaultLibrary.writer }

    /// Runs a request's recognition on the pool within `recognitionDeadline`: past it, 503 and
    /// the work is cancelled. A cancelled request (its client gone, the server stopping) is
    /// cancelled all the way down.
    func recognizing<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let (pool, limit, clock) = (recognitionPool, configuration.recognitionDeadline, configuration.clock)
        do {
            return try await Deadline.run(within: limit, clock: clock) { try await pool.run(work) }
        } catch is Deadline.Exceeded {
            throw APIError.deadlineExceeded(limit)
        }
    }

    /// The address the server listens on is a host it answers for.
    func bind(host: String) {
        policyLock.withLock { policy.boundHost = RequestPolicy.hostName(of: host) }
    }

    func answering(_ request: ServerRequest, then deliver: @escaping @Sendable (ServerResponse) -> Void) -> Task<Void, Never> {
        requestThreads.task { deliver(await self.respond(to: request)) }
    }

    func respond(to request: ServerRequest) async -> ServerResponse {
        let policy = policyLock.withLock { self.policy }
        var response: ServerResponse
        do {
            try policy.check(request)
            response = request.method == .OPTIONS ? .noContent() : await requestThreads.run { await self.answer(request) }
        } catch {
            response = error.response
        }
        SecurityHeaders.add(to: &response.headers, page: response.headers.first(name: "content-type")?.hasPrefix("text/html") == true)
        for (name, value) in policy.corsHeaders(for: request) { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }

    private func answer(_ request: ServerRequest) async -> ServerResponse {
        guard gate.enter() else {
            var response = APIError.unavailable("the server is shutting down").response
            response.closesConnection = true
            return response
        }
        defer { gate.leave() }
        do {
            guard let target = RequestTarget(request.uri) else { throw APIError.badRequest("the request target '\(request.uri)' is not a valid path") }
            let route = try Router.route(request.method, target)
            if route == .health, configuration.requiresToken, (try? authorize(request)) == nil { return try JSONAnswers.response(MinimalHealth()) }
            // Health counts the notes of the token's library, never another's.
            let library = route.needsToken || route == .health ? try authorize(request) : NoteStore.defaultLibrary
            return try await handle(route, request: request, target: target, in: try libraries.connections(of: library))
        } catch let error as APIError {
            return error.response
        } catch let error as LibraryError {
            if case .noteNotFound(let id) = error { return APIError.notFound("no note with id '\(id)'").response }
            if case .staleRevision(let id, _, let current) = error { return APIError.preconditionFailed(noteID: id, current: current).response }
            return APIError.internalError("\(error)").response
        } catch let error as PostgresError where error.connectionLost || error.sqlState == PostgresError.queryCanceled {
            // The database went away (a restart, a failover) or is too slow: the client may retry.
            return APIError.unavailable("the note store is unavailable: \(error.message)").response
        } catch {
            return APIError.internalError("\(error)").response
        }
    }

    private func handle(_ route: Route, request: ServerRequest, target: RequestTarget, in library: LibraryConnections) async throws -> ServerResponse {
        switch route {
        case .page: return try staticFile("index.html")
        case .staticFile(let name): return try staticFile(name)
        case .recognize: return try await recognize(request, target: target)
        case .listNotes: return try await listNotes(target, in: library)
        case .createNote: return try await createNote(request, target: target, in: library)
        case .importFile: return try await importFile(request, target: target, in: library)
        case .batch: return try await batch(request, in: library)
        case .getNote(let id): return try await note(id, in: library)
        case .updateNote(let id): return try await updateNote(id, request: request, target: target, in: library)
        case .deleteNote(let id): return try await deleteNote(id, request: request, in: library)
        case .noteSVG(let id): return try await noteSVG(id, target: target, in: library)
        case .noteInkML(let id): return try await noteInkML(id, in: library)
        case .search: return try await search(target, in: library)
        case .changes: return try await changes(target, in: library)
        case .noteReadings(let id): return try await noteReadings(id, request: request, in: library)
        case .health: return try await health(in: library)
        }
    }

    /// The library the request's bearer token opens: the default one where the server has no
    /// tokens. Every token is compared, each without stopping at the first difference, so that
    /// timing tells neither which token nor how much of one was right.
    private func authorize(_ request: ServerRequest) throws(APIError) -> String {
        guard configuration.requiresToken else { return NoteStore.defaultLibrary }
        let header = request.headers.first(name: "authorization") ?? ""
        let given = header.hasPrefix("Bearer ") ? Array(header.utf8.dropFirst(7)) : []
        var library: String?
        if let token = configuration.token, Self.constantTimeEqual(given, Array(token.utf8)) { library = NoteStore.defaultLibrary }
        for (token, name) in configuration.libraries.tokens where Self.constantTimeEqual(given, Array(token.utf8)) { library = name }
        if library == nil, !given.isEmpty, let tokenTable {
            // Compared by the database, by the token's hash; a database that cannot answer is 503.
            do { library = try tokenTable.library(of: String(decoding: given, as: UTF8.self)) } catch {
                throw .unavailable("the token cannot be checked now: the note store is unavailable")
            }
        }
        guard !given.isEmpty, let library else {
            throw .unauthorized(header.isEmpty ? "this server answers its API only with 'Authorization: Bearer <token>'"
                                               : "the bearer token is not one this server was started with")
        }
        return library
    }

    /// Compares without stopping at the first difference, so that timing does not tell how much
    /// of a guessed token was right.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    private func staticFile(_ name: String) throws(APIError) -> ServerResponse {
        guard let file = files[name] else { throw .notFound("no file '\(name)' in the playground") }
        var response = ServerResponse(status: .ok, contentType: file.contentType, body: file.bytes)
        response.headers.add(name: "cache-control", value: "no-cache")
        return response
    }
}

/// The stroke count of each note's drawing as last seen (by its revision, which any server's
/// save raises), so that listing notes decodes each drawing once, not on every list.
final class StrokeCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: (revision: Int, count: Int)] = [:]

    func count(of info: NoteInfo, in library: NoteLibrary) async throws -> Int {
        if let known = lock.withLock({ counts[info.id] }), known.revision == info.revision { return known.count }
        let count = try await library.drawing(id: info.id).strokes.count
        remember(info.id, revision: info.revision, count: count)
        return count
    }

    func remember(_ id: String, revision: Int, count: Int) { lock.withLock { counts[id] = (revision, count) } }
    func forget(_ id: String) { lock.withLock { counts[id] = nil } }
}

