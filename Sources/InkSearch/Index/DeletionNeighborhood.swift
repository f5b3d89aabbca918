/// Strings reached by deleting up to `depth` characters: the keys of a symmetric-deletion
/// (SymSpell-style) index. Two words within `k` edits share a variant reached by at most `k`
/// deletions from each.
///
/// ```swift
/// DeletionNeighborhood.variants(of: "john", depth: 1)   // ["ohn", "jhn", "jon", "joh"]
/// ```
/// Complexity: O(n^depth) variants of O(n) each, for keys of at most `maximumLength` scalars;
/// none for longer keys, so that no key costs more than O(maximumLength^(depth + 1)).
public enum DeletionNeighborhood {
    /// The longest key that has variants. A reading longer than any word (a row of hatching read
    /// as one 1,500-letter "word") would otherwise cost O(n³) time and memory at depth 2 (1.7 GB
    /// for 1,500 letters); such keys are still found exactly and by prefix, never fuzzily, and a
    /// query that long is no word either.
    public static let maximumLength = 40

    /// Variants with 1...depth deletions (not the string itself); none for a key longer than
    /// `maximumLength`.
    public static func variants(of key: String, depth: Int) -> Set<String> {
        var result = Set<String>()
        let scalars = Array(key.unicodeScalars)
        guard scalars.count <= maximumLength else { return result }
        var frontier: Set<[Unicode.Scalar]> = [scalars]
        for _ in 0..<depth {
            var next = Set<[Unicode.Scalar]>()
            for scalars in frontier where scalars.count > 1 {
                for k in scalars.indices {
                    var shorter = scalars
                    shorter.remove(at: k)
                    next.insert(shorter)
                }
            }
            for scalars in next {
                var view = String.UnicodeScalarView(); view.append(contentsOf: scalars)
                result.insert(String(view))
            }
            frontier = next
        }
        return result
    }

    /// How deep an index goes for a key of `length` scalars: words this short are not matched
    /// fuzzily at all, long words up to two edits, and keys longer than `maximumLength` not at all.
    public static func indexDepth(forLength length: Int) -> Int {
        length > maximumLength ? 0 : length >= 8 ? 2 : length >= 3 ? 1 : 0
    }
}
