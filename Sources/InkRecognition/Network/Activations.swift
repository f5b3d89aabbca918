import Foundation

/// Vectorized activations for the LSTM cell, 16 lanes at a time.
///
/// `tanh` is Eigen's rational approximation (`ptanh_float`: a degree-13/6 odd rational function
/// on [-7.9, 7.9], a few ulp from `tanhf`), so the gates need no libm call per element;
/// `sigmoid(x) = 0.5 + 0.5 · tanh(x / 2)`.
enum Activations {
    @inline(__always)
    static func tanh(_ input: SIMD16<Float>) -> SIMD16<Float> {
        let bound: Float = 7.90531110763549805
        let x = input.clamped(lowerBound: SIMD16(repeating: -bound), upperBound: SIMD16(repeating: bound))
        let x2 = x * x
        var p = SIMD16<Float>(repeating: -2.76076847742355e-16)
        p = p * x2 + 2.00018790482477e-13
        p = p * x2 - 8.60467152213735e-11
        p = p * x2 + 5.12229709037114e-08
        p = p * x2 + 1.48572235717979e-05
        p = p * x2 + 6.37261928875436e-04
        p = p * x2 + 4.89352455891786e-03
        p = p * x
        var q = SIMD16<Float>(repeating: 1.19825839466702e-06)
        q = q * x2 + 1.18534705686654e-04
        q = q * x2 + 2.26843463243900e-03
        q = q * x2 + 4.89352518554385e-03
        let tiny = input * input .< SIMD16(repeating: 1.6e-7)
        return (p / q).replacing(with: input, where: tiny)
    }

    @inline(__always)
    static func sigmoid(_ x: SIMD16<Float>) -> SIMD16<Float> {
        0.5 + 0.5 * tanh(0.5 * x)
    }

    /// The scalar path of unoptimized builds.
    @inline(__always)
    static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }
}
