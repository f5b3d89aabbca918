import Testing
@testable import InkIndex

@Suite struct InkIndexSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
