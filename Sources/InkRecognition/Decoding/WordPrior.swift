import Foundation

/// How common each English word is, for the beam search to prefer frequent words where the
/// character language model alone cannot tell two readings apart.
///
/// Frequencies are Zipf values: log10 of occurrences per billion words ("the" 7.73, "regrouping"
/// 2.54). Tokens are compared like `Lexicon`'s: case-folded, outer punctuation stripped; a
/// possessive ("Paul's") falls back to its stem when only the stem is listed.
/// The shipped list (`Resources/wordprior.txt`) is derived from wordfreq's English data,
/// CC BY-SA 4.0 (`Resources/wordprior.LICENSE.md`).
///
/// ```swift
/// let prior = try WordPrior(text: "the\t7.73\nword\t5.90\n")
/// prior.lookup(token: "Word,")   // .known(zipf: 5.9)
/// prior.lookup(token: "wrod")    // .unknown
/// prior.lookup(token: "3:16")    // .neutral (numbers and punctuation are not judged)
/// ```
public struct WordPrior: Sendable {
    /// What the prior says about one token.
    public enum Lookup: Sendable, Hashable {
        case known(zipf: Double)
        case unknown
        /// Punctuation only, or a token with a digit: neither rewarded nor penalized.
        case neutral
    }

    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        case resourceMissing
        /// A line that is not `word<TAB>zipf` (1-based line number).
        case malformedLine(Int)
        case empty

        public var description: String {
            switch self {
            case .resourceMissing: "the word prior (wordprior.txt) is not in the InkRecognition bundle"
            case .malformedLine(let line): "wordprior.txt line \(line) is not 'word<TAB>zipf'"
            case .empty: "the word prior lists no words"
            }
        }
    }

    private var zipfOfWord: [String: Float]
    /// The listed words that carry marks, by their letters without them (`restoringMarks`).
    private(set) var markedSpellings: MarkedSpellings
    /// The lowest Zipf value listed: the decoder rewards a known word by how far above it it is.
    public let floorZipf: Double

    public var count: Int { zipfOfWord.count }

    /// Every word and its Zipf value, in no order.
    var entries: [String: Float] { zipfOfWord }

    /// Every word listed (lower case), in no order.
    package var words: Dictionary<String, Float>.Keys { zipfOfWord.keys }

    mutating func raise(_ word: String, to zipf: Float) {
        if zipf > zipfOfWord[word] ?? -.infinity { zipfOfWord[word] = zipf }
        markedSpellings.insert(word)
    }

    /// The Zipf value of a listed word (lower case, no punctuation), or nil.
    func zipf(ofListed word: String) -> Double? { zipfOfWord[word].map(Double.init) }

    /// A prior from words and their Zipf frequencies (words are lowercased).
    public init(zipfFrequencies: [String: Double]) throws(LoadError) {
        guard !zipfFrequencies.isEmpty else { throw .empty }
        var table: [String: Float] = [:]
        table.reserveCapacity(zipfFrequencies.count)
        for (word, zipf) in zipfFrequencies {
            let key = word.lowercased()
            table[key] = max(table[key] ?? -.infinity, Float(zipf))
        }
        zipfOfWord = table
        floorZipf = Double(table.values.min()!)
        markedSpellings = MarkedSpellings(words: table.keys)
    }

    /// Parses `word<TAB>zipf` lines; lines starting with `#` and blank lines are skipped.
    /// Complexity: O(n) in the text's length.
    public init(text: String) throws(LoadError) {
        var table: [String: Double] = [:]
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.first == "#" { continue }
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let zipf = Double(fields[1]), zipf.isFinite, !fields[0].isEmpty else {
                throw .malformedLine(lineNumber)
            }
            table[String(fields[0])] = zipf
        }
        try self.init(zipfFrequencies: table)
    }

    /// Judges one token. Complexity: O(token length).
    public func lookup(token: Substring) -> Lookup {
        let core = token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        guard !core.isEmpty, !core.contains(where: \.isNumber) else { return .neutral }
        let word = String(core.reversed()).lowercased()
        if let zipf = zipfOfWord[word] { return .known(zipf: Double(zipf)) }
        // A possessive of a listed word is as common as the word, for this purpose.
        if word.hasSuffix("'s"), let zipf = zipfOfWord[String(word.dropLast(2))] { return .known(zipf: Double(zipf)) }
        return .unknown
    }

    public func lookup(token: String) -> Lookup { lookup(token: token[...]) }

    /// `lookup(token:)` for a token of ASCII bytes, without building Characters: the beam
    /// search asks this for every word it completes. Non-ASCII tokens take the general path.
    /// Complexity: O(token length).
    func lookup(ascii bytes: [UInt8]) -> Lookup {
        guard bytes.allSatisfy({ $0 < 128 }) else { return lookup(token: String(decoding: bytes, as: UTF8.self)) }
        guard let word = Self.lowercasedCore(ascii: bytes), !word.contains(where: { $0 >= 48 && $0 <= 57 }) else { return .neutral }
        if let zipf = zipfOfWord[String(decoding: word, as: UTF8.self)] { return .known(zipf: Double(zipf)) }
        if word.count > 2, word[word.count - 2] == 39, word[word.count - 1] == 115,
           let zipf = zipfOfWord[String(decoding: word.dropLast(2), as: UTF8.self)] {
            return .known(zipf: Double(zipf))
        }
        return .unknown
    }

    /// An ASCII token's letters and digits between its outer punctuation, lower-cased, as lookups
    /// fold tokens; nil where it has none. Complexity: O(token length).
    static func lowercasedCore(ascii bytes: [UInt8]) -> [UInt8]? {
        func isAlphanumeric(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || ((b | 0x20) >= 97 && (b | 0x20) <= 122) }
        guard let first = bytes.firstIndex(where: isAlphanumeric), let last = bytes.lastIndex(where: isAlphanumeric) else { return nil }
        return bytes[first...last].map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    }
}

extension WordPrior {
    /// The English prior that ships with InkIndex, read once per process.
    public static func shipped() throws(LoadError) -> WordPrior {
        try shipped(.english)
    }

    /// The shipped prior of one language (`Resources/wordprior-<code>.txt`), read once per process.
    public static func shipped(_ language: RecognitionLanguage) throws(LoadError) -> WordPrior {
        // Looked up before the cache, so that a language whose data is registered later is
        // not remembered as missing (`ShippedLanguageData`).
        guard shippedURL(language) != nil else { throw .resourceMissing }
        return try shippedPriors.value(for: language).get()
    }

    private static func shippedURL(_ language: RecognitionLanguage) -> URL? {
        ShippedLanguageData.url(forResource: language.wordPriorResource, withExtension: "txt")
    }

    private static let shippedPriors = OnceCache<RecognitionLanguage, Result<WordPrior, LoadError>> { language in
        guard let url = shippedURL(language), let text = try? String(contentsOf: url, encoding: .utf8)
        else { return .failure(.resourceMissing) }
        return Result { () throws(LoadError) in try WordPrior(text: text) }
    }
}
