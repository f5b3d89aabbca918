import Testing
@testable import InkSearch

@Suite struct InkSearchSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
