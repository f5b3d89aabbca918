import Foundation
import InkIndex

/// The server's recognizer reading other languages, for `POST /api/recognize?languages=es,en`:
/// one per list of languages, made once (a merged word prior is the cost) and kept, at most
/// `capacity` lists. A recognizer that cannot switch languages reads with its own.
final class LanguageRecognizers: @unchecked Sendable {
    private let base: any LineRecognizing
    private let capacity: Int
    private let lock = NSLock()
    // Guarded by lock.
    private var made: [[RecognitionLanguage]: any LineRecognizing] = [:]

    init(base: any LineRecognizing, capacity: Int = 16) {
        self.base = base
        self.capacity = capacity
    }

    /// The languages a recognizer of the server can read (its alphabet's); the base's own where
    /// it cannot switch.
    var supported: [RecognitionLanguage] {
        guard let neural = base as? NeuralLineRecognizer else { return base.languages }
        return RecognitionLanguage.all.filter { $0.isWritable(with: neural.alphabet.characters) }
    }

    /// The recognizer for `languages` (the base for none, or where it cannot switch).
    func recognizer(for languages: [RecognitionLanguage]) throws -> any LineRecognizing {
        guard !languages.isEmpty, languages != base.languages, let neural = base as? NeuralLineRecognizer else { return base }
        if let known = lock.withLock({ made[languages] }) { return known }
        let fresh = try neural.withLanguages(languages)
        lock.withLock {
            if made.count >= capacity { made.removeAll() }
            made[languages] = fresh
        }
        return fresh
    }
}
