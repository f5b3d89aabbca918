import Foundation

/// Finds scripture references in recognized words and in queries, tolerant of recognition errors.
///
/// A reference is a book name (1 to 3 words: "John", "1 Cor", "Song of Solomon", or glued:
/// "1Co", "Jn3:16") followed by numbers: chapter, then optionally a verse or range, separated
/// by ":", ".", ",", ";" or a space ("3:16", "3.16", "3 16", "13:4-7"). Letters that look like
/// digits are read as digits inside the numbers ("ll9" is 119, "3:l6" is 3:16), but every number
/// word needs at least one real digit, so "Is so" stays words.
///
/// ```swift
/// let parser = ScriptureParser()
/// parser.parse("Ps ll9")?.description          // "Psalms 119"
/// parser.references(in: ["see", "Jn", "3.16"]).first?.reference.description  // "John 3:16"
/// ```
/// Complexity: O(words) with a small constant; positions without a digit within three words
/// are skipped at once.
public struct ScriptureParser: Sendable {
    /// A reference found in a run of words.
    public struct Found: Sendable, Hashable {
        public var reference: ScriptureReference
        /// The words it was read from (indices into the run).
        public var words: Range<Int>
        /// The readings used, one per word.
        public var readings: [String]
        /// The product of the readings' probabilities times the book-name confidence.
        public var probability: Double
    }

    private let names: BibleBookNames

    public init(normalizer: TextNormalizer = .standard) {
        self.names = BibleBookNames(normalizer: normalizer)
    }

    /// The reference a whole text spells, or nil where it is not exactly one reference. A book
    /// alone ("Romans") gives a reference without chapter.
    public func parse(_ text: String) -> ScriptureReference? {
        let words = TextNormalizer.rawWords(text).map { [WordReading(text: $0, probability: 1)] }
        guard !words.isEmpty else { return nil }
        if Self.containsDigit(text), let found = parse(at: 0, in: words), found.words.upperBound == words.count { return found.reference }
        // A book alone: known spellings only, so that ordinary words stay words.
        if words.count <= 3, let (book, _) = names.book(for: words.map { $0[0].text }.joined(), tolerant: false) {
            return ScriptureReference(book: book)
        }
        return nil
    }

    /// References in a run of plain words.
    public func references(in words: [String]) -> [Found] {
        references(in: words.map { [WordReading(text: $0, probability: 1)] })
    }

    /// References in a run of tokens, trying each token's alternative readings.
    public func references(in tokens: [WordToken]) -> [Found] {
        references(in: tokens.map(\.readings))
    }

    /// References in a run of words, each with its alternative readings (most probable first).
    public func references(in words: [[WordReading]]) -> [Found] {
        var found: [Found] = []
        var i = 0
        let hasDigit = words.map { $0.contains { Self.containsDigit($0.text) } }
        while i < words.count {
            let window = i..<min(words.count, i + 4)
            if window.contains(where: { hasDigit[$0] }), let hit = parse(at: i, in: words) {
                found.append(hit)
                i = hit.words.upperBound
            } else {
                i += 1
            }
        }
        return found
    }

    // MARK: - Parsing

    private static let maxReadings = 3

    /// A reference starting at word `start`, the longest book name first.
    func parse(at start: Int, in words: [[WordReading]]) -> Found? {
        for span in (1...3).reversed() where start + span <= words.count {
            // The numbers do not depend on the book's reading: without them no reading of the
            // book can give a reference, so the (costly, tolerant) name lookups are skipped.
            guard let numbers = numbers(after: start + span, in: words, glued: nil) else { continue }
            for choice in choices(words, start, span) {
                guard let (book, confidence) = bookSpan(words, start, span, readingChoice: choice) else { continue }
                let used = zip(start..<(start + span), choice).map { words[$0][$1] }
                if let reference = Self.reference(book: book, numbers.values) {
                    let readings = used.map(\.text) + numbers.readings.map(\.text)
                    let p = (used + numbers.readings).reduce(confidence) { $0 * $1.probability }
                    return Found(reference: reference, words: start..<(start + span + numbers.readings.count), readings: readings, probability: p)
                }
            }
        }
        // A book glued to its numbers: "Jn3:16", "1Cor13:4-7".
        for reading in words[start].prefix(Self.maxReadings) {
            guard let (bookPart, rest) = Self.splitGlued(reading.text), Self.isNumberWord(rest),
                  let (book, confidence) = names.book(for: bookPart),
                  let numbers = numbers(after: start + 1, in: words, glued: rest),
                  let reference = Self.reference(book: book, numbers.values) else { continue }
            let readings = [reading.text] + numbers.readings.map(\.text)
            let p = numbers.readings.reduce(confidence * reading.probability) { $0 * $1.probability }
            return Found(reference: reference, words: start..<(start + 1 + numbers.readings.count), readings: readings, probability: p)
        }
        return nil
    }

    /// Reading-index combinations for `span` words, most probable first (few: at most 3 each).
    private func choices(_ words: [[WordReading]], _ start: Int, _ span: Int) -> [[Int]] {
        var result: [[Int]] = [[]]
        for k in start..<(start + span) {
            let count = min(Self.maxReadings, words[k].count)
            result = result.flatMap { prefix in (0..<count).map { prefix + [$0] } }
        }
        return result
    }

    private func bookSpan(_ words: [[WordReading]], _ start: Int, _ span: Int, readingChoice: [Int]) -> (Int, Double)? {
        var text = ""
        for (offset, k) in (start..<(start + span)).enumerated() {
            guard readingChoice[offset] < words[k].count else { return nil }
            let word = words[k][readingChoice[offset]].text
            // Numbers belong to the chapter, except a leading ordinal ("1 Cor").
            if offset > 0, Self.containsDigit(word) { return nil }
            text += word
        }
        // Digits inside a name ("Psa1m") must spell a known name exactly; "round0" is no book.
        guard text.contains(where: { $0.isLetter }) else { return nil }
        let innerDigit = text.drop(while: { $0.isNumber }).contains(where: { $0.isNumber })
        return names.book(for: text, tolerant: !innerDigit)
    }

    /// The numbers after a book: the values and the words read for them.
    private func numbers(after index: Int, in words: [[WordReading]], glued: String?) -> (values: [(Int, Character)], readings: [WordReading])? {
        var text = glued ?? ""
        var readings: [WordReading] = []
        var k = index
        while k < words.count, k < index + 4 {
            guard let reading = words[k].prefix(Self.maxReadings).first(where: { Self.isNumberWord($0.text) }) else { break }
            text += (text.isEmpty ? "" : " ") + reading.text
            readings.append(reading)
            k += 1
        }
        // Punctuation after the numbers is not part of the reference.
        while let last = readings.last, !Self.containsDigit(last.text) { readings.removeLast() }
        guard Self.containsDigit(text) else { return nil }
        var values: [(Int, Character)] = []  // (number, separator before it; " " for the first)
        var current = ""
        var separator: Character = " "
        var pendingSeparator: Character? = nil
        for character in text + " " {
            if let digit = Self.digit(character) {
                if current.isEmpty, let s = pendingSeparator { separator = s }
                current.append(digit)
                pendingSeparator = nil
            } else {
                if !current.isEmpty {
                    values.append((Int(current.prefix(3)) ?? 0, values.isEmpty ? " " : separator))
                    current = ""
                    separator = " "
                }
                // A space only separates where no stronger separator was seen.
                if character != " " || pendingSeparator == nil { pendingSeparator = character }
            }
        }
        guard !values.isEmpty else { return nil }
        // Drop trailing words that gave no number.
        return (values, readings)
    }

    /// Builds a reference from numbers: chapter, verse, range end.
    static func reference(book: Int, _ values: [(Int, Character)]) -> ScriptureReference? {
        let row = BibleBookData.rows[book - 1]
        var chapter = values[0].0
        var verses: ClosedRange<Int>?
        if values.count >= 2 {
            let isRange = "-–—~".contains(values[1].1)
            if isRange {
                // "Jn 3-4": a chapter range; keep the first chapter.
                verses = nil
            } else {
                let first = values[1].0
                var last = first
                if values.count >= 3, "-–—~".contains(values[2].1) { last = max(first, values[2].0) }
                verses = first...last
            }
        }
        if row.chapters == 1, verses == nil, values.count == 1 {
            verses = chapter...chapter
            chapter = 1
        }
        guard chapter >= 1, chapter <= row.chapters else { return nil }
        if let verses, verses.lowerBound < 1 || verses.upperBound > 176 { return nil }
        return ScriptureReference(book: book, chapter: chapter, verses: verses)
    }

    // MARK: - Characters

    /// Letters read as digits inside numbers.
    static let lookalikeDigits: [Character: Character] = [
        "o": "0", "O": "0", "D": "0", "l": "1", "I": "1", "i": "1", "|": "1", "!": "1", "s": "5", "S": "5",
        "z": "2", "Z": "2", "B": "8", "b": "6", "G": "6", "g": "9", "q": "9", "T": "7",
    ]

    static func digit(_ c: Character) -> Character? {
        if c.isASCII, c.isNumber { return c }
        return lookalikeDigits[c]
    }

    static func containsDigit(_ text: String) -> Bool { text.contains { $0.isASCII && $0.isNumber } }

    static let separators: Set<Character> = [":", ".", ",", ";", "-", "–", "—", "~"]

    /// A word that can be part of chapter and verse: a real digit, or separators only.
    static func isNumberWord(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ digit($0) != nil || separators.contains($0) }) else { return false }
        return containsDigit(text) || text.allSatisfy { separators.contains($0) }
    }

    /// "Jn3:16" → ("Jn", "3:16"); "1Cor13" → ("1Cor", "13"); nil where there is no letter then digit.
    static func splitGlued(_ text: String) -> (String, String)? {
        guard let firstLetter = text.firstIndex(where: { $0.isLetter }) else { return nil }
        guard let firstDigit = text[firstLetter...].firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let book = String(text[..<firstDigit]).trimmingCharacters(in: .punctuationCharacters)
        guard !book.isEmpty else { return nil }
        return (book, String(text[firstDigit...]))
    }
}

extension ScriptureParser {
    /// Shared parser for the standard normalizer (its name table is built once).
    public static let standard = ScriptureParser()
}
