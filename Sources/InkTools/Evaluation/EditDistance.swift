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

    /// The positions of `a` that an optimal alignment with `b` keeps (matched to an equal
    /// element): what was read right. Ties prefer matches, so the count is the most an optimal
    /// alignment can keep.
    ///
    /// ```swift
    /// EditDistance.keptPositions(Array("más"), Array("mas"))   // [0, 2]: the á was misread
    /// ```
    /// Complexity: O(m × n) time and memory.
    public static func keptPositions<T: Equatable>(_ a: [T], _ b: [T]) -> Set<Int> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        let width = b.count + 1
        var cost = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0...a.count { cost[i * width] = i }
        for j in 0...b.count { cost[j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                cost[i * width + j] = min(cost[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1),
                                          cost[(i - 1) * width + j] + 1, cost[i * width + j - 1] + 1)
            }
        }
        var kept = Set<Int>(), i = a.count, j = b.count
        while i > 0, j > 0 {
            let here = cost[i * width + j]
            if a[i - 1] == b[j - 1], here == cost[(i - 1) * width + j - 1] {
                kept.insert(i - 1)
                i -= 1
                j -= 1
            } else if here == cost[(i - 1) * width + j - 1] + 1 {
                i -= 1
                j -= 1
            } else if here == cost[(i - 1) * width + j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return kept
    }

    /// Distance between the characters of two strings.
    public static func between(characters a: String, _ b: String) -> Int { between(Array(a), Array(b)) }

    /// Distance between the space-separated words of two strings.
    public static func between(words a: String, _ b: String) -> Int { between(words(of: a), words(of: b)) }

    static func words(of text: String) -> [Substring] { text.split(separator: " ", omittingEmptySubsequences: true) }
}
