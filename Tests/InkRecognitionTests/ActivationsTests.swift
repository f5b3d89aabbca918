import Foundation
import Testing
@testable import InkRecognition

@Suite struct ActivationsTests {
    @Test func fastTanhAndSigmoidMatchLibm() {
        var worstTanh: Float = 0, worstSigmoid: Float = 0
        var x: Float = -20
        while x <= 20 {
            worstTanh = max(worstTanh, abs(Activations.tanh(x) - tanhf(x)))
            worstSigmoid = max(worstSigmoid, abs(Activations.sigmoid(x) - 1 / (1 + expf(-x))))
            x += 0.00173
        }
        #expect(worstTanh < 1e-6)
        #expect(worstSigmoid < 1e-6)
        #expect(Activations.tanh(Float(0)) == 0)
        #expect(Activations.tanh(Float(100)) <= 1 && Activations.tanh(Float(-100)) >= -1)
    }
}
