import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM (or other signals) without the default action (terminating the
/// process), so that the server can shut down in order.
enum TerminationSignals {
    /// Suspends until one of `signals` arrives; returns it.
    static func wait(for signals: [Int32]) async -> Int32 {
        let once = ResumeOnce()
        return await withCheckedContinuation { continuation in
            once.continuation = continuation
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.resume(number) }
                source.resume()
                once.sources.append(source)
            }
        }
    }

    private final class ResumeOnce: @unchecked Sendable {
        let lock = NSLock()
        var continuation: CheckedContinuation<Int32, Never>?
        var sources: [any DispatchSourceSignal] = []

        func resume(_ number: Int32) {
            let pending: CheckedContinuation<Int32, Never>? = lock.withLock {
                defer { continuation = nil }
                return continuation
            }
            pending?.resume(returning: number)
        }
    }
}
