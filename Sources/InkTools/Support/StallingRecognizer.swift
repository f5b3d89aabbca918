import Foundation
import InkIndex

/// Reads lines as `TranscriptRecognizer` does, except that a line whose transcript contains
/// `stallsOn` is never finished: it waits until its task is cancelled, counts that, and throws
/// `CancellationError`. The stand-in for a page that takes far too long, for tests of deadlines
/// and cancellation.
///
/// ```swift
/// let stalling = StallingRecognizer(stallsOn: "hatching")
/// // … a request times out …
/// #expect(stalling.cancellations == 1)
/// ```
public final class StallingRecognizer: LineRecognizing, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelledCount = 0
    public let stallsOn: String
    public var recognitionVersion: Int { 5 }

    public init(stallsOn: String) { self.stallsOn = stallsOn }

    /// How many stalled lines were cancelled.
    public var cancellations: Int { lock.withLock { cancelledCount } }

    public func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let line = try TranscriptRecognizer(recognitionVersion: 5).recognize(strokes, maxCandidates: maxCandidates)
        guard line.best?.text.contains(stallsOn) ?? false else { return line }
        while !Task.isCancelled { usleep(1_000) }
        lock.withLock { cancelledCount += 1 }
        throw CancellationError()
    }
}
