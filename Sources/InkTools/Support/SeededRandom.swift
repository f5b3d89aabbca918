import Foundation

/// A small deterministic random source (SplitMix64), so that generated pages, stand-in readings,
/// load mixes and benchmark queries are the same on every run and machine (the standard
/// library's generator is not seedable). O(1) per value.
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
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1, from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A normally distributed value (Box–Muller).
    public mutating func gaussian(_ sigma: Double) -> Double {
        let a = Double.random(in: 1e-12..<1, using: &self), b = Double.random(in: 0..<1, using: &self)
        return sigma * sqrt(-2 * log(a)) * cos(2 * .pi * b)
    }
}
