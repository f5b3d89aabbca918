import Foundation
@testable import InkCore
@testable import InkIndex
@testable import InkRecognition
@testable import InkServer
import NIOCore
import NIOEmbedded

/// Arbitrary bytes from a client, through the server's own connection pipeline
/// (`ServerChannel.configure`: HTTP parsing, idle timeout, body collection, dispatch) on an
/// in-memory channel, answered by the real API over a small library. The first byte picks how the
/// rest arrives: 0 whole, otherwise in chunks of that many bytes (a slow client's fragments).
///
/// Once what can be answered is answered, the request timeout is made to pass in virtual time
/// and the idle timeout's event is sent. The connection must then be closed, and what the server wrote must be a sequence
/// of whole, well-formed HTTP/1.1 answers (status line, headers, a `content-length` its body
/// matches), each refusal with a JSON `{error, detail}` body.
func fuzzHTTP(_ bytes: UnsafeRawBufferPointer) {
    let input = Array(bytes)
    let outcome = blocking { () async throws(HTTPFuzzFailure) -> Void in
        try await HTTPFuzzServer.shared.exchange(input)
    }
    if case .failure(let failure) = outcome { fatalError("http: \(failure.message)") }
}

struct HTTPFuzzFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One API responder over a temporary library, shared by every input (the fuzzer's requests add
/// and delete notes in it as a client would).
final class HTTPFuzzServer: Sendable {
    static let shared = HTTPFuzzServer()

    let directory: String
    let configuration: ServerConfiguration
    private let responder: CountingResponder

    private init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-fuzz-http-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.readerConnections = 1
        configuration.reindexesOnStart = false
        self.configuration = configuration
        let libraries = try! LibraryDirectory(store: .sqlite(path: directory + "/library.sqlite"), readers: configuration.readerConnections)
        let api = APIResponder(libraries: libraries, recognizer: FixedReadingRecognizer(), configuration: configuration,
                               files: PlaygroundFiles.embedded())
        api.bind(host: "127.0.0.1")
        responder = CountingResponder(api)
    }

    func exchange(_ input: [UInt8]) async throws(HTTPFuzzFailure) {
        guard let mode = input.first else { return }
        let body = Array(input.dropFirst())
        let chunkSize = mode == 0 ? max(body.count, 1) : Int(mode)

        let channel = NIOAsyncTestingChannel()
        let (responder, configuration) = (self.responder, self.configuration)
        do {
            try await channel.testingEventLoop.executeInContext {
                try ServerChannel.configure(channel.pipeline.syncOperations, responder: responder, configuration: configuration)
            }
            try await channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 40_000))
        } catch {
            throw HTTPFuzzFailure("the pipeline could not be set up: \(error)")
        }
        var offset = 0
        while offset < body.count, channel.isActive {
            let end = min(offset + chunkSize, body.count)
            // A refusal closes the connection; what the client still sends then goes nowhere.
            do { try await channel.writeInbound(ByteBuffer(bytes: body[offset..<end])) } catch { break }
            offset = end
            await settle(channel)
        }
        // Past every timeout, nothing may be left waiting: the connection must close. The request
        // deadline runs on the loop's virtual clock; `IdleStateHandler` measures real time, so
        // its event is sent as it would send it once the connection has been idle.
        let pastRequestTimeout = TimeAmount.seconds(configuration.requestTimeout.components.seconds + 5)
        for _ in 0..<50 where channel.isActive {
            await channel.testingEventLoop.advanceTime(by: pastRequestTimeout)
            await settle(channel)
            channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
            await settle(channel)
        }
        let written = await outbound(of: channel)
        let stillOpen = channel.isActive
        // Tears the pipeline down and stops the loop, so that nothing of this input outlives it.
        _ = try? await channel.finish(acceptAlreadyClosed: true)
        await channel.testingEventLoop.shutdownGracefully()
        if stillOpen { throw HTTPFuzzFailure("the connection is still open past every timeout (wrote \(written.count) bytes)") }
        try HTTPAnswers.check(written)
    }

    /// Waits until no request is being answered and the loop has run what that scheduled.
    private func settle(_ channel: NIOAsyncTestingChannel) async {
        var quietRounds = 0
        while quietRounds < 3 {
            let before = responder.counts
            while responder.counts.inFlight > 0 { try? await Task.sleep(for: .milliseconds(1)) }
            await channel.testingEventLoop.run()
            try? await Task.sleep(for: .microseconds(200))
            await channel.testingEventLoop.run()
            quietRounds = responder.counts == before ? quietRounds + 1 : 0
        }
    }

    private func outbound(of channel: NIOAsyncTestingChannel) async -> [UInt8] {
        var bytes: [UInt8] = []
        while let data = try? await channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { bytes += buffer.readableBytesView }
        }
        return bytes
    }
}

/// The API responder, counting the requests it has begun and finished.
private final class CountingResponder: ServerResponder, @unchecked Sendable {
    struct Counts: Equatable {
        var started = 0
        var finished = 0
        var inFlight: Int { started - finished }
    }

    private let inner: APIResponder
    private let lock = NSLock()
    private var state = Counts()

    init(_ inner: APIResponder) { self.inner = inner }

    var counts: Counts { lock.withLock { state } }

    func respond(to request: ServerRequest) async -> ServerResponse {
        lock.withLock { state.started += 1 }
        defer { lock.withLock { state.finished += 1 } }
        return await inner.respond(to: request)
    }
}

/// Reads every line as "note": the fuzzer exercises the server, not recognition.
private struct FixedReadingRecognizer: LineRecognizing {
    let recognitionVersion = 1

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        guard !strokes.isEmpty else { return LineRecognition(strokeIDs: [], candidates: []) }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: [RecognitionCandidate(text: "note", logProbability: -0.1)])
    }
}

/// What a well-formed sequence of the server's answers is.
enum HTTPAnswers {
    static func check(_ bytes: [UInt8]) throws(HTTPFuzzFailure) {
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let headEnd = rest.firstRange(of: separator) else {
                throw HTTPFuzzFailure("an answer's head does not end: \(preview(rest))")
            }
            let head = String(decoding: rest[rest.startIndex..<headEnd.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ", maxSplits: 2)
            guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1" || statusLine[0] == "HTTP/1.0",
                  let status = Int(statusLine[1]), (100..<600).contains(status) else {
                throw HTTPFuzzFailure("not a status line: \(lines[0])")
            }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                    throw HTTPFuzzFailure("not a header line: \(line)")
                }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard let length = headers["content-length"].flatMap(Int.init), length >= 0 else {
                throw HTTPFuzzFailure("an answer without a content-length: \(head)")
            }
            let next = rest[headEnd.upperBound...]
            guard next.count >= length else {
                throw HTTPFuzzFailure("a body shorter (\(next.count) bytes) than its content-length \(length)")
            }
            let body = next.prefix(length)
            if status >= 400 {
                guard headers["content-type"]?.hasPrefix("application/json") == true,
                      let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                      object["error"] is String, object["detail"] is String else {
                    throw HTTPFuzzFailure("a \(status) without a JSON {error, detail} body: \(preview(body))")
                }
            }
            rest = rest[body.endIndex...]
        }
    }

    private static func preview(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(120), as: UTF8.self)
    }
}
