/// `c[m×n] = a[m×k] · b[k×n] + bias[n]`, all row-major and contiguous. The inner loop runs
/// along a row of `b` and `c`, which the compiler vectorizes (SIMD) in release builds.
/// Complexity: O(m·k·n).
@inline(__always)
func matrixMultiply(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
                    into c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int) {
    for row in 0..<m {
        let out = c + row * n
        if let bias { out.update(from: bias, count: n) } else { out.update(repeating: 0, count: n) }
        let left = a + row * k
        for inner in 0..<k {
            let scalar = left[inner]
            if scalar == 0 { continue }
            let right = b + inner * n
            for col in 0..<n { out[col] += scalar * right[col] }
        }
    }
}

/// Row-major transpose of a `rows × columns` matrix.
func transposed(_ values: [Float], rows: Int, columns: Int) -> [Float] {
    var out = [Float](repeating: 0, count: values.count)
    for r in 0..<rows { for c in 0..<columns { out[c * rows + r] = values[r * columns + c] } }
    return out
}
