import Foundation
import Testing
@testable import InkRecognition

@Suite struct ActivationsTests {
    @Test func fastTanhAndSigmoidMatchLibm() {
        var worstTanh: Float = 0, worstSigmoid: Float = 0
        var x: Float = -20
        while x <= 20 {
            let lanes = SIMD16<Float>((0..<16).map { x + Float($0) * 0.0013 })
            let t = Activations.tanh(lanes), s = Activations.sigmoid(lanes)
            for i in 0..<16 {
                worstTanh = max(worstTanh, abs(t[i] - tanhf(lanes[i])))
                worstSigmoid = max(worstSigmoid, abs(s[i] - 1 / (1 + expf(-lanes[i]))))
            }
            x += 0.173
        }
        #expect(worstTanh < 1e-6)
        #expect(worstSigmoid < 1e-6)
    }
}
