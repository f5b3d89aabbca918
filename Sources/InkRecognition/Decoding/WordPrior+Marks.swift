extension WordPrior {
    /// How many Zipf points (a factor of 10 each) a marked spelling must be more common than the
    /// word as read before `restoringMarks` writes it: "dolares" (3.84 in Spanish) becomes
    /// "dólares" (5.06) and "sie" (5.89 in Polish) "się" (7.30), while "que" (7.52) stays, being
    /// more common than "qué" (6.13), and so does "expreso" (3.79), next to "expresó" (4.19).
    public static let markRestorationMargin = 1.0

    /// `text` with each word respelt with the marks the prior knows it far better with.
    ///
    /// A word is respelt as a listed word with the same letters that keeps every mark the
    /// network read (at least at the same places; the kind may differ: Italian "é" → "è") and is
    /// at least `margin` Zipf points more common than the word as read (any listed word is, where
    /// the word as read is not listed). Case and outer punctuation are kept; words with digits
    /// and words the prior has no marked spelling for stay as they are. A respelling has as many
    /// `Character`s as the word it replaces.
    ///
    /// ```swift
    /// let spanish = try WordPrior.shipped(.spanish)
    /// spanish.restoringMarks(in: "Los DOLARES, que")   // "Los DÓLARES, que"
    /// let italian = try WordPrior.shipped(.italian)
    /// italian.restoringMarks(in: "é vero")             // "è vero"
    /// ```
    /// Complexity: O(text length) dictionary lookups; nothing to do for a prior without marked
    /// words (the English one).
    public func restoringMarks(in text: String, margin: Double = WordPrior.markRestorationMargin) -> String {
        var respellings: [Substring: String?] = [:]
        return restoringMarks(in: text, margin: margin, respellings: &respellings)
    }

    /// `restoringMarks(in:margin:)`, remembering each word's respelling (or its absence) in
    /// `respellings`: a beam's readings share most of their words.
    func restoringMarks(in text: String, margin: Double, respellings: inout [Substring: String?]) -> String {
        guard !markedSpellings.isEmpty else { return text }
        var changed = false
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { token -> Substring in
            let respelt: String?
            if let known = respellings[token] {
                respelt = known
            } else {
                respelt = respelling(of: token, margin: margin)
                respellings[token] = .some(respelt)
            }
            guard let respelt else { return token }
            changed = true
            return respelt[...]
        }
        return changed ? words.joined(separator: " ") : text
    }

    /// What the decoder should make of `token` when its words are respelt: the lookup of the
    /// spelling `restoringMarks` would write for it. "dolares" is `.known` at "dólares"'s value.
    /// Complexity: O(token length) and one lookup per marked spelling of its letters.
    public func lookupRespelt(token: Substring, margin: Double = WordPrior.markRestorationMargin) -> Lookup {
        judgeRespelt(token: token, margin: margin).lookup
    }

    /// `lookupRespelt(token:margin:)`, and whether the token would be respelt.
    func judgeRespelt(token: Substring, margin: Double) -> (lookup: Lookup, respelt: Bool) {
        let plain = lookup(token: token)
        guard !markedSpellings.isEmpty, plain != .neutral,
              let (start, end) = Self.coreBounds(of: token),
              let better = bestMarkedSpelling(of: String(token[start...end]).lowercased(), margin: margin)
        else { return (plain, false) }
        return (.known(zipf: better.zipf), true)
    }

    /// `judgeRespelt(token:margin:)` for a token of UTF-8 bytes, as the beam search completes
    /// words: an ASCII word with no marked spelling listed (most words) costs one more lookup,
    /// without building Characters.
    func judgeRespelt(utf8 bytes: [UInt8], margin: Double) -> (lookup: Lookup, respelt: Bool) {
        guard bytes.allSatisfy({ $0 < 128 }) else {
            return judgeRespelt(token: String(decoding: bytes, as: UTF8.self)[...], margin: margin)
        }
        let plain = lookup(ascii: bytes)
        guard plain != .neutral, let core = Self.lowercasedCore(ascii: bytes) else { return (plain, false) }
        let word = String(decoding: core, as: UTF8.self)
        // An ASCII word is its own base.
        guard !markedSpellings.spellings(ofBase: word).isEmpty,
              let better = bestMarkedSpelling(of: word, margin: margin) else { return (plain, false) }
        return (.known(zipf: better.zipf), true)
    }

    /// Where a token's letters and digits start and end, or nil where it has none.
    private static func coreBounds(of token: Substring) -> (Substring.Index, Substring.Index)? {
        guard let start = token.firstIndex(where: { $0.isLetter || $0.isNumber }),
              let end = token.lastIndex(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return (start, end)
    }

    /// The listed spelling of `readWord` (lower case) with the same letters that keeps every mark
    /// read and is at least `margin` Zipf points more common than `readWord`, or nil.
    private func bestMarkedSpelling(of readWord: String, margin: Double) -> (letters: [Character], zipf: Double)? {
        guard !readWord.contains(where: \.isNumber), let base = MarkedSpellings.base(of: readWord) else { return nil }
        let spellings = markedSpellings.spellings(ofBase: base)
        guard !spellings.isEmpty else { return nil }
        let read = Array(readWord), bare = Array(base)
        let readZipf = zipf(ofListed: readWord) ?? -.infinity
        var best: (letters: [Character], zipf: Double)?
        for spelling in spellings where spelling != readWord {
            let letters = Array(spelling)
            guard letters.count == read.count, let zipf = zipf(ofListed: spelling) else { continue }
            // Every mark the network read stays a mark (perhaps of another kind).
            let keepsMarks = read.indices.allSatisfy { read[$0] == bare[$0] || letters[$0] != bare[$0] }
            if keepsMarks, zipf > best?.zipf ?? -.infinity { best = (letters, zipf) }
        }
        guard let best, best.zipf >= readZipf + margin else { return nil }
        return best
    }

    /// The token respelt with its core's better-known marks, or nil where it stays.
    private func respelling(of token: Substring, margin: Double) -> String? {
        guard let (start, end) = Self.coreBounds(of: token) else { return nil }
        let original = Array(token[start...end])
        guard let best = bestMarkedSpelling(of: String(original).lowercased(), margin: margin),
              original.count == best.letters.count else { return nil }
        var respelt = String(token[..<start])
        for (written, letter) in zip(original, best.letters) {
            respelt += written.isUppercase ? letter.uppercased() : String(letter)
        }
        respelt += token[token.index(after: end)...]
        return respelt
    }
}
