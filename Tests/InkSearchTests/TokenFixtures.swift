import Foundation
import InkRecognition
@testable import InkSearch

/// Tokens built from text, for search tests that need no ink.
enum TokenFixtures {
    /// One token per word of each line; `alternatives[word]` adds readings (probability split).
    static func tokens(_ lines: [String], alternatives: [String: [String]] = [:]) -> [WordToken] {
        var result: [WordToken] = []
        for (lineIndex, line) in lines.enumerated() {
            for (position, word) in line.split(separator: " ").enumerated() {
                let word = String(word)
                let alts = alternatives[word] ?? []
                let pBest = alts.isEmpty ? 1 : 0.7
                var readings = [WordReading(text: word, probability: pBest)]
                for alt in alts { readings.append(WordReading(text: alt, probability: 0.3 / Double(alts.count))) }
                let id = UUID(deterministicFrom: "\(lineIndex)/\(position)/\(word)")
                let bounds = CGRect(x: Double(position) * 100, y: Double(lineIndex) * 50, width: 80, height: 40)
                result.append(WordToken(strokeIDs: [id], bounds: bounds, line: lineIndex, position: position, readings: readings))
            }
        }
        return result
    }

    static func index(_ lines: [String], alternatives: [String: [String]] = [:]) -> SearchIndex<Int> {
        var index = SearchIndex<Int>()
        index.add(tokens(lines, alternatives: alternatives), to: 0)
        return index
    }

    /// One document per line.
    static func lineIndex(_ lines: [String]) -> SearchIndex<Int> {
        var index = SearchIndex<Int>()
        for (k, line) in lines.enumerated() { index.add(tokens([line]), to: k) }
        return index
    }
}
