import Testing
@testable import InkRecognition

@Suite struct InkRecognitionSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
