import NIOCore
import NIOHTTP1
import NIOPosix

/// The listening socket and each connection's pipeline: HTTP/1.1 parsing (with pipelining),
/// the idle timeout, body collection with its limit and deadline, then the dispatcher.
enum ServerChannel {
    static func bind(host: String, port: Int, group: any EventLoopGroup, responder: any ServerResponder,
                     configuration: ServerConfiguration) async throws -> any Channel {
        let maxBodyBytes = configuration.limits.maxBodyBytes
        let requestTimeout = TimeAmount(configuration.requestTimeout)
        let idleTimeout = TimeAmount(configuration.idleTimeout)
        return try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
                    try pipeline.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                    try pipeline.addHandler(RequestCollector(maxBodyBytes: maxBodyBytes, requestTimeout: requestTimeout))
                    try pipeline.addHandler(RequestDispatcher(responder: responder))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .bind(host: host, port: port)
            .get()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
