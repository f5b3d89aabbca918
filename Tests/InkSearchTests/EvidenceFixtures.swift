import Foundation
import InkRecognition
@testable import InkSearch

/// Network frames built by hand: each step a character (or several with their probabilities),
/// separated by blank frames, as a peaky CTC network writes.
enum EvidenceFixtures {
    static let alphabet = Alphabet(characters: Array(" abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,"))

    /// `steps`: per emitted character, its choices and probabilities (the rest goes to blank).
    static func frames(_ steps: [[(Character, Double)]]) -> CTCFrames {
        let classes = alphabet.classCount
        var rows: [[Double]] = []
        func row(_ choices: [(Int, Double)]) -> [Double] {
            var r = [Double](repeating: 1e-6, count: classes)
            var rest = 1.0 - Double(classes) * 1e-6
            for (c, p) in choices { r[c] += p; rest -= p }
            r[Alphabet.blank] += max(0, rest)
            return r
        }
        rows.append(row([]))
        for step in steps {
            rows.append(row(step.map { (alphabet.classIndex(of: $0.0)!, $0.1) }))
            rows.append(row([]))
        }
        return CTCFrames(probabilities: rows)
    }

    /// Frames spelling `text` with certainty.
    static func frames(spelling text: String) -> CTCFrames {
        frames(text.map { [($0, 0.99)] })
    }

    static func evidence(_ steps: [[(Character, Double)]], before: Character? = nil, after: Character? = nil) -> WordEvidence {
        WordEvidence(posteriors: FramePosteriors(frames(steps), alphabet: alphabet), before: before, after: after)
    }

    static func evidence(spelling text: String) -> WordEvidence {
        WordEvidence(posteriors: FramePosteriors(frames(spelling: text), alphabet: alphabet), before: nil, after: nil)
    }

    static func score(_ query: String, _ evidence: WordEvidence, caseMatching: Bool = false, prefix: Bool = false) -> Float? {
        guard let label = KeywordScorer.Label(Array(query), alphabet: evidence.posteriors.alphabet, caseMatching: caseMatching) else { return nil }
        return KeywordScorer.score(label, evidence, prefix: prefix)
    }
}
