/// A set of known words, for a bonus when the decoder completes a word it knows.
///
/// Words are compared case-insensitively, with punctuation at either end stripped ("Said," is
/// "said"); tokens with a digit count as known, since numbers are words too.
///
/// ```swift
/// let lexicon = Lexicon(words: ["in", "the", "beginning"])
/// lexicon.contains(token: "Beginning,") // true
/// ```
public struct Lexicon: Sendable {
    private var words: Set<String>

    public init<S: Sequence>(words: S) where S.Element == String {
        self.words = Set(words.map { $0.lowercased() })
    }

    public var count: Int { words.count }

    /// Whether `token` is a known word after case folding and stripping outer punctuation.
    /// Tokens that are punctuation only are neither known nor unknown: `nil`.
    ///
    /// Complexity: O(length of the token), two small allocations for an ASCII token. Search asks this of
    /// every reading of every candidate word it scores, so ASCII tokens (most of them) are
    /// folded byte by byte rather than by `Character`.
    public func contains(token: Substring) -> Bool? {
        let utf8 = token.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return containsByCharacters(token) }
        // Folded as the word prior folds an ASCII token (`WordPrior.lowercasedCore(ascii:)`).
        guard let core = WordPrior.lowercasedCore(ascii: Array(utf8)) else { return nil }
        if core.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
        return words.contains(String(decoding: core, as: UTF8.self))
    }

    /// `contains(token:)` for any token: letters and numbers as `Character` knows them.
    func containsByCharacters(_ token: Substring) -> Bool? {
        let core = token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        guard !core.isEmpty else { return nil }
        if core.contains(where: \.isNumber) { return true }
        return words.contains(String(core.reversed()).lowercased())
    }

    public func contains(token: String) -> Bool? { contains(token: token[...]) }
}

extension Lexicon {
    /// The words that ship with InkIndex (`Resources/lexicon.txt`: the wamerican word list and
    /// the words of the King James Bible, lowercased), or nil where the resource is missing.
    public static let shipped: Lexicon? = {
        guard let url = ModuleResources.bundle.url(forResource: "lexicon", withExtension: "txt", subdirectory: "Resources")
            ?? ModuleResources.bundle.url(forResource: "lexicon", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        return Lexicon(words: text.split(separator: "\n").map(String.init))
    }()
}

import Foundation
