/// A 1-D convolution over time with zero padding `kernel / 2` and a ReLU, as PyTorch's
/// `Conv1d(padding=kernel // 2)` followed by `relu`. Input and output are time-major.
struct Conv1dLayer: Sendable {
    let inputChannels: Int, outputChannels: Int, kernel: Int, stride: Int
    /// `outputChannels × (kernel · inputChannels)`: each filter over a patch laid out [tap][channel].
    let weight: QuantizedMatrix
    let bias: [Float]

    /// `torchWeight` is PyTorch's `[out][in][kernel]`.
    init(torchWeight: [Float], bias: [Float], inputChannels: Int, outputChannels: Int, kernel: Int, stride: Int) {
        self.inputChannels = inputChannels; self.outputChannels = outputChannels
        self.kernel = kernel; self.stride = stride; self.bias = bias
        var w = [Float](repeating: 0, count: kernel * inputChannels * outputChannels)
        for o in 0..<outputChannels {
            for i in 0..<inputChannels {
                for t in 0..<kernel {
                    w[(o * kernel + t) * inputChannels + i] = torchWeight[(o * inputChannels + i) * kernel + t]
                }
            }
        }
        weight = QuantizedMatrix(outputMajor: w, outputs: outputChannels, inputs: kernel * inputChannels)
    }

    func outputLength(_ length: Int) -> Int { (length + 2 * (kernel / 2) - kernel) / stride + 1 }

    /// `input`: `length × inputChannels` → `outputLength(length) × outputChannels`.
    func callAsFunction(_ input: [Float], length: Int) -> [Float] {
        let outLength = outputLength(length), pad = kernel / 2, patchSize = kernel * inputChannels
        var patches = [Float](repeating: 0, count: outLength * patchSize)
        input.withUnsafeBufferPointer { x in
            patches.withUnsafeMutableBufferPointer { p in
                for t in 0..<outLength {
                    for tap in 0..<kernel {
                        let source = t * stride + tap - pad
                        guard source >= 0 && source < length else { continue }
                        (p.baseAddress! + t * patchSize + tap * inputChannels)
                            .update(from: x.baseAddress! + source * inputChannels, count: inputChannels)
                    }
                }
            }
        }
        var output = weight.multiplyRows(patches, rows: outLength, bias: bias)
        output.withUnsafeMutableBufferPointer { o in
            for i in 0..<o.count { o[i] = max(o[i], 0) }
        }
        return output
    }
}
