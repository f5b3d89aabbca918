import Foundation
import NIOCore
import NIOHTTP1

/// Writes a whole response on the channel: head (with its length), body, end; closes the
/// connection afterwards unless it is kept alive.
protocol ResponseWriting: ChannelHandler {}

extension ResponseWriting {
    /// - Parameter lingering: for a refusal sent while the client may still be sending (a body
    ///   past the limit): only our side is closed at first, and what still arrives is read and
    ///   dropped for a moment, so that the client reads the answer rather than a connection reset.
    func write(_ response: ServerResponse, version: HTTPVersion, keepAlive: Bool, lingering: Bool = false, context: ChannelHandlerContext) {
        var head = HTTPResponseHead(version: version, status: response.status, headers: response.headers)
        head.headers.replaceOrAdd(name: "content-length", value: String(response.body.count))
        head.headers.replaceOrAdd(name: "connection", value: keepAlive ? "keep-alive" : "close")
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if !response.body.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: response.body)
            context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: written)
        guard !keepAlive else { return }
        let channel = context.channel
        written.futureResult.whenComplete { _ in
            guard lingering else { return channel.close(promise: nil) }
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
    }
}
