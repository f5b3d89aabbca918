import Foundation
import InkIndex
import InkServer
import InkSynthesis
import InkTools
import NIOCore
import NIOPosix

/// A server on an ephemeral loopback port over a library in a fresh temporary folder (or over
/// `store` where given: a PostgreSQL library other servers may share).
struct TestServer {
    let server: InkServer
    let port: Int
    let path: String
    let store: NoteStore

    static func start(store given: NoteStore? = nil, recognizer: any LineRecognizing = CountingTranscriptRecognizer(),
                      configure: (inout ServerConfiguration) -> Void = { _ in },
                      prepare: (NoteLibrary) async throws -> Void = { _ in }) async throws -> TestServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("library.sqlite").path
        let store = given ?? .sqlite(path: path)
        try await prepare(try store.open())
        var configuration = ServerConfiguration()
        configuration.readerConnections = 2
        configuration.eventLoopThreads = 2
        // The whole suite at once on two cores can take longer than the 20 s a note may take in
        // production; tests of the deadline set their own.
        configuration.recognitionDeadline = .seconds(600)
        // Likewise the connection timeouts: a test task starved by the rest of the suite can
        // leave a keep-alive connection idle past a minute. Tests of the timeouts set their own.
        configuration.idleTimeout = .seconds(600)
        configuration.requestTimeout = .seconds(600)
        configure(&configuration)
        let server = try InkServer(store: store, recognizer: recognizer, configuration: configuration)
        let port = try await server.start(host: "127.0.0.1", port: 0)
        return TestServer(server: server, port: port, path: path, store: store)
    }

    func stop() async {
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    func send(_ method: String, _ path: String, json: Data? = nil, headers: [(String, String)] = []) async throws -> HTTPAnswer {
        var headers = headers
        if json != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) { headers.append(("content-type", "application/json")) }
        return try await HTTPClientConnection.send(port: port, method, path, headers: headers, body: json)
    }

    func get(_ path: String) async throws -> HTTPAnswer { try await send("GET", path) }

    /// Creates a note and returns its id (the answer must be 201).
    func create(_ drawing: Drawing, title: String = "note", headers: [(String, String)] = []) async throws -> String {
        let answer = try await send("POST", "/api/notes", json: noteJSON(drawing, title: title), headers: headers)
        guard answer.status == 201 else { throw HTTPClientError.unexpected("\(answer.status) \(answer.text)") }
        return try answer.json(NoteSummary.self).id
    }

    /// The library's own view, through a connection of its own.
    func library() throws -> NoteLibrary { try store.open() }
}

/// The JSON body of a note: `{"title", "strokes"}` with the strokes' transcripts as annotations.
func noteJSON(_ drawing: Drawing, title: String? = "note") -> Data {
    try! JSONEncoder().encode(WireNoteBody(title: title, strokes: drawing.strokes.map(WireStroke.init)))
}

func strokesJSON(_ drawing: Drawing) -> Data {
    try! JSONEncoder().encode(WireStrokes(strokes: drawing.strokes.map(WireStroke.init)))
}

/// A page of transcribed ink (`TranscribedInk.page`), stroke ids kept per line and text.
func transcribedPage(_ lines: [String], id: String = "page", seed: UInt64 = 3) -> Drawing {
    TranscribedInk.page(lines, id: id, seed: seed, strokeIdentity: .byLineAndText)
}

/// Reads the transcripts written into the ink (`TranscriptRecognizer`), counting the lines it is
/// asked to read; can be told to fail, or to wait until released.
final class CountingTranscriptRecognizer: LineRecognizing, @unchecked Sendable {
    let recognitionVersion: Int
    private let lock = NSLock()
    private var lines = 0
    private var failing = false
    private var held = false
    private var readTexts: [String] = []

    init(version: Int = 1) { recognitionVersion = version }

    var lineCount: Int { lock.withLock { lines } }
    var texts: [String] { lock.withLock { readTexts } }
    func fail(_ value: Bool) { lock.withLock { failing = value } }
    /// While held, every recognition waits (blocking its thread), as a slow model would.
    func hold(_ value: Bool) { lock.withLock { held = value } }

    struct Failure: Error, CustomStringConvertible { var description: String { "the test recognizer was told to fail" } }

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        while lock.withLock({ held }) { usleep(2_000) }
        let shouldFail = lock.withLock { lines += 1; return failing }
        if shouldFail { throw Failure() }
        let result = try TranscriptRecognizer(recognitionVersion: recognitionVersion).recognize(strokes, maxCandidates: maxCandidates)
        lock.withLock { readTexts.append(result.best?.text ?? "") }
        return result
    }
}

/// Sends raw bytes (as a broken or hostile client would) and reads what comes back until the
/// server closes the connection or `timeout` passes.
///
/// The timeout is the event loop's (it closes the connection), not a task's: the whole suite on
/// two cores can keep Swift's cooperative pool busy for minutes, and a timer task woken after
/// that would race the answer that had arrived meanwhile. What was read is kept either way.
enum RawHTTP {
    static func exchange(port: Int, _ chunks: [String], pauseBetween: Duration = .zero, timeout: Duration = .seconds(300)) async throws -> (text: String, closed: Bool) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let timedOut = Flag()
        let underlying = channel.channel
        let timer = underlying.eventLoop.scheduleTask(in: .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000)) {
            // A connection the server closed already was not timed out, however late this task
            // reads it.
            guard underlying.isActive else { return }
            timedOut.set()
            underlying.close(promise: nil)
        }
        defer { timer.cancel() }
        return try await channel.executeThenClose { inbound, outbound in
            for (index, chunk) in chunks.enumerated() {
                if index > 0, pauseBetween > .zero { try await Task.sleep(for: pauseBetween) }
                // The server may close its side first (a refusal); what it sent is still read below.
                do { try await outbound.write(ByteBuffer(string: chunk)) } catch { break }
            }
            var text = ""
            do {
                for try await buffer in inbound { text += String(buffer: buffer) }
            } catch where timedOut.isSet {
                // Closed by the timer: what arrived before it is the answer.
            }
            return (text, !timedOut.isSet)
        }
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}

/// Runs `body` against a fresh server, which is shut down afterwards whatever happens.
func withServer(store: NoteStore? = nil, recognizer: any LineRecognizing = CountingTranscriptRecognizer(),
                configure: (inout ServerConfiguration) -> Void = { _ in },
                prepare: (NoteLibrary) async throws -> Void = { _ in },
                _ body: (TestServer) async throws -> Void) async throws {
    try await withServers(1, store: store, recognizer: recognizer, configure: configure, prepare: prepare) { try await body($0[0]) }
}

/// `count` servers over one store (a PostgreSQL library they share), stopped after `body`.
func withServers(_ count: Int, store: NoteStore?, recognizer: any LineRecognizing = CountingTranscriptRecognizer(),
                 configure: (inout ServerConfiguration) -> Void = { _ in },
                 prepare: (NoteLibrary) async throws -> Void = { _ in },
                 _ body: ([TestServer]) async throws -> Void) async throws {
    var servers: [TestServer] = []
    do {
        for _ in 0..<count { servers.append(try await TestServer.start(store: store, recognizer: recognizer, configure: configure, prepare: prepare)) }
        try await body(servers)
    } catch {
        for server in servers { await server.stop() }
        throw error
    }
    for server in servers { await server.stop() }
}

/// Counts answered writes across client tasks, so that a shutdown can come once some writes
/// are done, whatever the machine's speed.
final class AnsweredCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }

    /// Waits until at least `target` writes were answered (or a minute passed).
    func wait(for target: Int) async throws {
        for _ in 0..<6_000 where value < target { try await Task.sleep(for: .milliseconds(10)) }
    }
}
