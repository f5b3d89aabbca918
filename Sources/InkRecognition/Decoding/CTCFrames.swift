/// The output of a CTC network for one line: for each frame, the natural-log probability of every
/// class (class 0 is the blank; see `Alphabet`). Stored row-major, `frameCount × classCount`.
///
/// ```swift
/// let frames = CTCFrames(logProbabilities: [log(0.9), log(0.1)], frameCount: 1, classCount: 2)
/// frames[0, 1] // log(0.1)
/// ```
public struct CTCFrames: Sendable {
    /// Row-major log-softmax values: frame `t`, class `k` is at `t * classCount + k`.
    public var logProbabilities: [Float]
    public var frameCount: Int
    public var classCount: Int

    /// - Precondition: `logProbabilities.count == frameCount * classCount`; violating it is a
    ///   programming error in the network code, so it traps rather than throws.
    public init(logProbabilities: [Float], frameCount: Int, classCount: Int) {
        precondition(frameCount >= 0 && classCount >= 1 && logProbabilities.count == frameCount * classCount,
                     "CTCFrames: \(logProbabilities.count) values do not fill \(frameCount) × \(classCount)")
        self.logProbabilities = logProbabilities
        self.frameCount = frameCount
        self.classCount = classCount
    }

    /// Builds frames from probabilities (each row is taken as is, then logged), handy in tests.
    public init(probabilities rows: [[Double]]) {
        let classCount = rows.first?.count ?? 1
        self.init(logProbabilities: rows.flatMap { $0.map { Float(Foundation.log($0)) } },
                  frameCount: rows.count, classCount: classCount)
    }

    public subscript(frame: Int, classIndex: Int) -> Float {
        logProbabilities[frame * classCount + classIndex]
    }
}

import Foundation
