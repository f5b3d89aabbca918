import Foundation
import InkIndex
import InkCore
import InkRecognition
import InkSearch
import InkSynthesis

/// Simulates a recognizer's N-best output from a known transcription, for tuning search before
/// (or besides) the real model: each candidate is the text with characters confused at a given
/// rate, mostly along the confusion classes, sometimes by any letter, a loss or an extra letter.
/// A re-read word is right with probability `truthRate`. Deterministic per seed.
///
/// ```swift
/// let reader = NoisyReader(characterErrorRate: 0.08)
/// let recognition = reader.recognition(of: "A MOVE to stop Mr . Gaitskell", seed: "a01-000u-01")
/// ```
public struct NoisyReader: Sendable {
    public var characterErrorRate: Double
    public var candidates: Int
    public var truthRate: Double

    public init(characterErrorRate: Double = 0.08, candidates: Int = 6, truthRate: Double = 0.5) {
        self.characterErrorRate = characterErrorRate
        self.candidates = candidates
        self.truthRate = truthRate
    }

    /// Look-alike substitutions a recognizer makes (both ways).
    static let lookalikes: [(String, String)] = [
        ("a", "o"), ("a", "u"), ("e", "c"), ("e", "o"), ("n", "u"), ("n", "h"), ("r", "v"), ("l", "1"), ("l", "I"),
        ("i", "l"), ("o", "0"), ("s", "5"), ("m", "rn"), ("d", "cl"), ("w", "vv"), ("u", "v"), ("g", "q"), ("h", "k"),
        ("t", "f"), ("y", "g"), ("b", "h"), ("m", "n"), ("S", "5"), ("O", "0"), ("B", "8"), ("Z", "2"),
    ]

    public func recognition(of text: String, strokeIDs: [UUID] = [], seed: String) -> LineRecognition {
        var rng = SeededRandom(seed: UUID(deterministicFrom: seed).uuidString.hashValueStable)
        // N-best lists of a real decoder are correlated: a word misread in the best reading is
        // usually misread the same way in the others. So: one base reading, and candidates that
        // each re-read a few words independently (sometimes rightly).
        let words = text.split(separator: " ").map(String.init)
        let base = words.map { corrupt($0, &rng).0 }
        var readings: [(String, Double)] = []
        for k in 0..<candidates {
            var changed = 0
            let reading = words.indices.map { i -> String in
                guard k > 0, rng.unit() < 0.15 else { return base[i] }
                changed += 1
                return rng.unit() < truthRate ? words[i] : corrupt(words[i], &rng).0
            }
            readings.append((reading.joined(separator: " "), -Double(changed) * 0.8 - rng.unit() * 0.5))
        }
        readings.sort { $0.1 > $1.1 }
        var seen = Set<String>()
        let unique = readings.filter { seen.insert($0.0).inserted }
        return LineRecognition(strokeIDs: strokeIDs, candidates: unique.map { RecognitionCandidate(text: $0.0, logProbability: $0.1) })
    }

    private func corrupt(_ text: String, _ rng: inout SeededRandom) -> (String, Int) {
        var out = ""
        var errors = 0
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            guard c != " ", rng.unit() < characterErrorRate else { out.append(c); i += 1; continue }
            errors += 1
            let roll = rng.unit()
            if roll < 0.6 {
                let s = String(c)
                let options = Self.lookalikes.compactMap { $0.0 == s ? $0.1 : $0.1 == s ? $0.0 : nil }
                if let pick = options.isEmpty ? nil : options[Int(rng.unit() * Double(options.count)) % options.count] {
                    out += pick
                } else {
                    out.append(Character(UnicodeScalar(UInt8(97 + Int(rng.unit() * 26) % 26))))
                }
            } else if roll < 0.8 {
                out.append(Character(UnicodeScalar(UInt8(97 + Int(rng.unit() * 26) % 26))))
            } else if roll < 0.92 {
                // lost
            } else {
                out.append(c)
                out.append(Character(UnicodeScalar(UInt8(97 + Int(rng.unit() * 26) % 26))))
            }
            i += 1
        }
        return (out, errors)
    }
}

extension String {
    /// FNV-1a over UTF-8: stable across runs, unlike `hashValue`.
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash ^= UInt64(byte); hash &*= 0x100_0000_01b3 }
        return hash
    }
}
