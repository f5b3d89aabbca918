/// The LSTM cell's activations without a libm call per element.
///
/// `tanh` is Eigen's rational approximation (`ptanh_float`: a degree-13/6 odd rational function
/// on [-7.9, 7.9], within 1e-6 of `tanhf`); `sigmoid(x) = 0.5 + 0.5 · tanh(x / 2)`. The scalar
/// and the `SIMD4<Float>` forms do the same operations in the same order, so they agree bit for
/// bit; the vector form is four lanes of one SSE register (the optimizer left the scalar loop
/// over the LSTM's gates unvectorized, measured), the scalar one serves debug builds and tails.
enum Activations {
    @inline(__always)
    static func tanh(_ input: Float) -> Float {
        let x = min(max(input, -7.90531110763549805), 7.90531110763549805)
        let x2 = x * x
        var p: Float = -2.76076847742355e-16
        p = p * x2 + 2.00018790482477e-13
        p = p * x2 - 8.60467152213735e-11
        p = p * x2 + 5.12229709037114e-08
        p = p * x2 + 1.48572235717979e-05
        p = p * x2 + 6.37261928875436e-04
        p = p * x2 + 4.89352455891786e-03
        var q: Float = 1.19825839466702e-06
        q = q * x2 + 1.18534705686654e-04
        q = q * x2 + 2.26843463243900e-03
        q = q * x2 + 4.89352518554385e-03
        return p * x / q
    }

    @inline(__always)
    static func sigmoid(_ x: Float) -> Float { 0.5 + 0.5 * tanh(0.5 * x) }

    @inline(__always)
    static func tanh(_ input: SIMD4<Float>) -> SIMD4<Float> {
        // `replace(with:where:)` becomes a compare and a blend; `pointwiseMin` stayed a call
        // (3% of recognition, measured).
        let bound = SIMD4<Float>(repeating: 7.90531110763549805)
        var x = input
        x.replace(with: bound, where: x .> bound)
        x.replace(with: -bound, where: x .< -bound)
        let x2 = x * x
        var p = SIMD4<Float>(repeating: -2.76076847742355e-16)
        p = p * x2 + 2.00018790482477e-13
        p = p * x2 - 8.60467152213735e-11
        p = p * x2 + 5.12229709037114e-08
        p = p * x2 + 1.48572235717979e-05
        p = p * x2 + 6.37261928875436e-04
        p = p * x2 + 4.89352455891786e-03
        var q = SIMD4<Float>(repeating: 1.19825839466702e-06)
        q = q * x2 + 1.18534705686654e-04
        q = q * x2 + 2.26843463243900e-03
        q = q * x2 + 4.89352518554385e-03
        return p * x / q
    }

    @inline(__always)
    static func sigmoid(_ x: SIMD4<Float>) -> SIMD4<Float> { 0.5 + 0.5 * tanh(0.5 * x) }
}
