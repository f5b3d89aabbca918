import Foundation
import InkRecognition

/// The prefilter in front of `KeywordScorer`: per word with evidence, for each letter and digit
/// the least a frame pays to emit it instead of its best class (quantized, 1/8 nat). Every
/// character of a query must be emitted at some frame of its own, so the sum of its characters'
/// costs bounds how far below the best path the query scores: words over the limit are skipped
/// without running the CTC forward pass.
///
/// ```swift
/// var evidence = EvidenceIndex()
/// evidence.add(word, slot: 0, token: 3)
/// evidence.candidates(symbols: EvidenceIndex.symbols(of: "about")!, maxCost: 6) { _ in true }
/// ```
/// Size: 36 + 10 bytes a word. A query scans all words: O(words · query length), about 1 ns a step.
struct EvidenceIndex: Sendable {
    static let symbolCount = 36

    private(set) var slots: [Int32] = []
    private(set) var tokens: [Int32] = []
    private var frameCounts: [UInt16] = []
    private var costs: [UInt8] = []

    var count: Int { slots.count }

    /// Letters a–z (either case) as 0–25, digits as 26–35.
    static func symbol(_ c: Character) -> Int? {
        guard let ascii = c.asciiValue else { return nil }
        switch ascii {
        case 97...122: return Int(ascii - 97)
        case 65...90: return Int(ascii - 65)
        case 48...57: return Int(ascii - 48) + 26
        default: return nil
        }
    }

    /// The symbols of a query word, or nil where it has a character outside a–z, 0–9.
    static func symbols(of word: String) -> [Int]? {
        var result: [Int] = []
        for c in word { guard let s = symbol(c) else { return nil }; result.append(s) }
        return result
    }

    mutating func add(_ evidence: WordEvidence, slot: Int32, token: Int32) {
        let posteriors = evidence.posteriors
        let symbolOfClass = [nil] + posteriors.alphabet.map(Self.symbol)
        var table = [Float](repeating: .infinity, count: Self.symbolCount)
        var offset = 0
        let classCount = symbolOfClass.count
        for t in 0..<posteriors.frameCount {
            let kept = Int(posteriors.counts[t])
            var frame = [Float](repeating: .infinity, count: Self.symbolCount)
            let best = kept > 0 ? -FramePosteriors.logProbability(ofCost: posteriors.costs[offset]) : 0
            let floor = -posteriors.residualLogProbability(entryOffset: offset, kept: kept, classCount: classCount)
            for s in 0..<Self.symbolCount { frame[s] = max(0, floor - best) }
            for e in offset..<(offset + kept) {
                let c = Int(posteriors.classes[e])
                guard c < classCount, let s = symbolOfClass[c] else { continue }
                frame[s] = min(frame[s], max(0, -FramePosteriors.logProbability(ofCost: posteriors.costs[e]) - best))
            }
            for s in 0..<Self.symbolCount { table[s] = min(table[s], frame[s]) }
            offset += kept
        }
        slots.append(slot)
        tokens.append(token)
        frameCounts.append(UInt16(clamping: posteriors.frameCount))
        costs.append(contentsOf: table.map { UInt8(min(255, ($0 * FramePosteriors.quantum).rounded(.down))) })
    }

    /// The bound (≤ 0, nats) on how far below its best path row `row` can say `symbols`.
    func bound(row: Int, symbols: [Int]) -> Float {
        if Int(frameCounts[row]) < symbols.count { return -.infinity }
        var sum = 0
        for s in symbols { sum += Int(costs[row * Self.symbolCount + s]) }
        return -Float(sum) / FramePosteriors.quantum
    }

    /// Words whose bound for `symbols` is within `maxCost` nats, with enough frames for them.
    func candidates(symbols: [Int], maxCost: Float, isLive: (Int32) -> Bool) -> [(slot: Int32, token: Int32)] {
        let limit = Int(maxCost * FramePosteriors.quantum)
        var result: [(slot: Int32, token: Int32)] = []
        costs.withUnsafeBufferPointer { table in
            for w in 0..<slots.count where Int(frameCounts[w]) >= symbols.count {
                let base = w * Self.symbolCount
                var sum = 0
                for s in symbols {
                    sum += Int(table[base + s])
                    if sum > limit { break }
                }
                if sum <= limit, isLive(slots[w]) { result.append((slots[w], tokens[w])) }
            }
        }
        return result
    }
}
