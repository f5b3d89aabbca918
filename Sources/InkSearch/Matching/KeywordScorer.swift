import Foundation
import InkRecognition

/// Scores a query word against a word's network evidence (CTC keyword spotting): the log
/// probability, summed over every CTC alignment, that the word's frames say the query, minus the
/// log probability of the frames' best path. 0 means the query is as likely as the best reading;
/// each misread character costs what the network thought of it at its frames.
///
/// The characters on either side of the word (its first and last frames belong to them) are
/// optional labels around the query, so the word's span need not be exact. As a prefix, the
/// frames after the query are free (scored as their best path).
///
/// ```swift
/// let label = KeywordScorer.Label(Array("about"), alphabet: evidence.posteriors.alphabet, caseMatching: false)!
/// KeywordScorer.score(label, evidence, prefix: false)   // e.g. -1.3: about exp(-1.3) as likely as the best reading
/// ```
/// Complexity: O(frames · query length) per word, no allocation beyond a few small arrays.
public enum KeywordScorer {
    /// A query word as class sets of one alphabet (both cases unless `caseMatching`).
    public struct Label: Sendable {
        public let alphabet: String
        let sets: [[Int]]
        let classOf: [Character: Int]
        let classCount: Int

        /// nil where the alphabet cannot write a character of the query, or the query is empty.
        public init?(_ characters: [Character], alphabet: String, caseMatching: Bool) {
            var classOf: [Character: Int] = [:]
            for (k, c) in alphabet.enumerated() where classOf[c] == nil { classOf[c] = k + 1 }
            var sets: [[Int]] = []
            for c in characters {
                var forms: [Character] = [c]
                if !caseMatching {
                    for variant in [Character(c.lowercased()), Character(c.uppercased())] where c.lowercased().count == 1 && c.uppercased().count == 1 && !forms.contains(variant) {
                        forms.append(variant)
                    }
                }
                let classes = forms.compactMap { classOf[$0] }
                guard !classes.isEmpty else { return nil }
                sets.append(classes)
            }
            guard !sets.isEmpty else { return nil }
            self.alphabet = alphabet
            self.sets = sets
            self.classOf = classOf
            self.classCount = alphabet.count + 1
        }
    }

    /// log P(query | frames) − log P(best path), or nil where no alignment fits the frames.
    /// - Parameter cutoff: where the running log-ratio falls this far below it (with a margin for
    ///   paths that recover), the word is given up: nil.
    public static func score(_ label: Label, _ evidence: WordEvidence, prefix: Bool, cutoff: Float = -.infinity) -> Float? {
        let posteriors = evidence.posteriors
        guard posteriors.alphabet == label.alphabet, posteriors.frameCount > 0 else { return nil }
        // Slots: optional character before, the query, optional character after (not for a
        // prefix); each at most two classes (the query's cases).
        var first: [Int] = [], second: [Int] = [], optional: [Bool] = []
        func add(_ classes: [Int], _ isOptional: Bool) {
            first.append(classes[0]); second.append(classes.count > 1 ? classes[1] : -1); optional.append(isOptional)
        }
        if let c = evidence.before, let k = label.classOf[c] { add([k], true) }
        for set in label.sets { add(set, false) }
        if !prefix, let c = evidence.after, let k = label.classOf[c] { add([k], true) }
        let n = first.count, states = 2 * n + 1
        func disjoint(_ a: Int, _ b: Int) -> Bool {
            first[a] != first[b] && first[a] != second[b] && (second[a] < 0 || (second[a] != first[b] && second[a] != second[b]))
        }
        // Predecessors, up to 5 a state (state 0: first blank; slot i: label 2i+1, blank 2i+2).
        var predecessors = [Int](repeating: -1, count: states * 5)
        predecessors[0] = 0
        for i in 0..<n {
            var p = [2 * i + 1, 2 * i]
            if i > 0, disjoint(i - 1, i) { p.append(2 * i - 1) }
            if i > 0, optional[i - 1] {
                p.append(2 * i - 2)
                if i > 1, disjoint(i - 2, i) { p.append(2 * i - 3) }
            }
            for (k, q) in p.enumerated() { predecessors[(2 * i + 1) * 5 + k] = q }
            predecessors[(2 * i + 2) * 5] = 2 * i + 2
            predecessors[(2 * i + 2) * 5 + 1] = 2 * i + 1
        }
        var ends = [2 * n - 1, 2 * n]
        if optional[n - 1], n > 1 { ends += [2 * n - 3, 2 * n - 2] }

        var alpha = [Float](repeating: -.infinity, count: states)
        var next = alpha
        var emission = [Float](repeating: 0, count: n)
        var cumulativeBest: Float = 0
        var bestPrefix: Float = -.infinity
        var offset = 0
        let classes = posteriors.classes, costs = posteriors.costs, counts = posteriors.counts
        let giveUp = cutoff - 3
        for t in 0..<posteriors.frameCount {
            let kept = Int(counts[t])
            let floor = posteriors.residualLogProbability(entryOffset: offset, kept: kept, classCount: label.classCount)
            @inline(__always) func logProbability(_ c: Int) -> Float {
                for e in offset..<(offset + kept) where Int(classes[e]) == c { return FramePosteriors.logProbability(ofCost: costs[e]) }
                return floor
            }
            let blank = logProbability(0)
            for i in 0..<n {
                emission[i] = second[i] < 0 ? logProbability(first[i]) : logAdd(logProbability(first[i]), logProbability(second[i]))
            }
            cumulativeBest += kept > 0 ? max(FramePosteriors.logProbability(ofCost: costs[offset]), floor) : floor
            offset += kept
            var top: Float = -.infinity
            if t == 0 {
                alpha[0] = blank
                alpha[1] = emission[0]
                if optional[0], n > 1 { alpha[3] = emission[1] }
                top = max(blank, emission[0])
            } else {
                for s in 0..<states {
                    var sum: Float = -.infinity
                    for k in 0..<5 {
                        let q = predecessors[s * 5 + k]
                        if q < 0 { break }
                        sum = logAdd(sum, alpha[q])
                    }
                    let value = sum + (s % 2 == 0 ? blank : emission[(s - 1) / 2])
                    next[s] = value
                    top = max(top, value)
                }
                swap(&alpha, &next)
            }
            if prefix {
                bestPrefix = max(bestPrefix, logAdd(alpha[2 * n - 1], alpha[2 * n]) - cumulativeBest)
            }
            if !prefix || bestPrefix < giveUp, top - cumulativeBest < giveUp { return nil }
        }
        let result = prefix ? bestPrefix : ends.reduce(-Float.infinity) { logAdd($0, alpha[$1]) } - cumulativeBest
        return result.isFinite && result >= giveUp ? result : nil
    }

    @inline(__always)
    static func logAdd(_ a: Float, _ b: Float) -> Float {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return max(a, b) + log1p(exp(-abs(a - b)))
    }
}
