import Foundation

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so synthetic ink,
/// generated pages, stand-in readings, load mixes and benchmark queries are the same on every
/// machine and run (the standard library's generator is not seedable). O(1) per value.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let coin = random.unit() < 0.5
/// let jitter = random.gaussian(0.3)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1, from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in -1...1.
    public mutating func signed() -> Double { Double.random(in: -1...1, using: &self) }

    /// Roughly normal (sum of three uniforms), mean 0, standard deviation ≈ 1, bounded by ±3:
    /// cheap, and never far out, which suits jitter of synthetic ink.
    public mutating func gaussian() -> Double { (signed() + signed() + signed()) }

    /// A normally distributed value with standard deviation `sigma` (Box–Muller).
    public mutating func gaussian(_ sigma: Double) -> Double {
        let a = Double.random(in: 1e-12..<1, using: &self), b = Double.random(in: 0..<1, using: &self)
        return sigma * sqrt(-2 * log(a)) * cos(2 * .pi * b)
    }
}

/// Smooth 1-D value noise in -1...1: random values at whole-number knots, joined by a smoothstep.
/// Stateless (a hash of seed, channel and knot), so any point can be evaluated in any order.
struct SmoothNoise: Sendable {
    let seed: UInt64
    let channel: UInt64
    /// Knots per unit of the argument.
    let frequency: Double

    func callAsFunction(_ t: Double) -> Double {
        let u = t * frequency
        let k = u.rounded(.down)
        let f = u - k
        let s = f * f * (3 - 2 * f)
        return knot(Int64(k)) * (1 - s) + knot(Int64(k) + 1) * s
    }

    private func knot(_ k: Int64) -> Double {
        let h = SeededRandom.mix(seed ^ SeededRandom.mix(channel &+ 0x51ED) ^ UInt64(bitPattern: k) &* 0x2545_F491_4F6C_DD1D)
        return Double(h >> 11) / Double(1 << 52) - 1
    }
}
