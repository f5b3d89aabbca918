import Foundation

/// A compact copy of a CTC network's per-frame output: for each frame only the few classes that
/// carry almost all the probability, their log-probabilities quantized to 1/8 nat. Search keeps
/// it per word so that a query can be scored against the ink's evidence itself (see
/// `KeywordScorer` in InkSearch), not only against the decoder's few readings.
///
/// Classes not kept share the frame's remaining probability mass.
///
/// ```swift
/// let posteriors = FramePosteriors(frames, alphabet: alphabet)
/// posteriors.frameCount          // frames.frameCount
/// posteriors.entries(ofFrame: 0) // [(class: 0, logProbability: -0.01), ...]
/// let word = posteriors.slice(10..<24)
/// ```
/// Size: about 1 + 2·k bytes a frame, k the classes kept (1–2 on blank frames, up to `maxClasses`).
public struct FramePosteriors: Sendable, Hashable, Codable {
    /// The characters of classes 1..., as in `Alphabet` (class 0 is the blank).
    public var alphabet: String
    /// Per frame: how many (class, log-probability) entries it keeps.
    public var counts: [UInt8]
    /// The kept classes, frame after frame, most probable first.
    public var classes: [UInt8]
    /// -log p of each kept class, in steps of 1/8 nat (255 for p ≤ e^-31.9).
    public var costs: [UInt8]

    public static let quantum: Float = 8

    public init(alphabet: String, counts: [UInt8], classes: [UInt8], costs: [UInt8]) {
        self.alphabet = alphabet
        self.counts = counts
        self.classes = classes
        self.costs = costs
    }

    /// At most this many classes a frame.
    public static let maxClasses = 5
    /// Classes are kept until they hold this share of a frame's mass.
    public static let coverage: Float = 0.995
    /// Classes less probable than this are never kept.
    public static let floor: Float = 1e-4

    /// Keeps per frame the most probable classes until they hold `coverage` of the mass, at most
    /// `maxClasses`, none below `floor`. Classes beyond 255 are dropped.
    public init(_ frames: CTCFrames, alphabet: Alphabet) {
        let maxClasses = Self.maxClasses, coverage = Self.coverage, floor = Self.floor
        self.alphabet = String(alphabet.characters)
        counts = []
        classes = []
        costs = []
        counts.reserveCapacity(frames.frameCount)
        let logFloor = Foundation.log(floor)
        for t in 0..<frames.frameCount {
            let row = frames.logProbabilities[(t * frames.classCount)..<((t + 1) * frames.classCount)]
            let order = row.indices.filter { $0 - t * frames.classCount < 256 && row[$0] >= logFloor }
                .sorted { row[$0] > row[$1] }
            var mass: Float = 0
            var kept = 0
            for index in order.prefix(maxClasses) {
                let value = row[index]
                classes.append(UInt8(index - t * frames.classCount))
                costs.append(Self.quantize(value))
                mass += exp(value)
                kept += 1
                if mass >= coverage { break }
            }
            counts.append(UInt8(kept))
        }
    }

    static func quantize(_ logProbability: Float) -> UInt8 {
        UInt8(min(255, max(0, (-logProbability * quantum).rounded())))
    }

    public var frameCount: Int { counts.count }

    /// The log-probability a kept entry's quantized cost stands for.
    @inline(__always)
    public static func logProbability(ofCost cost: UInt8) -> Float { -Float(cost) / quantum }

    /// `exp(logProbability(ofCost:))` for every cost, so that summing a frame's kept mass (done
    /// per frame of every word a query is scored against) calls no `exp`.
    private static let probabilityOfCost: [Float] = (0...255).map { exp(logProbability(ofCost: UInt8($0))) }

    /// The log-probability of each class the frame whose entries start at `entryOffset` did not
    /// keep: the mass its `kept` entries leave, shared evenly among the other classes, never more
    /// than construction can have left behind (quantization can make the kept mass look smaller
    /// than it was). O(kept).
    public func residualLogProbability(entryOffset: Int, kept: Int, classCount: Int) -> Float {
        var keptMass: Float = 0
        for e in entryOffset..<(entryOffset + kept) { keptMass += Self.probabilityOfCost[Int(costs[e])] }
        let others = Float(max(1, classCount - kept))
        let left = max(1 - keptMass, 1e-6) / others
        // Fewer than maxClasses kept: coverage was reached or the rest fell below the floor.
        let residual = kept < Self.maxClasses ? min(left, (1 - Self.coverage) / others, Self.floor) : left
        return Foundation.log(max(residual, 1e-9))
    }

    /// Bytes held by the frames (not counting the shared alphabet).
    public var byteCount: Int { counts.count + classes.count + costs.count }

    /// The kept (class, log-probability) entries of frame `t`, most probable first. O(t): walk the
    /// frames in order (as `KeywordScorer` does) rather than calling this in a loop.
    public func entries(ofFrame t: Int) -> [(classIndex: Int, logProbability: Float)] {
        let start = offset(ofFrame: t)
        return (start..<(start + Int(counts[t]))).map { (Int(classes[$0]), Self.logProbability(ofCost: costs[$0])) }
    }

    /// The frames in `range` (clamped to the frames held), sharing the alphabet.
    public func slice(_ range: Range<Int>) -> FramePosteriors {
        let lower = max(0, min(range.lowerBound, frameCount)), upper = max(lower, min(range.upperBound, frameCount))
        let from = offset(ofFrame: lower), to = offset(ofFrame: upper)
        return FramePosteriors(alphabet: alphabet, counts: Array(counts[lower..<upper]),
                               classes: Array(classes[from..<to]), costs: Array(costs[from..<to]))
    }

    private func offset(ofFrame t: Int) -> Int {
        var sum = 0
        for k in 0..<t { sum += Int(counts[k]) }
        return sum
    }
}
