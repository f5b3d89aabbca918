import Testing
@testable import InkSynthesis

@Suite struct InkSynthesisSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
