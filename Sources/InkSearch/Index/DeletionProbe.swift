/// Whether a word and a key share a deletion variant, without listing the variants: what a
/// symmetric-deletion index (`DeletionNeighborhood`) finds, decided key by key.
///
/// A word `depth` deletions deep and a key `keyDepth` deep (`DeletionNeighborhood.indexDepth`)
/// share a variant (or one is the other, or a variant of the other) exactly when they have a
/// common subsequence of at least `max(word.count - depth, key.count - keyDepth, 1)` scalars:
/// deleting down to that subsequence takes at most `depth` from the word and `keyDepth` from the
/// key. The longest common subsequence is computed bit-parallel (one 64-bit word holds the
/// word's scalars), so a key costs O(its length) operations.
///
/// A library that keeps its keys in memory probes each of them instead of storing every key's
/// variants (15 a key on average: the largest derived table of a library before schema 11).
///
/// ```swift
/// let probe = DeletionProbe(word: "grace", depth: 1)!
/// probe.sharesVariant(with: Array("grase".unicodeScalars), keyDepth: 1)   // true: "grae"
/// probe.sharesVariant(with: Array("grapes".unicodeScalars), keyDepth: 1)  // false
/// ```
public struct DeletionProbe: Sendable {
    public let length: Int
    public let depth: Int
    /// For each ASCII scalar, the word's positions that hold it, one bit each.
    private var asciiMasks = [UInt64](repeating: 0, count: 128)
    private var otherMasks: [UInt32: UInt64] = [:]

    /// A probe for `word` (a key as `TextNormalizer` makes it), `depth` deletions deep (at most
    /// 2, as `SearchIndex` goes). Nil for a word longer than `DeletionNeighborhood.maximumLength`,
    /// which has no variants: it matches only a key equal to it.
    public init?(word: String, depth: Int) {
        let scalars = Array(word.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= DeletionNeighborhood.maximumLength else { return nil }
        length = scalars.count
        self.depth = depth
        for (position, scalar) in scalars.enumerated() {
            let bit = UInt64(1) << UInt64(position)
            if scalar.value < 128 { asciiMasks[Int(scalar.value)] |= bit } else { otherMasks[scalar.value, default: 0] |= bit }
        }
    }

    /// The lengths of keys that can share a variant with the word: a key deletes at most 2.
    public var keyLengths: ClosedRange<Int> { max(1, length - depth)...(length + 2) }

    /// Whether the key (its scalars' values), `keyDepth` deletions deep, shares a variant with
    /// the word (or equals it, or one is a variant of the other). O(key length).
    public func sharesVariant(with key: UnsafeBufferPointer<UInt32>, keyDepth: Int) -> Bool {
        let needed = Swift.max(length - depth, key.count - keyDepth, 1)
        guard needed <= Swift.min(length, key.count) else { return false }
        return longestCommonSubsequence(with: key) >= needed
    }

    public func sharesVariant(with key: [Unicode.Scalar], keyDepth: Int) -> Bool {
        key.map(\.value).withUnsafeBufferPointer { sharesVariant(with: $0, keyDepth: keyDepth) }
    }

    /// The length of the longest common subsequence of the word and `key` (Allison and Dix's
    /// bit-vector recurrence: a zero bit in `v` for each position where the LCS grows).
    func longestCommonSubsequence(with key: UnsafeBufferPointer<UInt32>) -> Int {
        var v = UInt64.max
        asciiMasks.withUnsafeBufferPointer { ascii in
            for scalar in key {
                let mask = scalar < 128 ? ascii[Int(scalar)] : otherMasks[scalar] ?? 0
                let u = v & mask
                v = (v &+ u) | (v & ~mask)
            }
        }
        let word = length == 64 ? UInt64.max : (UInt64(1) << UInt64(length)) - 1
        return (~v & word).nonzeroBitCount
    }
}
