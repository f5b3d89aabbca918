import Foundation
import NIOCore
import NIOHTTP1

/// Hands each collected request to the responder off the event loop (recognition and the
/// library run on Swift's concurrency pool) and writes the answer back on the loop. Closes a
/// connection that has been idle (no request in progress) when `IdleStateHandler` says so.
/// A client that goes away cancels its requests in flight: their recognition stops.
final class RequestDispatcher: ChannelInboundHandler, ResponseWriting {
    typealias InboundIn = ServerRequest

    private let responder: any ServerResponder
    /// Requests being answered on this connection (HTTP pipelining answers them in order).
    private var inProgress = 0
    /// Their tasks, by arrival, so that the connection's end cancels them.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0

    init(responder: any ServerResponder) {
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let request = unwrapInboundIn(data)
        let (keepAlive, version) = (request.keepAlive, request.version)
        inProgress += 1
        let responder = self.responder
        let answered = context.eventLoop.makePromise(of: ServerResponse.self)
        // The promise is completed by the answering task itself (it hops to the loop), not by a
        // task that waits for it, which would need the cooperative pool again.
        let task = responder.answering(request) { answered.succeed($0) }
        nextTask += 1
        let key = nextTask
        tasks[key] = task
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        answered.futureResult.whenSuccess { response in
            let (dispatcher, context) = bound.value
            dispatcher.inProgress -= 1
            dispatcher.tasks[key] = nil
            guard context.channel.isActive else { return }
            dispatcher.write(response, version: version, keepAlive: keepAlive && !response.closesConnection, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if inProgress == 0 { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
