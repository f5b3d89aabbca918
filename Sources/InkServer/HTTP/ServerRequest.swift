import Foundation
import NIOHTTP1

/// A whole request, its body collected: what the API handlers see (never a channel).
struct ServerRequest: Sendable {
    var method: HTTPMethod
    /// The request target as sent (`/api/notes?x=1`).
    var uri: String
    var headers: HTTPHeaders
    var body: Data
    /// Whether the connection stays open after the answer (HTTP/1.1 unless `Connection: close`).
    var keepAlive = true
    var version = HTTPVersion.http1_1

    init(method: HTTPMethod, uri: String, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.method = method
        self.uri = uri
        self.headers = headers
        self.body = body
    }

    /// The media type of the body, lowercased, without parameters (`application/json`).
    var contentType: String? {
        headers.first(name: "content-type").map {
            $0.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }
}

/// A whole response.
struct ServerResponse: Sendable {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: Data
    /// Whether the connection is closed after this answer (at shutdown).
    var closesConnection = false

    init(status: HTTPResponseStatus, contentType: String, body: Data, headers: HTTPHeaders = [:]) {
        self.status = status
        self.headers = headers
        self.headers.replaceOrAdd(name: "content-type", value: contentType)
        self.body = body
    }

    static func noContent() -> ServerResponse {
        ServerResponse(status: .noContent, contentType: "text/plain", body: Data())
    }
}

/// Answers whole requests; the channel handlers call it off the event loop.
protocol ServerResponder: Sendable {
    func respond(to request: ServerRequest) async -> ServerResponse
    /// Starts the task that answers one request and hands the answer to `deliver`: by default
    /// on Swift's cooperative pool; the API starts it on its request threads, so that an answer
    /// never waits for a pool that other work (an app's own tasks, a test suite) keeps busy.
    func answering(_ request: ServerRequest, then deliver: @escaping @Sendable (ServerResponse) -> Void) -> Task<Void, Never>
}

extension ServerResponder {
    func answering(_ request: ServerRequest, then deliver: @escaping @Sendable (ServerResponse) -> Void) -> Task<Void, Never> {
        Task { deliver(await respond(to: request)) }
    }
}
