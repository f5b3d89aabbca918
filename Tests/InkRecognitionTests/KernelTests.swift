import Foundation
import Testing
@testable import InkRecognition

/// The network's 16-bit integer products: the SIMD kernel (release builds) and the scalar one
/// (debug builds) give the same sums, close to the float product, and never overflow.
@Suite struct KernelTests {
    static func values(_ count: Int, seed: Int) -> [Float] {
        (0..<count).map { Float(sin(Double($0 * 7 + seed))) }
    }

    /// Float reference: `bias + weight[outputs × inputs] · x`.
    static func reference(_ weight: [Float], _ x: [Float], bias: [Float]) -> [Float] {
        bias.indices.map { o in bias[o] + x.indices.reduce(Float(0)) { $0 + weight[o * x.count + $1] * x[$1] } }
    }

    static func product(_ matrix: QuantizedMatrix, _ x: [Float], bias: [Float]) -> [Float] {
        matrix.multiplyRows(x, rows: 1, bias: bias)
    }

    /// Weights and inputs spread over their whole ranges, or all at the extreme of one sign.
    static func integers(_ count: Int, limit: Int16, seed: Int, extreme: Bool) -> [Int16] {
        (0..<count).map { extreme ? -limit : Int16(Double(limit) * sin(Double($0 * 7 + seed))) }
    }

    @Test(arguments: [(0, false), (5, false), (8, false), (13, false), (37, false), (128, false), (200, false), (320, true), (71, true)])
    func simdSumsEqualScalarSumsAndTheExactSum(count: Int, extreme: Bool) {
        let a = Self.integers(4 * count, limit: QuantizedMatrix.limit, seed: 1, extreme: extreme)
        let b = Self.integers(count, limit: QuantizedVector.limit, seed: 2, extreme: extreme)
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in
            let sums = dotProducts4(a.baseAddress!, stride: count, b.baseAddress!, count: count)
            for row in 0..<4 {
                let exact = (0..<count).reduce(Int64(0)) { $0 + Int64(a[row * count + $1]) * Int64(b[$1]) }
                #expect(abs(Double(sums[row]) - Double(exact)) <= Double(abs(exact)) * 1e-6, "row \(row)")
                #expect(sums[row] == dotProduct(a.baseAddress! + row * count, b.baseAddress!, count: count))
            }
        } }
    }

    @Test(arguments: [(0, false), (8, false), (13, false), (128, false), (200, false), (320, true), (71, true)])
    func twoVectorsAtOnceSumAsOneAtATime(count: Int, extreme: Bool) {
        let a = Self.integers(4 * count, limit: QuantizedMatrix.limit, seed: 3, extreme: extreme)
        let b = Self.integers(count, limit: QuantizedVector.limit, seed: 4, extreme: extreme)
        let c = Self.integers(count, limit: QuantizedVector.limit, seed: 5, extreme: false)
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in c.withUnsafeBufferPointer { c in
            let (first, second) = dotProducts4x2(a.baseAddress!, stride: count, b.baseAddress!, c.baseAddress!, count: count)
            for row in 0..<4 {
                #expect(first[row] == dotProduct(a.baseAddress! + row * count, b.baseAddress!, count: count), "row \(row)")
                #expect(second[row] == dotProduct(a.baseAddress! + row * count, c.baseAddress!, count: count), "row \(row)")
            }
        } } }
    }

    @Test func twoInputsAtOnceGiveTheProductsOfEach() {
        let matrix = QuantizedMatrix(outputMajor: Self.values(9 * 70, seed: 6), outputs: 9, inputs: 70)
        let bias = Self.values(9, seed: 7)
        var first = QuantizedVector(count: 70), second = QuantizedVector(count: 70)
        let x = Self.values(70, seed: 8), y = Self.values(70, seed: 9)
        var one = [Float](repeating: 0, count: 9), other = one, pairOne = one, pairOther = one
        x.withUnsafeBufferPointer { first.quantize($0.baseAddress!) }
        y.withUnsafeBufferPointer { second.quantize($0.baseAddress!) }
        bias.withUnsafeBufferPointer { b in
            matrix.multiply(first, adding: b.baseAddress!, into: &one)
            matrix.multiply(second, adding: b.baseAddress!, into: &other)
            matrix.multiply(first, second, adding: b.baseAddress!, into: &pairOne, &pairOther)
        }
        #expect(pairOne == one && pairOther == other, "9 outputs: two blocks of four and a scalar tail")
    }

    @Test(arguments: [(7, 40), (512, 128), (81, 256), (3, 5)])
    func quantizedProductIsCloseToTheFloatProduct(shape: (Int, Int)) {
        let (outputs, inputs) = shape
        let weight = Self.values(outputs * inputs, seed: 2).map { $0 * 0.3 }
        let x = Self.values(inputs, seed: 1).map { $0 * 4 }, bias = Self.values(outputs, seed: 3)
        let matrix = QuantizedMatrix(outputMajor: weight, outputs: outputs, inputs: inputs)
        let expected = Self.reference(weight, x, bias: bias), got = Self.product(matrix, x, bias: bias)
        // Error relative to the largest possible sum, Σ|w|·max|x| per output.
        let bound = weight.map(abs).reduce(0, +) / Float(outputs) * 4
        #expect(maxAbsoluteDifference(expected, got) <= bound * 1e-3)
    }

    @Test func extremeInputsCannotOverflow() {
        // Every weight and input at its largest, all of one sign: the worst case for Int32.
        let inputs = 256
        let weight = [Float](repeating: 1, count: 4 * inputs), x = [Float](repeating: -1, count: inputs)
        let matrix = QuantizedMatrix(outputMajor: weight, outputs: 4, inputs: inputs)
        let got = Self.product(matrix, x, bias: [0, 0, 0, 0])
        for value in got { #expect(abs(value + Float(inputs)) < 0.05) }
    }

    @Test func quantizingRoundsToNearestAndHandlesDegenerateVectors() {
        var vector = QuantizedVector(count: 4)
        let source: [Float] = [1, -0.5, 0.25 / 16383, 0.75 / 16383]
        source.withUnsafeBufferPointer { vector.quantize($0.baseAddress!) }
        #expect(vector.values == [16383, -8192, 0, 1])  // -8191.5 rounds to even
        #expect(abs(vector.scale - 1 / 16383) < 1e-9)
        for degenerate: [Float] in [[0, 0, 0, 0], [.nan, 1, 2, 3], [.infinity, 0, 0, 0]] {
            degenerate.withUnsafeBufferPointer { vector.quantize($0.baseAddress!) }
            #expect(vector.values == [0, 0, 0, 0] && vector.scale == 0)
        }
    }

    @Test func vectorActivationsEqualScalarOnes() {
        var x: Float = -12
        while x < 12 {
            let lanes = SIMD4<Float>(x, x + 0.013, -x, x * 0.5)
            let tanh = Activations.tanh(lanes), sigmoid = Activations.sigmoid(lanes)
            for lane in 0..<4 {
                #expect(tanh[lane] == Activations.tanh(lanes[lane]))
                #expect(sigmoid[lane] == Activations.sigmoid(lanes[lane]))
            }
            x += 0.37
        }
    }
}
