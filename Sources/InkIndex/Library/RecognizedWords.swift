import Foundation

/// Splits a line's recognition into words with their strokes, bounds and readings.
///
/// INTERIM until InkSearch's `WordToken` lands: words come from the best candidate; other
/// candidates' words join the word whose strokes they share most (or the word at the same
/// position when no alignment was computed).
enum RecognizedWords {
    /// Readings below this fraction of the best reading's probability are dropped.
    static let probabilityMargin = 0.02

    static func words(of recognition: LineRecognition, line: Int, strokes: [UUID: Stroke]) -> [IndexedWord] {
        guard let best = recognition.best else { return [] }
        let probabilities = softmax(recognition.candidates.map(\.logProbability))
        let bestWords = split(best, fallbackStrokes: recognition.strokeIDs)
        guard !bestWords.isEmpty else { return [] }
        var readings: [[String: Double]] = Array(repeating: [:], count: bestWords.count)
        for (candidate, probability) in zip(recognition.candidates, probabilities) {
            let words = split(candidate, fallbackStrokes: recognition.strokeIDs)
            for (index, word) in words.enumerated() {
                guard let target = align(word, index: index, count: words.count, to: bestWords) else { continue }
                readings[target][word.text, default: 0] += probability
            }
        }
        return bestWords.enumerated().compactMap { index, word in
            let ranked = readings[index].sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let top = ranked.first?.value ?? 0
            let kept = ranked.filter { $0.value >= top * probabilityMargin }
                .map { IndexedWord.Reading(text: $0.key, probability: min(1, $0.value)) }
            let bounds = word.strokeIDs.reduce(CGRect.null) { $0.union(strokes[$1]?.renderBounds ?? .null) }
            return IndexedWord(line: line, position: index, strokeIDs: word.strokeIDs, bounds: bounds, readings: kept)
        }
    }

    private struct Word {
        var text: String
        var strokeIDs: [UUID]
        /// Whether `strokeIDs` came from a character alignment (not the whole line).
        var aligned: Bool
    }

    private static func split(_ candidate: RecognitionCandidate, fallbackStrokes: [UUID]) -> [Word] {
        let characters = Array(candidate.text)
        let aligned = candidate.characterStrokeIDs.count == characters.count
        var words: [Word] = []
        var text = "", ids: [UUID] = [], seen = Set<UUID>()
        func close() {
            if !text.isEmpty { words.append(Word(text: text, strokeIDs: aligned ? ids : fallbackStrokes, aligned: aligned)) }
            text = ""; ids = []; seen = []
        }
        for (i, ch) in characters.enumerated() {
            if ch.isWhitespace { close(); continue }
            text.append(ch)
            if aligned { for id in candidate.characterStrokeIDs[i] where seen.insert(id).inserted { ids.append(id) } }
        }
        close()
        return words
    }

    private static func align(_ word: Word, index: Int, count: Int, to bestWords: [Word]) -> Int? {
        if word.aligned, bestWords.allSatisfy(\.aligned) {
            let ids = Set(word.strokeIDs)
            let overlaps = bestWords.map { $0.strokeIDs.filter(ids.contains).count }
            if let most = overlaps.max(), most > 0 { return overlaps.firstIndex(of: most) }
        }
        return count == bestWords.count ? index : nil
    }

    static func softmax(_ logs: [Double]) -> [Double] {
        guard let top = logs.max() else { return [] }
        let exps = logs.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }
}
