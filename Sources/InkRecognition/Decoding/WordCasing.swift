/// Gives each word of a reading the case its ink shows: all capitals, or its first letter as read
/// and the rest in lower case, chosen from the network's own evidence for each letter's capital
/// against its small letter.
///
/// The beam search picks letters with the character language model, which has read prose: after
/// "W" it expects "i", so "WILL" comes out "will" or "WIll", and "POSSIBLE" "PossIBLE", although
/// the network saw capitals (recognition version 23 read words in capitals at 13% CER with
/// case, 5% with case folded). Letters such as o/O, s/S, w/W differ only in size, where the
/// network is unsure and the language model decides. This pass gives the case back to the ink:
///
/// - A word of two or more cased letters is written in capitals when the network's evidence
///   for capitals, summed over its letters after the first, outweighs that for small letters;
///   otherwise those letters are small and the first keeps the case the search chose (a
///   sentence's first word, a name).
/// - A letter whose own evidence for its case as read is strong (`Rule.keptEvidence`) keeps it:
///   "iPhone" and "McDonald" stay as written when the network is sure of them.
/// - In a line whose other words of two or more cased letters all came out in capitals (a
///   heading), the evidence leans toward capitals by `Rule.headingLean` a letter: "OF", "ON" and "LK"
///   beside "THE GOSPEL".
///
/// Words of one cased letter ("I", "a", "3") are left as read. Only the case of letters changes;
/// the letters, their frames and the reading's score stay.
///
/// ```swift
/// let casing = WordCasing(alphabet: alphabet)
/// let reading = casing.recased(candidate, frames: frames)   // "PossIBLE" → "POSSIBLE"
/// ```
///
/// Complexity: O(characters × `Rule.evidenceFrames`) per reading.
public struct WordCasing: Sendable {
    /// For each class, the class of its capital and of its small letter; -1 where the alphabet
    /// has none or the character has no case.
    private let capitalClass: [Int32]
    private let smallClass: [Int32]
    private let alphabet: Alphabet
    public let rule: Rule

    /// How strongly the ink decides case (`DecodingOptions.wordCase`).
    public struct Rule: Sendable, Hashable {
        /// A letter whose log-probability as read exceeds its other case's by this much (natural
        /// log) keeps its case whatever its word does.
        public var keptEvidence = 4.0
        /// Added to each letter's evidence for capitals in a line whose other words are in capitals.
        public var headingLean = 1.5
        /// How many frames from a letter's emission its other case may peak in (CTC emits a
        /// letter over one to a few frames; the other case, where likely, peaks in the same ones).
        public var evidenceFrames = 3

        public init() {}
    }

    public init(alphabet: Alphabet, rule: Rule = Rule()) {
        self.alphabet = alphabet
        self.rule = rule
        var capital = [Int32](repeating: -1, count: alphabet.classCount)
        var small = [Int32](repeating: -1, count: alphabet.classCount)
        for (offset, character) in alphabet.characters.enumerated() where character.isLetter {
            let upper = Character.single(character.uppercased()), lower = Character.single(character.lowercased())
            guard let upperClass = upper.flatMap(alphabet.classIndex(of:)),
                  let lowerClass = lower.flatMap(alphabet.classIndex(of:)), upperClass != lowerClass else { continue }
            capital[offset + 1] = Int32(upperClass)
            small[offset + 1] = Int32(lowerClass)
        }
        capitalClass = capital
        smallClass = small
    }

    /// `candidate` with each word's case chosen as the type's documentation says. A reading
    /// whose frames do not match its characters (none should) is returned unchanged.
    public func recased(_ candidate: DecodedCandidate, frames: CTCFrames) -> DecodedCandidate {
        var characters = Array(candidate.text)
        let emitted = candidate.characterFrames
        guard characters.count == emitted.count, frames.classCount == alphabet.classCount else { return candidate }
        let ranges = Self.words(of: characters)
        var wordOfPosition = [Int](repeating: 0, count: characters.count)
        for (index, range) in ranges.enumerated() { for position in range { wordOfPosition[position] = index } }
        var words = [[CasedLetter]](repeating: [], count: ranges.count)
        // A cased letter is never a space, so it lies in a word.
        for letter in casedLetters(characters, emitted: emitted, frames: frames) { words[wordOfPosition[letter.position]].append(letter) }
        let multiLetter = words.filter { $0.count >= 2 }
        var shouted = multiLetter.map { choosesCapitals($0, lean: 0) }
        // A heading: lean every word toward capitals when all the others came out so.
        if multiLetter.count >= 2 {
            let capitalCount = shouted.filter { $0 }.count
            for index in multiLetter.indices where !shouted[index] && capitalCount == multiLetter.count - 1 {
                shouted[index] = choosesCapitals(multiLetter[index], lean: rule.headingLean)
            }
        }
        for (word, capitals) in zip(multiLetter, shouted) {
            for (order, letter) in word.enumerated() {
                let wanted: Bool? = capitals ? true : (order == 0 ? nil : false)
                guard let wanted, wanted != letter.isCapital else { continue }
                // Sure of the case as read: keep it ("iPhone").
                if letter.evidenceForCase(asRead: true) >= rule.keptEvidence { continue }
                characters[letter.position] = wanted ? letter.capital : letter.small
            }
        }
        var recased = candidate
        recased.text = String(characters)
        return recased
    }

    /// One cased letter of a reading: where it is, both its cases and the network's best
    /// log-probability for each near its emission.
    private struct CasedLetter {
        var position: Int
        var isCapital: Bool
        var capital: Character
        var small: Character
        var capitalLogProbability: Double
        var smallLogProbability: Double

        /// Log-probability of its case as read (`asRead`) or the other, minus the other's.
        func evidenceForCase(asRead: Bool) -> Double {
            let forCapital = capitalLogProbability - smallLogProbability
            return (isCapital == asRead) ? forCapital : -forCapital
        }
    }

    private func casedLetters(_ characters: [Character], emitted: [Int], frames: CTCFrames) -> [CasedLetter] {
        var letters: [CasedLetter] = []
        for (position, character) in characters.enumerated() {
            guard let classIndex = alphabet.classIndex(of: character) else { continue }
            let capital = Int(capitalClass[classIndex]), small = Int(smallClass[classIndex])
            guard capital > 0, small > 0 else { continue }
            let first = max(0, min(emitted[position], frames.frameCount - 1))
            let next = position + 1 < emitted.count ? emitted[position + 1] : frames.frameCount
            let last = max(first, min(next - 1, first + rule.evidenceFrames - 1, frames.frameCount - 1))
            var best = (capital: -Double.infinity, small: -Double.infinity)
            for frame in first...last {
                best.capital = max(best.capital, Double(frames[frame, capital]))
                best.small = max(best.small, Double(frames[frame, small]))
            }
            letters.append(CasedLetter(
                position: position, isCapital: classIndex == capital,
                capital: alphabet.characters[capital - 1], small: alphabet.characters[small - 1],
                capitalLogProbability: best.capital, smallLogProbability: best.small))
        }
        return letters
    }

    /// Whether a word's letters after its first favour capitals, each leant by `lean`.
    private func choosesCapitals(_ word: [CasedLetter], lean: Double) -> Bool {
        word.dropFirst().reduce(0.0) { $0 + $1.capitalLogProbability - $1.smallLogProbability + lean } > 0
    }

    /// The position ranges of the space-separated words of a reading.
    private static func words(of characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (position, character) in characters.enumerated() {
            if character == " " {
                if let open = start { ranges.append(open..<position) }
                start = nil
            } else if start == nil {
                start = position
            }
        }
        if let open = start { ranges.append(open..<characters.count) }
        return ranges
    }
}

private extension Character {
    /// The one Character of `string`, or nil ("SS", the capital of "ß", is two).
    static func single(_ string: String) -> Character? {
        string.count == 1 ? string.first : nil
    }
}
