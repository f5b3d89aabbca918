/// Strings reached by deleting up to `depth` characters: the keys of a symmetric-deletion
/// (SymSpell-style) index. Two words within `k` edits share a variant reached by at most `k`
/// deletions from each.
///
/// ```swift
/// DeletionNeighborhood.variants(of: "john", depth: 1)   // ["ohn", "jhn", "jon", "joh"]
/// ```
/// Complexity: O(n^depth) variants of O(n) each.
public enum DeletionNeighborhood {
    /// Variants with 1...depth deletions (not the string itself).
    public static func variants(of key: String, depth: Int) -> Set<String> {
        var result = Set<String>()
        var frontier: Set<[Unicode.Scalar]> = [Array(key.unicodeScalars)]
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
    /// fuzzily at all, long words up to two edits.
    public static func indexDepth(forLength length: Int) -> Int {
        length >= 8 ? 2 : length >= 3 ? 1 : 0
    }
}
