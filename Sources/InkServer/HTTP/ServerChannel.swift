import NIOCore
import NIOHTTP1
import NIOPosix

/// The listening socket and each connection's pipeline: HTTP/1.1 parsing (with pipelining),
/// the idle timeout, body collection with its limit and deadline, then the dispatcher.
enum ServerChannel {
    static func bind(host: String, port: Int, group: any EventLoopGroup, responder: any ServerResponder,
                     configuration: ServerConfiguration) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try configure(channel.pipeline.syncOperations, responder: responder, configuration: configuration)
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .bind(host: host, port: port)
            .get()
    }

    /// One connection's handlers, in order. Shared by the listening socket and by the HTTP fuzz
    /// target, which feeds bytes through the same pipeline on an in-memory channel.
    static func configure(_ pipeline: ChannelPipeline.SynchronousOperations, responder: any ServerResponder,
                          configuration: ServerConfiguration) throws {
        try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
        try pipeline.addHandler(IdleStateHandler(readTimeout: TimeAmount(configuration.idleTimeout)))
        try pipeline.addHandler(RequestCollector(maxBodyBytes: configuration.limits.maxBodyBytes,
                                                 requestTimeout: TimeAmount(configuration.requestTimeout)))
        try pipeline.addHandler(RequestDispatcher(responder: responder))
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
