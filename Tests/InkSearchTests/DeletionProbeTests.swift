import InkSearch
import Testing

/// `DeletionProbe` decides key by key what a symmetric-deletion index finds: on random words
/// over a small alphabet (so that near misses are common), at every depth and length the
/// index uses, it agrees with `DeletionNeighborhood`'s variants exactly.
@Suite struct DeletionProbeTests {
    /// What a symmetric-deletion index answers: the word, or one of its variants `depth` deep,
    /// equals the key or one of the key's own variants (as deep as an index goes for it).
    static func indexFinds(_ word: String, depth: Int, key: String) -> Bool {
        var probes = DeletionNeighborhood.variants(of: word, depth: depth)
        probes.insert(word)
        var keyForms = DeletionNeighborhood.variants(of: key, depth: DeletionNeighborhood.indexDepth(forLength: key.unicodeScalars.count))
        keyForms.insert(key)
        return !probes.isDisjoint(with: keyForms)
    }

    @Test func agreesWithTheDeletionVariantsOnRandomWords() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("abcé1|")
        func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }) }
        var found = 0, compared = 0
        for _ in 0..<4_000 {
            let w = word(1 + Int(next() % 10))
            let depth = Int(next() % 3)
            let key = Int(next() % 4) == 0 ? w : word(1 + Int(next() % 11))
            let expected = Self.indexFinds(w, depth: depth, key: key)
            let probe = DeletionProbe(word: w, depth: depth)!
            let keyLength = key.unicodeScalars.count
            let decided = probe.keyLengths.contains(keyLength)
                && probe.sharesVariant(with: Array(key.unicodeScalars), keyDepth: DeletionNeighborhood.indexDepth(forLength: keyLength))
            #expect(decided == expected, "\(w) (depth \(depth)) against \(key)")
            compared += 1
            if expected { found += 1 }
        }
        // Both outcomes are exercised, not one.
        #expect(found > 400 && compared - found > 400, "\(found) of \(compared)")
    }

    @Test func aWordTooLongForVariantsHasNoProbeAndLongKeysMatchNothingFuzzily() {
        let long = String(repeating: "ab", count: 21)  // 42 scalars
        #expect(DeletionProbe(word: long, depth: 2) == nil)
        let probe = DeletionProbe(word: String(long.prefix(40)), depth: 2)!
        #expect(!probe.sharesVariant(with: Array(long.unicodeScalars), keyDepth: DeletionNeighborhood.indexDepth(forLength: 42)))
        #expect(probe.sharesVariant(with: Array(long.prefix(39).unicodeScalars), keyDepth: 2))
    }

    @Test func theExamplesOfItsDocumentation() {
        let probe = DeletionProbe(word: "grace", depth: 1)!
        #expect(probe.sharesVariant(with: Array("grase".unicodeScalars), keyDepth: 1))
        #expect(!probe.sharesVariant(with: Array("grapes".unicodeScalars), keyDepth: 1))
    }
}
