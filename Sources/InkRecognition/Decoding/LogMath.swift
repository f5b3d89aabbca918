import Foundation

/// log(exp(a) + exp(b)) without overflow; `-infinity` is the log of zero.
@inline(__always)
func logSumExp(_ a: Double, _ b: Double) -> Double {
    if a == -.infinity { return b }
    if b == -.infinity { return a }
    return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b))
}
