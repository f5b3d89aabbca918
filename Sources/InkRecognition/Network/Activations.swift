/// The LSTM cell's activations without a libm call per element.
///
/// `tanh` is Eigen's rational approximation (`ptanh_float`: a degree-13/6 odd rational function
/// on [-7.9, 7.9], within 1e-6 of `tanhf`); `sigmoid(x) = 0.5 + 0.5 · tanh(x / 2)`. One generic
/// body serves `Float` and `SIMD4<Float>`, so both do the same operations in the same order and
/// agree bit for bit. The vector form is four lanes of one SSE register (the optimizer left the
/// scalar loop over the LSTM's gates unvectorized, measured); the scalar one serves debug builds.
enum Activations {
    @inline(__always)
    static func tanh<Lanes: ActivationLanes>(_ input: Lanes) -> Lanes {
        let x = input.clamped(magnitude: 7.90531110763549805)
        let x2 = x * x
        var p = Lanes(broadcasting: -2.76076847742355e-16)
        p = p * x2 + Lanes(broadcasting: 2.00018790482477e-13)
        p = p * x2 - Lanes(broadcasting: 8.60467152213735e-11)
        p = p * x2 + Lanes(broadcasting: 5.12229709037114e-08)
        p = p * x2 + Lanes(broadcasting: 1.48572235717979e-05)
        p = p * x2 + Lanes(broadcasting: 6.37261928875436e-04)
        p = p * x2 + Lanes(broadcasting: 4.89352455891786e-03)
        var q = Lanes(broadcasting: 1.19825839466702e-06)
        q = q * x2 + Lanes(broadcasting: 1.18534705686654e-04)
        q = q * x2 + Lanes(broadcasting: 2.26843463243900e-03)
        q = q * x2 + Lanes(broadcasting: 4.89352518554385e-03)
        return p * x / q
    }

    @inline(__always)
    static func sigmoid<Lanes: ActivationLanes>(_ x: Lanes) -> Lanes {
        let half = Lanes(broadcasting: 0.5)
        return half + half * tanh(half * x)
    }
}

/// One float or a vector of them: what `Activations` computes on.
protocol ActivationLanes {
    init(broadcasting value: Float)
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
    /// Each value limited to `-limit...limit`.
    func clamped(magnitude limit: Float) -> Self
}

extension Float: ActivationLanes {
    @inline(__always) init(broadcasting value: Float) { self = value }
    @inline(__always) func clamped(magnitude limit: Float) -> Float { Swift.min(Swift.max(self, -limit), limit) }
}

extension SIMD4: ActivationLanes where Scalar == Float {
    @inline(__always) init(broadcasting value: Float) { self.init(repeating: value) }
    /// `replace(with:where:)` becomes a compare and a blend; `pointwiseMin` stayed a call
    /// (3% of recognition, measured).
    @inline(__always) func clamped(magnitude limit: Float) -> SIMD4<Float> {
        var x = self
        x.replace(with: limit, where: x .> limit)
        x.replace(with: -limit, where: x .< -limit)
        return x
    }
}
