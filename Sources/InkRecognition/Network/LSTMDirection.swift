import Foundation

/// One direction of one LSTM layer with PyTorch's gate order (input, forget, cell, output).
struct LSTMDirection: Sendable {
    let inputSize: Int, hidden: Int
    /// PyTorch's `weight_ih`, `4·hidden × inputSize`, in 16-bit integers.
    let inputWeight: QuantizedMatrix
    /// PyTorch's `weight_hh`, `4·hidden × hidden`, in 16-bit integers.
    let recurrentWeight: QuantizedMatrix
    /// `bias_ih + bias_hh`.
    let bias: [Float]
    let reverse: Bool

    init(weightIH: [Float], weightHH: [Float], biasIH: [Float], biasHH: [Float], inputSize: Int, hidden: Int, reverse: Bool) {
        self.inputSize = inputSize; self.hidden = hidden; self.reverse = reverse
        inputWeight = QuantizedMatrix(outputMajor: weightIH, outputs: 4 * hidden, inputs: inputSize)
        recurrentWeight = QuantizedMatrix(outputMajor: weightHH, outputs: 4 * hidden, inputs: hidden)
        bias = zip(biasIH, biasHH).map { $0 + $1 }
    }

    /// Runs over `input` (`length × inputSize`) and writes each step's hidden state into
    /// `output` (`length × outputStride`) at column `outputOffset`. The input projection is one
    /// matrix multiply over all steps; only the recurrence is sequential. O(length·hidden·(in+hidden)).
    func run(_ input: [Float], length: Int, into output: UnsafeMutablePointer<Float>, outputStride: Int, outputOffset: Int) {
        let gatesWidth = 4 * hidden
        var gates = inputWeight.multiplyRows(input, rows: length, bias: bias)
        var h = [Float](repeating: 0, count: hidden)
        var c = [Float](repeating: 0, count: hidden)
        var previous = QuantizedVector(count: hidden)
        gates.withUnsafeMutableBufferPointer { g in
            h.withUnsafeMutableBufferPointer { h in
                c.withUnsafeMutableBufferPointer { c in
                    for step in 0..<length {
                        let t = reverse ? length - 1 - step : step
                        let z = g.baseAddress! + t * gatesWidth
                        previous.quantize(h.baseAddress!)
                        recurrentWeight.multiply(previous, adding: z, into: z)
                        updateCells(gates: z, cells: c.baseAddress!, states: h.baseAddress!,
                                    output: output + t * outputStride + outputOffset)
                    }
                }
            }
        }
    }

    /// One step's cell and hidden state from its gate pre-activations (`4·hidden`, PyTorch's
    /// order); the new state goes to `states` and `output`. Four lanes at a time in release
    /// builds; the scalar tail runs the same `cell` arithmetic. O(hidden).
    @inline(__always)
    private func updateCells(gates z: UnsafePointer<Float>, cells: UnsafeMutablePointer<Float>,
                             states: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>) {
        var j = 0
        if useSIMDKernels {
            while j + 4 <= hidden {
                let (state, next) = Self.cell(input: load4(z + j), forget: load4(z + hidden + j), candidate: load4(z + 2 * hidden + j),
                                              output: load4(z + 3 * hidden + j), previous: load4(cells + j))
                store4(state, cells + j)
                store4(next, states + j)
                store4(next, output + j)
                j += 4
            }
        }
        while j < hidden {
            let (state, next) = Self.cell(input: z[j], forget: z[hidden + j], candidate: z[2 * hidden + j],
                                          output: z[3 * hidden + j], previous: cells[j])
            cells[j] = state
            states[j] = next
            output[j] = next
            j += 1
        }
    }

    /// The LSTM cell on pre-activations: the new cell state and the new hidden state.
    @inline(__always)
    private static func cell<Lanes: ActivationLanes>(input: Lanes, forget: Lanes, candidate: Lanes, output: Lanes,
                                                     previous: Lanes) -> (state: Lanes, hidden: Lanes) {
        let state = Activations.sigmoid(forget) * previous + Activations.sigmoid(input) * Activations.tanh(candidate)
        return (state, Activations.sigmoid(output) * Activations.tanh(state))
    }
}
