import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A whole HTTP answer.
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    /// The first value of a header (names compared without case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func json<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }
}

/// Why a request got no answer.
public enum HTTPClientError: Error, CustomStringConvertible {
    case connectionClosed
    case unexpected(String)

    public var description: String {
        switch self {
        case .connectionClosed: "the server closed the connection before answering"
        case .unexpected(let what): "unexpected answer: \(what)"
        }
    }
}

/// One keep-alive HTTP/1.1 connection (swift-nio), asking one request at a time: the load
/// benchmark's client and the server tests'.
///
/// ```swift
/// try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
///     let answer = try await connection.request("GET", "/api/health")
///     print(answer.status, answer.text)
/// }
/// ```
public final class HTTPClientConnection {
    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private let host: String

    private init(inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
                 outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, host: String) {
        self.inbound = inbound
        self.outbound = outbound
        self.host = host
    }

    /// Connects, runs `body` with the connection, then closes it.
    public static func with<T: Sendable>(host: String, port: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                                         _ body: (HTTPClientConnection) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(HTTPClientConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound, host: "\(host):\(port)"))
        }
    }

    /// One request on a fresh connection.
    public static func send(host: String = "127.0.0.1", port: Int, _ method: String, _ path: String,
                            headers: [(String, String)] = [], body: Data? = nil) async throws -> HTTPAnswer {
        try await with(host: host, port: port) { try await $0.request(method, path, headers: headers, body: body) }
    }

    /// Sends a request and reads its whole answer.
    public func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: Data? = nil) async throws -> HTTPAnswer {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path)
        // A Host given in `headers` replaces the connection's own (to test what a server answers for).
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head.headers.add(name: "host", value: host) }
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if let body { head.headers.replaceOrAdd(name: "content-length", value: String(body.count)) }
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body, !body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        parts.append(.end(nil))
        try await outbound.write(contentsOf: parts)  // one hop to the event loop, one flush

        var answer: HTTPAnswer?
        var bytes = Data()
        while let part = try await inbound.next() {
            switch part {
            case .head(let head):
                answer = HTTPAnswer(status: Int(head.status.code), headers: head.headers.map { ($0.name, $0.value) }, body: Data())
            case .body(let buffer):
                bytes.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard var answer else { throw HTTPClientError.unexpected("an answer without a head") }
                answer.body = bytes
                return answer
            }
        }
        throw HTTPClientError.connectionClosed
    }
}
