import Foundation

/// One direction of one LSTM layer with PyTorch's gate order (input, forget, cell, output).
struct LSTMDirection: Sendable {
    let inputSize: Int, hidden: Int
    /// `inputSize × 4·hidden` (PyTorch's `weight_ih` transposed).
    let inputWeight: [Float]
    /// `hidden × 4·hidden` (PyTorch's `weight_hh` transposed).
    let recurrentWeight: [Float]
    /// `bias_ih + bias_hh`.
    let bias: [Float]
    let reverse: Bool

    init(weightIH: [Float], weightHH: [Float], biasIH: [Float], biasHH: [Float], inputSize: Int, hidden: Int, reverse: Bool) {
        self.inputSize = inputSize; self.hidden = hidden; self.reverse = reverse
        inputWeight = transposed(weightIH, rows: 4 * hidden, columns: inputSize)
        recurrentWeight = transposed(weightHH, rows: 4 * hidden, columns: hidden)
        bias = zip(biasIH, biasHH).map { $0 + $1 }
    }

    /// Runs over `input` (`length × inputSize`) and writes each step's hidden state into
    /// `output` (`length × outputStride`) at column `outputOffset`. The input projection is one
    /// matrix multiply over all steps; only the recurrence is sequential. O(length·hidden·(in+hidden)).
    func run(_ input: [Float], length: Int, into output: UnsafeMutablePointer<Float>, outputStride: Int, outputOffset: Int) {
        let gatesWidth = 4 * hidden
        var gates = affine(input, rows: length, weight: inputWeight, bias: bias, k: inputSize, n: gatesWidth)
        var h = [Float](repeating: 0, count: hidden)
        var c = [Float](repeating: 0, count: hidden)
        gates.withUnsafeMutableBufferPointer { g in
            recurrentWeight.withUnsafeBufferPointer { u in
                h.withUnsafeMutableBufferPointer { h in
                    c.withUnsafeMutableBufferPointer { c in
                        for step in 0..<length {
                            let t = reverse ? length - 1 - step : step
                            let z = g.baseAddress! + t * gatesWidth
                            matrixMultiply(h.baseAddress!, u.baseAddress!, bias: z, into: z, m: 1, k: hidden, n: gatesWidth)
                            let out = output + t * outputStride + outputOffset
                            let cells = c.baseAddress!, states = h.baseAddress!
                            for j in 0..<hidden {
                                let i = Activations.sigmoid(z[j]), f = Activations.sigmoid(z[hidden + j])
                                let cell = Activations.tanh(z[2 * hidden + j]), o = Activations.sigmoid(z[3 * hidden + j])
                                let state = f * cells[j] + i * cell
                                let output = o * Activations.tanh(state)
                                cells[j] = state
                                states[j] = output
                                out[j] = output
                            }
                        }
                    }
                }
            }
        }
    }
}
