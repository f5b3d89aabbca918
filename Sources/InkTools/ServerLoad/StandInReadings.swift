import Foundation
import InkIndex
import InkSynthesis

/// What a recognizer would have read in a line whose transcription is known, without running
/// it: each word reads as itself (probability 0.55–0.95) and as a fixed look-alike misreading,
/// its strokes taken left to right in proportion to its letters. The same stand-in as
/// `inkindex library-bench`, so that a library of 10,000 notes is built in seconds, not hours.
enum StandInReadings {
    private static let lookAlikes: [Character: Character] = [
        "a": "o", "e": "c", "n": "u", "m": "n", "l": "1", "i": "l", "t": "f", "h": "b", "r": "v",
        "s": "5", "g": "q", "o": "a", "u": "n", "d": "a", "c": "e", "b": "h", "f": "t", "v": "r", "w": "u",
    ]

    static func words(of text: String, strokes: [Stroke], seed: UInt64) -> [WordToken] {
        let words = text.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let ordered = strokes.filter { !$0.renderBounds.isNull }.sorted { $0.renderBounds.minX < $1.renderBounds.minX }
        let letters = Double(words.reduce(0) { $0 + $1.count })
        var random = SeededRandom(seed: seed)
        var tokens: [WordToken] = []
        var taken = 0, lettersSoFar = 0
        for (position, word) in words.enumerated() {
            lettersSoFar += word.count
            let end = position == words.count - 1 ? ordered.count : Int((Double(lettersSoFar) / letters * Double(ordered.count)).rounded())
            let mine = Array(ordered[min(taken, ordered.count)..<max(min(end, ordered.count), min(taken, ordered.count))])
            taken = max(taken, end)
            let bounds = mine.reduce(CGRect.null) { $0.union($1.renderBounds) }
            let best = 0.55 + 0.4 * random.unit()
            var readings = [WordReading(text: word, probability: best)]
            if let misread = misreading(of: word) { readings.append(WordReading(text: misread, probability: 1 - best)) }
            tokens.append(WordToken(strokeIDs: mine.map(\.id), bounds: bounds, line: 0, position: position, readings: readings))
        }
        return tokens
    }

    /// One look-alike letter swapped, at a place fixed by the word (a recognizer misreads the
    /// same word the same way).
    static func misreading(of word: String) -> String? {
        var letters = Array(word)
        guard letters.count >= 2 else { return nil }
        var hash: UInt64 = 1_469_598_103_934_665_603
        for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let at = Int(hash % UInt64(letters.count))
        guard let swap = lookAlikes[Character(letters[at].lowercased())] else { return nil }
        letters[at] = swap
        return String(letters)
    }
}
