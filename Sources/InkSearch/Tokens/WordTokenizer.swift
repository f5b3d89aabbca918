import Foundation
import InkCore
import InkRecognition

/// Splits a line's N-best readings into `WordToken`s.
///
/// Words of the best reading define the tokens (split at spaces, and at hyphens, dashes and
/// slashes next to a letter: `TextNormalizer.separatesWords`). Each word's strokes come from the candidate's
/// `characterStrokeIDs`; where those are missing, strokes are shared out in proportion to the
/// characters, left to right by x. Words of the other candidates are aligned to the best
/// candidate's words by stroke overlap, so each token gathers every reading of its ink whose line
/// candidate scores within `logProbabilityMargin` of the best. The line's `alternates` (the ink
/// read again narrower or wider: `VariantReadingRecognizer`) add their words the same way, each
/// reading of the ink with an equal share of probability. A reading with a possessive or
/// contracted ending is followed by its stem (`CliticEndings`), so "world" finds "world's".
///
/// ```swift
/// let tokenizer = WordTokenizer()
/// let tokens = tokenizer.tokens(for: recognition, line: 0, strokeBounds: boundsByID)
/// tokens.map(\.best)   // ["Jn", "3:16"]
/// ```
/// Complexity: O(candidates · words · strokes) per line, candidates of its alternates included.
public struct WordTokenizer: Sendable {
    /// Candidates whose log-probability is more than this below the best are ignored.
    public var logProbabilityMargin: Double

    public init(logProbabilityMargin: Double = 6) {
        self.logProbabilityMargin = logProbabilityMargin
    }

    /// Each reading with a possessive or contracted ending followed by its stem at the same
    /// probability ("world's", then "world"), unless the stem is read already.
    static func withStems(_ readings: [WordReading]) -> [WordReading] {
        guard readings.contains(where: { CliticEndings.stem(of: $0.text) != nil }) else { return readings }
        var seen = Set(readings.map(\.text))
        var out: [WordReading] = []
        for reading in readings {
            out.append(reading)
            if let stem = CliticEndings.stem(of: reading.text), seen.insert(stem).inserted {
                out.append(WordReading(text: stem, probability: reading.probability))
            }
        }
        return out
    }

    /// Tokens of one recognized line.
    /// - Parameters:
    ///   - recognition: the line's readings, best first.
    ///   - line: the line's index on the page.
    ///   - strokeBounds: bounds of the line's strokes in drawing coordinates (strokes missing here
    ///     get no bounds and are shared out as if they were at the end of the line).
    public func tokens(for recognition: LineRecognition, line: Int, strokeBounds: [UUID: CGRect]) -> [WordToken] {
        guard let best = recognition.candidates.first else { return [] }
        let order = strokesByX(recognition.strokeIDs, strokeBounds)
        let weights = candidateWeights(recognition)
        let bestWords = words(of: best, strokesByX: order)
        guard !bestWords.isEmpty else { return [] }
        var readings: [[String: Double]] = Array(repeating: [:], count: bestWords.count)
        var spelled: [[String]] = Array(repeating: [], count: bestWords.count)
        // Each reading of the ink (the line's own, then its alternates) has an equal share: a
        // word every reading agrees on keeps its probability, one only an alternate read gets a
        // share of it.
        let share = 1 / Double(1 + recognition.alternates.count)
        func add(_ text: String, _ weight: Double, to slot: Int) {
            if readings[slot][text] == nil { spelled[slot].append(text) }
            readings[slot][text, default: 0] += weight * share
        }
        for (index, candidate) in recognition.candidates.enumerated() {
            guard let weight = weights[index] else { continue }
            if index == 0 {
                // The best reading's words are the tokens: a stroke shared by two of them (a
                // cursive join across a space) must not pull one into the other.
                for (slot, word) in bestWords.enumerated() { add(word.text, weight, to: slot) }
            } else {
                for (slot, text) in aligned(self.words(of: candidate, strokesByX: order), to: bestWords) { add(text, weight, to: slot) }
            }
        }
        for alternate in recognition.alternates {
            let alternateWeights = candidateWeights(alternate)
            for (index, candidate) in alternate.candidates.enumerated() {
                guard let weight = alternateWeights[index] else { continue }
                for (slot, text) in aligned(self.words(of: candidate, strokesByX: order), to: bestWords) { add(text, weight, to: slot) }
            }
        }
        return bestWords.enumerated().map { position, word in
            let list = Self.withStems(spelled[position]
                .map { WordReading(text: $0, probability: min(1, readings[position][$0]!)) }
                .sorted { $0.probability > $1.probability })
            let bounds = word.strokeIDs.reduce(CGRect.null) { $0.union(strokeBounds[$1] ?? .null) }
            return WordToken(strokeIDs: word.strokeIDs, bounds: bounds, line: line, position: position, readings: list,
                             evidence: evidence(of: word, in: best, posteriors: recognition.posteriors))
        }
    }

    /// The word's frames: from the frame of the character before its letters (or the line's
    /// start) to that of the character after them (or the line's end).
    func evidence(of word: Word, in candidate: RecognitionCandidate, posteriors: FramePosteriors?) -> WordEvidence? {
        let characters = Array(candidate.text)
        guard let posteriors, let frames = candidate.characterFrames, frames.count == characters.count else { return nil }
        var lower = word.range.lowerBound, upper = word.range.upperBound
        while lower < upper, !(characters[lower].isLetter || characters[lower].isNumber) { lower += 1 }
        while upper > lower, !(characters[upper - 1].isLetter || characters[upper - 1].isNumber) { upper -= 1 }
        guard lower < upper else { return nil }
        let first = lower > 0 ? frames[lower - 1] : 0
        let last = upper < frames.count ? frames[upper] : posteriors.frameCount - 1
        guard first <= last else { return nil }
        return WordEvidence(posteriors: posteriors.slice(first..<(last + 1)),
                            before: lower > 0 ? characters[lower - 1] : nil,
                            after: upper < characters.count ? characters[upper] : nil)
    }

    struct Word {
        var text: String
        var strokeIDs: [UUID]
        /// The word's characters within the candidate's text.
        var range: Range<Int>
        /// Centre of the word in characters, as a share of the candidate's length (0...1).
        var center: Double
    }

    /// Each candidate's share (`LineRecognition.candidateShares`); nil for those outside the margin.
    private func candidateWeights(_ recognition: LineRecognition) -> [Double?] {
        let top = recognition.candidates.map(\.logProbability).max() ?? 0
        return zip(recognition.candidates, recognition.candidateShares).enumerated().map { index, pair in
            top - pair.0.logProbability <= logProbabilityMargin || index == 0 ? pair.1 : nil
        }
    }

    private func strokesByX(_ ids: [UUID], _ bounds: [UUID: CGRect]) -> [UUID] {
        ids.enumerated().sorted { lhs, rhs in
            let l = bounds[lhs.element].map { $0.isNull ? .infinity : $0.midX } ?? .infinity
            let r = bounds[rhs.element].map { $0.isNull ? .infinity : $0.midX } ?? .infinity
            return l == r ? lhs.offset < rhs.offset : l < r
        }.map(\.element)
    }

    /// Words of a candidate with their strokes.
    func words(of candidate: RecognitionCandidate, strokesByX: [UUID]) -> [Word] {
        let characters = Array(candidate.text)
        let aligned = candidate.characterStrokeIDs.count == characters.count
        let total = max(characters.count, 1)
        var result: [Word] = []
        var start = 0
        func flush(_ end: Int) {
            guard end > start else { return }
            var ids: [UUID] = []
            var seen = Set<UUID>()
            if aligned {
                for k in start..<end { for id in candidate.characterStrokeIDs[k] where seen.insert(id).inserted { ids.append(id) } }
            }
            if ids.isEmpty, !strokesByX.isEmpty {
                // No alignment: the strokes whose rank by x falls within the word's share of characters.
                let from = Int((Double(start) / Double(total) * Double(strokesByX.count)).rounded())
                let to = max(from + 1, Int((Double(end) / Double(total) * Double(strokesByX.count)).rounded()))
                ids = Array(strokesByX[min(from, strokesByX.count - 1)..<min(to, strokesByX.count)])
            }
            result.append(Word(text: String(characters[start..<end]), strokeIDs: ids, range: start..<end,
                               center: (Double(start) + Double(end)) / 2 / Double(total)))
        }
        for k in characters.indices where TextNormalizer.separatesWords(characters, at: k) {
            flush(k)
            start = k + 1
        }
        flush(characters.count)
        return result
    }

    /// Another reading's words gathered by the best-candidate word each aligns to (`alignedIndex`):
    /// words that fall on one best word are joined ("some" "thing" → "something").
    private func aligned(_ words: [Word], to bestWords: [Word]) -> [(slot: Int, text: String)] {
        var assigned: [[String]] = Array(repeating: [], count: bestWords.count)
        for word in words { assigned[alignedIndex(of: word, to: bestWords)].append(word.text) }
        return assigned.enumerated().compactMap { slot, parts in parts.isEmpty ? nil : (slot, parts.joined()) }
    }

    /// The best-candidate word a word overlaps most by strokes, the nearest by position among
    /// equal overlaps (a stroke joining two words overlaps both); by position where none overlaps.
    private func alignedIndex(of word: Word, to bestWords: [Word]) -> Int {
        let ids = Set(word.strokeIDs)
        var bestIndex = 0, bestOverlap = 0
        for (index, target) in bestWords.enumerated() {
            let overlap = target.strokeIDs.reduce(0) { $0 + (ids.contains($1) ? 1 : 0) }
            let nearer = abs(target.center - word.center) < abs(bestWords[bestIndex].center - word.center)
            if overlap > bestOverlap || (overlap == bestOverlap && nearer) { bestOverlap = overlap; bestIndex = index }
        }
        return bestIndex
    }
}
