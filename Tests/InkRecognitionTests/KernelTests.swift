import Foundation
import Testing
@testable import InkRecognition

/// The SIMD kernel (release builds) and the scalar one (debug builds) compute the same product.
@Suite struct KernelTests {
    static func values(_ count: Int, seed: Int) -> [Float] {
        (0..<count).map { Float(sin(Double($0 * 7 + seed))) }
    }

    @Test(arguments: [(5, 37, 40), (1, 16, 64), (2, 3, 17)])
    func simdAndScalarAgree(shape: (Int, Int, Int)) {
        let (m, k, n) = shape
        let a = Self.values(m * k, seed: 1), b = Self.values(k * n, seed: 2), bias = Self.values(n, seed: 3)
        var simd = [Float](repeating: 0, count: m * n), scalar = simd
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in bias.withUnsafeBufferPointer { bias in
            simd.withUnsafeMutableBufferPointer { matrixMultiplySIMD(a.baseAddress!, b.baseAddress!, bias: bias.baseAddress!, into: $0.baseAddress!, m: m, k: k, n: n) }
            scalar.withUnsafeMutableBufferPointer { matrixMultiplyScalar(a.baseAddress!, b.baseAddress!, bias: bias.baseAddress!, into: $0.baseAddress!, m: m, k: k, n: n) }
        } } }
        #expect(maxAbsoluteDifference(simd, scalar) < 1e-4)
        // by hand, one entry
        let expected = bias[n - 1] + (0..<k).reduce(Float(0)) { $0 + a[(m - 1) * k + $1] * b[$1 * n + n - 1] }
        #expect(abs(simd[m * n - 1] - expected) < 1e-4)
    }

    @Test func accumulatesInPlaceForOneRow() {
        let k = 16, n = 48
        let a = Self.values(k, seed: 4), b = Self.values(k * n, seed: 5), start = Self.values(n, seed: 6)
        var simd = start, scalar = start
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in
            simd.withUnsafeMutableBufferPointer { matrixMultiplySIMD(a.baseAddress!, b.baseAddress!, bias: $0.baseAddress!, into: $0.baseAddress!, m: 1, k: k, n: n) }
            scalar.withUnsafeMutableBufferPointer { matrixMultiplyScalar(a.baseAddress!, b.baseAddress!, bias: $0.baseAddress!, into: $0.baseAddress!, m: 1, k: k, n: n) }
        } }
        #expect(maxAbsoluteDifference(simd, scalar) < 1e-4)
        let expected = start[0] + (0..<k).reduce(Float(0)) { $0 + a[$1] * b[$1 * n] }
        #expect(abs(simd[0] - expected) < 1e-4)
    }
}
