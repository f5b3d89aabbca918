/// Looks up book names and abbreviations, written with or without ordinals, spaces and periods,
/// under the confusion classes ("I Cor", "1Co", "l Cor" are one key). Built once from
/// `BibleBookData`.
struct BibleBookNames: Sendable {
    private var byKey: [String: Int] = [:]
    /// Collapsed full names (with ordinal spellings), for tolerant matching of long names.
    private var fullNames: [(scalars: [Unicode.Scalar], book: Int)] = []
    private let normalizer: TextNormalizer
    private let distance: WeightedEditDistance

    /// English names first, then each other language's (`BibleBookData.localized`) in the order
    /// of `RecognitionLanguage.all`: where two languages spell different books alike
    /// (Portuguese "Jn" is Jonah, English "Jn" John), the earlier one keeps the key.
    init(normalizer: TextNormalizer) {
        self.normalizer = normalizer
        self.distance = WeightedEditDistance(table: normalizer.confusions)
        for (index, row) in BibleBookData.rows.enumerated() {
            add(book: index + 1, aliases: row.aliases, prefixes: row.ordinal == 0 ? [""] : BibleBookData.ordinals[row.ordinal])
        }
        let localized = BibleBookData.localized
        for language in localized.languages {
            for (index, aliases) in (localized.aliases[language] ?? []).enumerated() where !aliases.isEmpty {
                let ordinal = BibleBookData.rows[index].ordinal
                // Digits and Roman numerals are every language's; the words are the language's own.
                let prefixes = ordinal == 0 ? [""] : Array(BibleBookData.ordinals[ordinal].prefix(2)) + (localized.ordinals[language]?[ordinal] ?? [])
                add(book: index + 1, aliases: aliases, prefixes: prefixes)
            }
        }
    }

    private mutating func add(book: Int, aliases: [String], prefixes: [String]) {
        for prefix in prefixes {
            for alias in aliases {
                let key = normalizer.key(prefix + alias)
                if !key.isEmpty, byKey[key] == nil { byKey[key] = book }
            }
            fullNames.append((normalizer.collapsedScalars(prefix + aliases[0]), book))
        }
    }

    /// Every key and its book, for checking the table.
    var allKeys: [String: Int] { byKey }

    /// The book a written name stands for, with a confidence (1 for a known spelling).
    func book(for written: String, tolerant: Bool = true) -> (book: Int, confidence: Double)? {
        let key = normalizer.key(written)
        guard !key.isEmpty else { return nil }
        if let book = byKey[key] { return (book, 1) }
        let scalars = Array(key.unicodeScalars)
        guard tolerant, scalars.count >= 5 else { return nil }
        let limit = scalars.count >= 8 ? 1.5 : 1
        var best: (book: Int, distance: Double)?
        // Tolerance stops at the first letter: it is rarely misread, and it keeps this cheap.
        for (name, book) in fullNames where name.first == scalars.first && abs(name.count - scalars.count) <= 2 {
            if let d = distance.distance(scalars, name, limit: limit), d < (best?.distance ?? .infinity) {
                best = (book, d)
            }
        }
        return best.map { ($0.book, 1 - 0.2 * $0.distance) }
    }
}
