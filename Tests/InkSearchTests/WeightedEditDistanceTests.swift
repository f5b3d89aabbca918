import Testing
@testable import InkSearch

@Suite struct WeightedEditDistanceTests {
    let n = TextNormalizer.standard
    let d = WeightedEditDistance()

    func distance(_ a: String, _ b: String, limit: Double = 3) -> Double? {
        d.distance(n.collapsedScalars(a), n.collapsedScalars(b), limit: limit)
    }

    @Test func confusionsAreFreeOrCheapAndOtherEditsCostOne() {
        #expect(distance("Psalm", "Psa1m") == 0)
        #expect(distance("Jahn", "John") == 0.5)
        #expect(distance("grace", "grape") == 1)
        #expect(distance("grace", "grae") == 1)
        #expect(distance("grace", "grac") == 0.7)  // a lost "e" is a cheap confusion
        #expect(distance("house", "mouse") == 1)
    }

    @Test func severalCharacterConfusionsAreOneCheapEdit() {
        #expect((distance("summer", "sunnmer") ?? 9) <= 0.5)
    }

    @Test func limitCutsOff() {
        #expect(distance("faithfulness", "grace", limit: 2) == nil)
        #expect(distance("abc", "xyz", limit: 2) == nil)
    }

    @Test func prefixDistanceIgnoresTheRestOfTheReading() {
        #expect(d.prefixDistance(n.collapsedScalars("note"), n.collapsedScalars("notebook"), limit: 0) == 0)
        #expect(d.prefixDistance(n.collapsedScalars("nate"), n.collapsedScalars("notebook"), limit: 0.5) == 0.5)
        #expect(d.distance(n.collapsedScalars("note"), n.collapsedScalars("notebook"), limit: 1) == nil)
    }

    @Test func thresholdGrowsWithLength() {
        let p = MatchPolicy.standard
        #expect(p.maxDistance(forLength: 3) == 0)
        #expect(p.maxDistance(forLength: 4) < p.maxDistance(forLength: 6))
        #expect(p.maxDistance(forLength: 6) < p.maxDistance(forLength: 12))
        #expect(p.maxDistance(forLength: 40) == 2)
    }
}
