/// Whether the network runs its explicit-SIMD kernels. Unoptimized (debug) builds run the
/// scalar ones instead: generic SIMD types are hundreds of times slower without optimization,
/// which would make every test that recognizes ink take minutes. `KernelTests` checks that both
/// give the same results.
#if DEBUG
let useSIMDKernels = false
#else
let useSIMDKernels = true
#endif

/// `c[m×n] = a[m×k] · b[k×n] + bias[n]`, all row-major and contiguous. With `m == 1`, `bias`
/// may be `c` itself: then it accumulates, `c += a · b` (the LSTM's recurrent step).
@inline(__always)
func matrixMultiply(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
                    into c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int) {
    if useSIMDKernels {
        matrixMultiplySIMD(a, b, bias: bias, into: c, m: m, k: k, n: n)
    } else {
        matrixMultiplyScalar(a, b, bias: bias, into: c, m: m, k: k, n: n)
    }
}

/// The plain loop: one row of `c` at a time, `c[row, :] += a[row, inner] · b[inner, :]`.
func matrixMultiplyScalar(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
                          into c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int) {
    for row in 0..<m {
        let out = c + row * n
        if let bias { if bias != UnsafePointer(out) { out.update(from: bias, count: n) } } else { out.update(repeating: 0, count: n) }
        let left = a + row * k
        for inner in 0..<k {
            let scalar = left[inner]
            let right = b + inner * n
            for col in 0..<n { out[col] += scalar * right[col] }
        }
    }
}

/// Two rows of `c` at a time, 16 columns at a time, are kept in SIMD registers while `k` runs,
/// so each row of `b` is loaded once per pair of rows. Complexity: O(m·k·n).
func matrixMultiplySIMD(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
                    into c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int) {
    let wide = n - n % 16
    var row = 0
    while row < m {
        let pair = row + 1 < m
        let left0 = a + row * k, left1 = a + (pair ? row + 1 : row) * k
        let out0 = c + row * n, out1 = c + (pair ? row + 1 : row) * n
        var col = 0
        while col < wide {
            let start: SIMD16<Float> = bias.map { load16($0 + col) } ?? .zero
            var acc0 = start, acc1 = start
            var right = b + col
            if pair {
                for inner in 0..<k {
                    let column = load16(right)
                    acc0 += left0[inner] * column
                    acc1 += left1[inner] * column
                    right += n
                }
            } else {
                for inner in 0..<k {
                    acc0 += left0[inner] * load16(right)
                    right += n
                }
            }
            store16(acc0, out0 + col)
            if pair { store16(acc1, out1 + col) }
            col += 16
        }
        for tail in wide..<n {
            var sum0 = bias?[tail] ?? 0, sum1 = sum0
            for inner in 0..<k {
                let value = b[inner * n + tail]
                sum0 += left0[inner] * value
                sum1 += left1[inner] * value
            }
            out0[tail] = sum0
            if pair { out1[tail] = sum1 }
        }
        row += pair ? 2 : 1
    }
}

@inline(__always)
func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
}

@inline(__always)
func store16(_ v: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<Float>.self)
}

/// Row-major transpose of a `rows × columns` matrix.
func transposed(_ values: [Float], rows: Int, columns: Int) -> [Float] {
    var out = [Float](repeating: 0, count: values.count)
    for r in 0..<rows { for c in 0..<columns { out[c * rows + r] = values[r * columns + c] } }
    return out
}

/// `input[rows×k] · weight[k×n] + bias[n]` on arrays: the dense layer that the convolution (over
/// patches), the LSTM's input projection (over all steps) and the output layer share.
/// Complexity: O(rows·k·n).
func affine(_ input: [Float], rows: Int, weight: [Float], bias: [Float], k: Int, n: Int) -> [Float] {
    var output = [Float](repeating: 0, count: rows * n)
    input.withUnsafeBufferPointer { a in
        weight.withUnsafeBufferPointer { w in
            bias.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { o in
                    matrixMultiply(a.baseAddress!, w.baseAddress!, bias: b.baseAddress!, into: o.baseAddress!, m: rows, k: k, n: n)
                }
            }
        }
    }
    return output
}
