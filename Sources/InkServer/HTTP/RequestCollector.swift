import Foundation
import NIOCore
import NIOHTTP1

/// Collects a request's head and body into one `ServerRequest`, refusing bodies past
/// `maxBodyBytes` (413, before the rest is read) and requests that have not wholly arrived
/// `requestTimeout` after they began (408: a slow or stalled client). Malformed HTTP is answered
/// 400. Each refusal closes the connection, since the rest of its bytes cannot be trusted.
final class RequestCollector: ChannelInboundHandler, ResponseWriting {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = ServerRequest

    private enum State {
        case idle
        case collecting(HTTPRequestHead, ByteBuffer)
        /// A refusal was sent; what else arrives is dropped until the connection closes.
        case refused
    }

    private let maxBodyBytes: Int
    private let requestTimeout: TimeAmount
    private var state = State.idle
    private var deadline: Scheduled<Void>?

    init(maxBodyBytes: Int, requestTimeout: TimeAmount) {
        self.maxBodyBytes = maxBodyBytes
        self.requestTimeout = requestTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (_, .refused):
            return
        case (.head(let head), _):
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maxBodyBytes {
                refuse(.payloadTooLarge("the body is \(length) bytes, more than the limit of \(maxBodyBytes)"), version: head.version, context: context)
                return
            }
            state = .collecting(head, context.channel.allocator.buffer(capacity: 0))
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: requestTimeout) {
                let (collector, context) = bound.value
                guard case .collecting(let head, _) = collector.state else { return }
                collector.refuse(.requestTimeout("the request did not arrive whole within the time allowed"), version: head.version, context: context)
            }
        case (.body(var chunk), .collecting(let head, var body)):
            guard body.readableBytes + chunk.readableBytes <= maxBodyBytes else {
                refuse(.payloadTooLarge("the body is more than the limit of \(maxBodyBytes) bytes"), version: head.version, context: context)
                return
            }
            state = .idle  // lets `body` be appended to without a copy
            body.writeBuffer(&chunk)
            state = .collecting(head, body)
        case (.end, .collecting(let head, let body)):
            deadline?.cancel()
            deadline = nil
            state = .idle
            var request = ServerRequest(method: head.method, uri: head.uri, headers: head.headers, body: Data(body.readableBytesView))
            request.keepAlive = head.isKeepAlive
            request.version = head.version
            context.fireChannelRead(wrapInboundOut(request))
        case (.body, .idle), (.end, .idle):
            return
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case .refused = state { return }  // bytes after a refusal are not worth answering
        if error is HTTPParserError {
            refuse(.badRequest("the request is not valid HTTP/1.1 (\(error))"), version: .http1_1, context: context)
        } else {
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func refuse(_ error: APIError, version: HTTPVersion, context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        state = .refused
        write(error.response, version: version, keepAlive: false, lingering: true, context: context)
    }
}
