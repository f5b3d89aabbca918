import Foundation

/// The recognizer's network in pure Swift: Conv1d+ReLU layers (downsampling in time), a
/// bidirectional LSTM stack, a linear layer and log-softmax over the alphabet plus blank. It
/// mirrors `Training/model.py` (`InkNet.eval()`), with the same tensor names.
///
/// ```swift
/// let network = try InkNetwork(weights: WeightsFile(data: data))
/// let logProbabilities = network.run(features)   // frames × classes
/// ```
/// Complexity: O(points · channels²) for the convolutions plus O(frames · hidden · (in + hidden))
/// per LSTM direction and layer.
public struct InkNetwork: Sendable {
    let convolutions: [Conv1dLayer]
    /// Per layer, the forward and the backward direction.
    let lstm: [(forward: LSTMDirection, backward: LSTMDirection)]
    /// `classes × 2·hidden`.
    let outputWeight: QuantizedMatrix
    let outputBias: [Float]
    public let classCount: Int
    public let inputFeatures: Int
    let hidden: Int

    public init(weights: WeightsFile) throws {
        let shape = weights.metadata.model
        let classes = weights.metadata.alphabet.count + 1
        guard shape.convChannels.count == shape.convKernels.count, shape.convKernels.count == shape.convStrides.count,
              shape.layers > 0, shape.hidden > 0, shape.convKernels.allSatisfy({ $0 > 0 && $0 % 2 == 1 }),
              shape.convStrides.allSatisfy({ $0 > 0 }) else {
            throw WeightsError.inconsistentModel("convolution or LSTM settings \(shape)")
        }
        guard shape.inputFeatures == weights.metadata.features.featureCount else {
            throw WeightsError.inconsistentModel("network takes \(shape.inputFeatures) features, preprocessing makes \(weights.metadata.features.featureCount)")
        }
        var convolutions: [Conv1dLayer] = []
        var channels = shape.inputFeatures
        for (i, (out, (kernel, stride))) in zip(shape.convChannels, zip(shape.convKernels, shape.convStrides)).enumerated() {
            convolutions.append(Conv1dLayer(
                torchWeight: try weights.tensor("convs.\(i).weight", shape: [out, channels, kernel]),
                bias: try weights.tensor("convs.\(i).bias", shape: [out]),
                inputChannels: channels, outputChannels: out, kernel: kernel, stride: stride))
            channels = out
        }
        let h = shape.hidden
        var lstm: [(LSTMDirection, LSTMDirection)] = []
        for layer in 0..<shape.layers {
            let input = layer == 0 ? channels : 2 * h
            func direction(_ suffix: String, reverse: Bool) throws -> LSTMDirection {
                LSTMDirection(
                    weightIH: try weights.tensor("lstm.weight_ih_l\(layer)\(suffix)", shape: [4 * h, input]),
                    weightHH: try weights.tensor("lstm.weight_hh_l\(layer)\(suffix)", shape: [4 * h, h]),
                    biasIH: try weights.tensor("lstm.bias_ih_l\(layer)\(suffix)", shape: [4 * h]),
                    biasHH: try weights.tensor("lstm.bias_hh_l\(layer)\(suffix)", shape: [4 * h]),
                    inputSize: input, hidden: h, reverse: reverse)
            }
            lstm.append((try direction("", reverse: false), try direction("_reverse", reverse: true)))
        }
        self.convolutions = convolutions
        self.lstm = lstm
        outputWeight = QuantizedMatrix(outputMajor: try weights.tensor("out.weight", shape: [classes, 2 * h]), outputs: classes, inputs: 2 * h)
        outputBias = try weights.tensor("out.bias", shape: [classes])
        classCount = classes
        inputFeatures = shape.inputFeatures
        hidden = h
    }

    /// Total downsampling in time: one frame per `downsampling` input points.
    public var downsampling: Int { convolutions.reduce(1) { $0 * $1.stride } }

    /// How many frames `points` input rows produce.
    public func frameCount(points: Int) -> Int {
        convolutions.reduce(points) { $1.outputLength($0) }
    }

    /// Log-probabilities, `frames × classCount` row-major, for `rows × inputFeatures` features.
    /// Returns no frames for no rows.
    public func run(_ features: [Float], rows: Int) -> [Float] {
        guard rows > 0 else { return [] }
        var x = features, length = rows
        for conv in convolutions {
            x = conv(x, length: length)
            length = conv.outputLength(length)
        }
        for (forward, backward) in lstm {
            var next = [Float](repeating: 0, count: length * 2 * hidden)
            next.withUnsafeMutableBufferPointer { out in
                forward.run(x, length: length, into: out.baseAddress!, outputStride: 2 * hidden, outputOffset: 0)
                backward.run(x, length: length, into: out.baseAddress!, outputStride: 2 * hidden, outputOffset: hidden)
            }
            x = next
        }
        var logits = outputWeight.multiplyRows(x, rows: length, bias: outputBias)
        for frame in 0..<length { logSoftmax(&logits, offset: frame * classCount, count: classCount) }
        return logits
    }
}

/// In place, numerically stable: `x − max − log Σ exp(x − max)`.
func logSoftmax(_ values: inout [Float], offset: Int, count: Int) {
    var largest = -Float.infinity
    for i in offset..<(offset + count) { largest = max(largest, values[i]) }
    var sum: Float = 0
    for i in offset..<(offset + count) { sum += expf(values[i] - largest) }
    let shift = largest + logf(sum)
    for i in offset..<(offset + count) { values[i] -= shift }
}
