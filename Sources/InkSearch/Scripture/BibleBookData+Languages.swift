import Foundation
import InkCore
import InkRecognition

extension BibleBookData {
    /// The books' names and abbreviations in the 19 shipped languages besides English, and each
    /// language's ordinal words, as `Resources/BibleBookNames.tsv` lists them (its header gives
    /// the format, the sources and their terms).
    struct Localized: Sendable {
        /// Languages in the order of `RecognitionLanguage.all` (those the file has).
        var languages: [String] = []
        /// Language → 66 alias lists in canonical order (empty where the file has none).
        var aliases: [String: [[String]]] = [:]
        /// Language → ordinal (1...3) → words ("primera", "erste").
        var ordinals: [String: [Int: [String]]] = [:]
    }

    /// Read once from the bundle; empty where the resource is missing (English still works).
    static let localized: Localized = {
        // An installed copy where the C library names one (`ResourceBundles`), else SwiftPM's.
        let bundle = ResourceBundles.bundle(of: "InkSearch") { .module }
        guard let url = bundle.url(forResource: "BibleBookNames", withExtension: "tsv", subdirectory: "Resources")
            ?? bundle.url(forResource: "BibleBookNames", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8) else { return Localized() }
        return parseLocalized(text)
    }()

    /// Parses the TSV; malformed lines are skipped (the file is checked by tests, not by users).
    /// Complexity: O(n) in the text's length.
    static func parseLocalized(_ text: String) -> Localized {
        var result = Localized()
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let language = String(fields[0]), names = fields[2].split(separator: "|").map { String($0) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { continue }
            if fields[1].hasPrefix("ordinal"), let ordinal = Int(fields[1].dropFirst("ordinal".count)), (1...3).contains(ordinal) {
                result.ordinals[language, default: [:]][ordinal] = names
            } else if let book = Int(fields[1]), (1...rows.count).contains(book) {
                result.aliases[language, default: Array(repeating: [], count: rows.count)][book - 1] = names
            }
        }
        let order = RecognitionLanguage.all.map(\.code)
        result.languages = result.aliases.keys.sorted { (order.firstIndex(of: $0) ?? .max, $0) < (order.firstIndex(of: $1) ?? .max, $1) }
        return result
    }
}
