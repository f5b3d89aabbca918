import Foundation

/// Normalization and word matching for library search.
///
/// INTERIM: a small stand-in with the shape of InkSearch's matcher, kept in this one file so that
/// the library switches to InkSearch's normalization, query parsing and scoring (the semantics of
/// `StrokeRecognizer.search`) by replacing these functions only.
enum LibrarySearchSemantics {
    /// The index key of a reading or query word: NFKC, case and diacritics folded (unless
    /// `keepCase`), punctuation stripped except `:`, `.` and `-` between digits (references).
    static func key(_ text: String, keepCase: Bool = false) -> String {
        if let ascii = asciiKey(text, keepCase: keepCase) { return ascii }
        var folded = text.precomposedStringWithCompatibilityMapping
        folded = folded.folding(options: keepCase ? [.diacriticInsensitive] : [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let scalars = Array(folded.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, s) in scalars.enumerated() {
            if CharacterSet.alphanumerics.contains(s) {
                out.append(s)
            } else if s == ":" || s == "." || s == "-",
                      i > 0, i + 1 < scalars.count,
                      CharacterSet.decimalDigits.contains(scalars[i - 1]), CharacterSet.decimalDigits.contains(scalars[i + 1]) {
                out.append(":")  // 3:16, 3.16 and 3-4 inside a number run read alike for lookup
            }
        }
        return String(out)
    }

    /// The same key without Foundation, for the common all-ASCII reading (10× faster).
    private static func asciiKey(_ text: String, keepCase: Bool) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isAlnum(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7a) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, b) in bytes.enumerated() {
            if isAlnum(b) {
                out.append(keepCase || b < 0x41 || b > 0x5a ? b : b | 0x20)
            } else if b == 0x3a || b == 0x2e || b == 0x2d, i > 0, i + 1 < bytes.count, isDigit(bytes[i - 1]), isDigit(bytes[i + 1]) {
                out.append(0x3a)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The words of a query, in order; empty words (punctuation only) dropped.
    static func queryWords(_ query: String) -> [String] {
        query.split(whereSeparator: \.isWhitespace).map(String.init).filter { !key($0).isEmpty }
    }

    /// Edits tolerated for a query key of `length` characters: none for short words.
    static func maxEdits(length: Int) -> Int {
        length <= 3 ? 0 : length <= 6 ? 1 : 2
    }

    /// How well a reading key matches a query key: 1 exact; less for a prefix (a longer word) or
    /// a fuzzy match; nil for no match.
    static func matchQuality(query q: [UInt8], candidate c: [UInt8], fullWordsOnly: Bool) -> Double? {
        if q == c { return 1 }
        if !fullWordsOnly, c.count > q.count, c.starts(with: q) {
            return 0.9 - 0.1 * min(1, Double(c.count - q.count) / Double(max(q.count, 1)))
        }
        // Numbers (chapter and verse) must be read exactly: 3:16 is not 3:17.
        let limit = q.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) ? 0 : maxEdits(length: q.count)
        guard limit > 0, abs(q.count - c.count) <= limit,
              let distance = boundedEditDistance(q, c, limit: limit) else { return nil }
        return 0.8 * (1 - Double(distance) / Double(q.count + 1))
    }

    /// A word hit's score from its match quality and the reading's probability.
    static func score(quality: Double, probability: Double) -> Double {
        quality * (0.5 + 0.5 * probability)
    }

    /// Levenshtein distance, or nil once it must exceed `limit`. O(n·limit).
    static func boundedEditDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in 1..<(b.count + 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return nil }
            swap(&previous, &current)
        }
        let distance = a.isEmpty ? b.count : previous[b.count]
        return distance <= limit ? distance : nil
    }
}
