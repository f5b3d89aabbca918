import Testing
@testable import InkLayout

@Suite struct InkLayoutSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
