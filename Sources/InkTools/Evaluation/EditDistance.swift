/// Levenshtein distance: the fewest insertions, deletions and substitutions that turn one
/// sequence into the other.
///
/// ```swift
/// EditDistance.between(Array("kitten"), Array("sitting")) // 3
/// EditDistance.between(words: "the cat sat", "the cat sat down") // 1
/// ```
/// Complexity: O(m × n) time, O(min(m, n)) memory.
public enum EditDistance {
    public static func between<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        guard !short.isEmpty else { return long.count }
        var previous = Array(0...short.count)
        var current = [Int](repeating: 0, count: short.count + 1)
        for i in 1...long.count {
            current[0] = i
            for j in 1...short.count {
                let substitution = previous[j - 1] + (long[i - 1] == short[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[short.count]
    }

    /// Distance between the characters of two strings.
    public static func between(characters a: String, _ b: String) -> Int { between(Array(a), Array(b)) }

    /// Distance between the space-separated words of two strings.
    public static func between(words a: String, _ b: String) -> Int { between(words(of: a), words(of: b)) }

    static func words(of text: String) -> [Substring] { text.split(separator: " ", omittingEmptySubsequences: true) }
}
