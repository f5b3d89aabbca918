import Foundation
import InkRecognition
import Testing
@testable import InkSearch

/// Readings no writer means as words (a row of hatching read as one 1,500-letter "word") cost
/// work in proportion to their length, and real words are matched as before.
@Suite struct PathologicalInputTests {
    @Test func deletionVariantsAsBefore() {
        #expect(DeletionNeighborhood.variants(of: "john", depth: 1) == ["ohn", "jhn", "jon", "joh"])
        #expect(DeletionNeighborhood.variants(of: "grace", depth: 2).count == 15)
        #expect(DeletionNeighborhood.indexDepth(forLength: 2) == 0)
        #expect(DeletionNeighborhood.indexDepth(forLength: 5) == 1)
        #expect(DeletionNeighborhood.indexDepth(forLength: 12) == 2)
    }

    @Test func keysLongerThanAnyWordHaveNoVariants() {
        let longest = String(repeating: "ab", count: DeletionNeighborhood.maximumLength / 2)
        #expect(!DeletionNeighborhood.variants(of: longest, depth: 2).isEmpty)
        let tooLong = longest + "c"
        #expect(DeletionNeighborhood.variants(of: tooLong, depth: 2).isEmpty)
        #expect(DeletionNeighborhood.indexDepth(forLength: tooLong.unicodeScalars.count) == 0)
        // 3,000 letters: no variants at all, where depth 2 would make 4.5 million of 3 kB each.
        #expect(DeletionNeighborhood.variants(of: String(repeating: "il", count: 1500), depth: 2).isEmpty)
    }

    @Test func aThousandLetterReadingIsIndexedAndTheWordsBesideItAreFound() {
        let hatching = String(repeating: "ill", count: 400)
        var index = SearchIndex<Int>(), plain = SearchIndex<Int>()
        index.add(TokenFixtures.tokens(["grace \(hatching) righteousness"]), to: 0)
        plain.add(TokenFixtures.tokens(["grace righteousness"]), to: 0)
        #expect(index.search("grace").map(\.hit.reading) == ["grace"])
        // Fuzzy matching of the real words beside it is what it would be without it.
        for query in ["righteousnes", "rigtheousness", "grase"] {
            #expect(index.search(query).map(\.hit.reading) == plain.search(query).map(\.hit.reading), "\(query)")
        }
        #expect(index.search("righteousnes").map(\.hit.reading) == ["righteousness"])
        // The long reading itself is still found by a prefix.
        #expect(index.search("illillill").contains { $0.hit.reading == hatching })
    }
}
