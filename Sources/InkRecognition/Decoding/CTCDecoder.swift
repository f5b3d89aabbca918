import Foundation

/// Turns a CTC network's frames into text: an N-best list by prefix beam search (optionally
/// guided by a character language model and a lexicon), or the greedy best path.
///
/// Spaces are normalized as part of the search, not afterwards: a leading space counts as a
/// blank, a space after a space adds nothing, and a trailing space is merged into the prefix
/// without it. Readings that differ only in spacing therefore pool their probability.
///
/// ```swift
/// let decoder = CTCDecoder(alphabet: alphabet, beamWidth: 16,
///                          languageModel: try NGramLanguageModel.shipped())
/// let best = decoder.decode(frames, maxCandidates: 5).first?.text
/// let fast = decoder.greedy(frames).text
/// ```
///
/// Complexity: O(frames × beamWidth × extensions), where extensions are the classes above
/// `extensionThreshold` at a frame (a few at most; none where the blank dominates).
public struct CTCDecoder: Sendable {
    public var alphabet: Alphabet
    /// How many prefixes survive each frame.
    public var beamWidth: Int
    public var languageModel: (any CharacterLanguageModel)?
    /// Multiplies the language model's log-probability of each character.
    public var languageModelWeight: Double
    /// Added per character emitted; offsets the language model's preference for short readings.
    /// Defaults to `defaultInsertionBonus` with a language model and 0 without.
    public var insertionBonus: Double
    public var lexicon: Lexicon?
    /// Added for each completed word the lexicon knows (and subtracted for each it does not).
    public var lexiconBonus: Double
    /// Word frequencies, scored once per completed word (at a space and at the line's end).
    public var wordPrior: WordPrior?
    /// A completed word the prior knows earns this times its Zipf frequency above the prior's
    /// floor (natural-log units per Zipf point: a word 10 times as common earns this much more).
    public var wordPriorWeight: Double = 0
    /// Subtracted for each completed word the prior does not know (numbers and punctuation are
    /// never penalized).
    public var unknownWordPenalty: Double = 0
    /// Also subtracted for each unknown word, per character: with a penalty per word only, two
    /// unknown words read as one ("JALURLINE") cost one penalty less than read apart.
    public var unknownWordPenaltyPerLetter: Double = 0
    /// Whether each reading's words are respelt with the marks the word prior knows them far
    /// better with (`WordPrior.restoringMarks`): "dolares" → "dólares" with a Spanish prior.
    /// Readings that become the same text are pooled into the better one.
    public var restoresMarks = false
    /// How many Zipf points more common a marked spelling must be (`WordPrior.restoringMarks`).
    public var markRestorationMargin = WordPrior.markRestorationMargin
    /// Subtracted, in the beam, for each completed word that will be respelt: the marks were not
    /// read, so the word is less sure than one read as written.
    public var markRestorationPenalty = 0.0
    /// A class whose log-probability at a frame is below this is not tried as an extension
    /// there, and frames where the blank has 0.999 or more extend nothing. `-infinity` turns both
    /// off, making the search exact up to the beam width.
    public var extensionThreshold: Double
    /// At most this many classes (the most probable) are tried as extensions at a frame; not
    /// applied when `extensionThreshold` is `-infinity`.
    public var maxExtensionsPerFrame = 12
    /// Whether the language model also scores the end of the line as a word boundary, so that
    /// readings ending inside a word lose to those ending with one.
    public var scoresLineEnd = true
    /// Where set, each beam-search reading's words take the case their ink shows
    /// (`WordCasing`); readings that become the same text are pooled into the better one.
    public var wordCasing: WordCasing?
    /// `.greedy` makes `decode` return the greedy path as its only candidate.
    public var method: DecodingOptions.Method = .beamSearch

    // Tuned on IAM-OnDB testset_v (never testset_t): Training/lm/README.md, "Decoding weights".
    public static let defaultLanguageModelWeight = 0.6
    public static let defaultInsertionBonus = 2.0
    // Tuned on testset_v's first 400 lines (Training/HISTORY.md, "Word prior"): with the
    // character LM's weight and bonus unchanged, testset_v CER -0.46 points for ~1 ms a line.
    public static let defaultWordPriorWeight = 0.2
    // Since recognition version 9, 1 + 0.4 a character (3 for a word of five; 3 for every word
    // before): testset_v 5.75% -> 5.74%, composed capital headings 5.10% -> 4.53%, which had
    // run unknown words together (Training/HISTORY.md, "Recognition version 9").
    public static let defaultUnknownWordPenalty = 1.0
    public static let defaultUnknownWordPenaltyPerLetter = 0.4

    public init(
        alphabet: Alphabet,
        beamWidth: Int = 16,
        languageModel: (any CharacterLanguageModel)? = nil,
        languageModelWeight: Double = CTCDecoder.defaultLanguageModelWeight,
        insertionBonus: Double? = nil,
        lexicon: Lexicon? = nil,
        lexiconBonus: Double = 0,
        extensionThreshold: Double = -9
    ) {
        self.alphabet = alphabet
        self.beamWidth = max(1, beamWidth)
        self.languageModel = languageModel
        self.languageModelWeight = languageModelWeight
        self.insertionBonus = insertionBonus ?? (languageModel == nil ? 0 : CTCDecoder.defaultInsertionBonus)
        self.lexicon = lexicon
        self.lexiconBonus = lexiconBonus
        self.extensionThreshold = extensionThreshold
    }

    /// Up to `maxCandidates` readings, best first (at most `beamWidth`; none for no frames).
    public func decode(_ frames: CTCFrames, maxCandidates: Int) -> [DecodedCandidate] {
        precondition(frames.classCount == alphabet.classCount,
                     "CTCDecoder: frames have \(frames.classCount) classes, the alphabet \(alphabet.classCount)")
        guard maxCandidates > 0 else { return [] }
        if method == .greedy { return [greedy(frames)] }
        let readings = if let languageModel {
            beamSearch(frames, maxCandidates: maxCandidates, languageModel: languageModel)
        } else {
            beamSearch(frames, maxCandidates: maxCandidates, languageModel: NoLanguageModel())
        }
        guard let wordCasing else { return readings }
        var texts: Set<String> = []
        return readings.map { wordCasing.recased($0, frames: frames) }.filter { texts.insert($0.text).inserted }
    }

    /// The best path: the most probable class at each frame, repeats collapsed, blanks removed,
    /// spaces normalized. Its log-probability is that of the single path, not of the text.
    /// Complexity: O(frames × classes).
    public func greedy(_ frames: CTCFrames) -> DecodedCandidate {
        precondition(frames.classCount == alphabet.classCount,
                     "CTCDecoder: frames have \(frames.classCount) classes, the alphabet \(alphabet.classCount)")
        let space = alphabet.spaceClass
        var text: [Character] = []
        var characterFrames: [Int] = []
        var logProbability = 0.0
        var previous = Alphabet.blank
        frames.logProbabilities.withUnsafeBufferPointer { values in
            for t in 0..<frames.frameCount {
                let row = t * frames.classCount
                var best = 0
                for k in 1..<frames.classCount where values[row + k] > values[row + best] { best = k }
                logProbability += Double(values[row + best])
                defer { previous = best }
                guard best != Alphabet.blank, best != previous else { continue }
                if best == space && (text.isEmpty || text.last == " ") { continue }
                text.append(alphabet.characters[best - 1])
                characterFrames.append(t)
            }
        }
        if text.last == " " {
            text.removeLast()
            characterFrames.removeLast()
        }
        return DecodedCandidate(text: String(text), logProbability: logProbability, characterFrames: characterFrames)
    }
}

/// Stands in where no language model is given, so that one generic search serves both cases.
struct NoLanguageModel: CharacterLanguageModel {
    var order: Int { 0 }
    var initialState: Int { 0 }
    func score(_ next: Character, after state: Int) -> (logProbability: Double, state: Int) { (0, 0) }
}
