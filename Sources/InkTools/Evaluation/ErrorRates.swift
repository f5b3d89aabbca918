/// Character and word error rates over a set of samples, pooled (total edits over total
/// reference length), on raw strings and with punctuation spacing normalized.
///
/// ```swift
/// var rates = ErrorRates()
/// rates.add(reference: "Mr . Smith", hypothesis: "Mr. Smith")
/// rates.cer            // 0.1 (one deleted space of ten characters)
/// rates.normalizedCER  // 0.0
/// ```
public struct ErrorRates: Sendable, Hashable {
    public private(set) var samples = 0
    public private(set) var characterEdits = 0
    public private(set) var referenceCharacters = 0
    public private(set) var wordEdits = 0
    public private(set) var referenceWords = 0
    public private(set) var normalizedCharacterEdits = 0
    public private(set) var normalizedReferenceCharacters = 0
    public private(set) var normalizedWordEdits = 0
    public private(set) var normalizedReferenceWords = 0
    public private(set) var oracleCharacterEdits = 0
    public private(set) var caselessCharacterEdits = 0
    /// Letters beyond a–z in the references (á, ß, ł, …), and how many of them were read as
    /// written (kept by an optimal alignment: `EditDistance.keptPositions`).
    public private(set) var diacriticLetters = 0
    public private(set) var diacriticLettersRead = 0

    public init() {}

    /// Adds one sample. `alternatives` are the other readings (the candidate list) for the
    /// oracle: the closest of `hypothesis` and `alternatives` counts there.
    public mutating func add(reference: String, hypothesis: String, alternatives: [String] = []) {
        samples += 1
        let distance = EditDistance.between(characters: reference, hypothesis)
        characterEdits += distance
        referenceCharacters += reference.count
        wordEdits += EditDistance.between(words: reference, hypothesis)
        referenceWords += EditDistance.words(of: reference).count
        let normalizedReference = PunctuationSpacing.normalize(reference)
        let normalizedHypothesis = PunctuationSpacing.normalize(hypothesis)
        normalizedCharacterEdits += EditDistance.between(characters: normalizedReference, normalizedHypothesis)
        normalizedReferenceCharacters += normalizedReference.count
        normalizedWordEdits += EditDistance.between(words: normalizedReference, normalizedHypothesis)
        normalizedReferenceWords += EditDistance.words(of: normalizedReference).count
        caselessCharacterEdits += EditDistance.between(characters: reference.lowercased(), hypothesis.lowercased())
        oracleCharacterEdits += alternatives.reduce(distance) { min($0, EditDistance.between(characters: reference, $1)) }
        let referenceCharacters = Array(reference)
        let special = referenceCharacters.indices.filter { referenceCharacters[$0].isLetter && !referenceCharacters[$0].isASCII }
        if !special.isEmpty {
            let kept = EditDistance.keptPositions(referenceCharacters, Array(hypothesis))
            diacriticLetters += special.count
            diacriticLettersRead += special.filter(kept.contains).count
        }
    }

    /// The share of letters beyond a–z read as written; nil where the references have none.
    public var diacriticAccuracy: Double? {
        diacriticLetters == 0 ? nil : Double(diacriticLettersRead) / Double(diacriticLetters)
    }

    public var cer: Double { ratio(characterEdits, referenceCharacters) }
    public var wer: Double { ratio(wordEdits, referenceWords) }
    public var normalizedCER: Double { ratio(normalizedCharacterEdits, normalizedReferenceCharacters) }
    public var normalizedWER: Double { ratio(normalizedWordEdits, normalizedReferenceWords) }
    /// The CER with case folded on both sides (raw strings): some corpora label words written
    /// in capitals in title case (UNIPEN's writer apd28 does).
    public var caselessCER: Double { ratio(caselessCharacterEdits, referenceCharacters) }
    /// The CER had the closest candidate of each sample been chosen (raw strings).
    public var oracleCER: Double { ratio(oracleCharacterEdits, referenceCharacters) }

    private func ratio(_ edits: Int, _ length: Int) -> Double {
        length == 0 ? (edits == 0 ? 0 : 1) : Double(edits) / Double(length)
    }
}
