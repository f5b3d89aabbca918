/// A weight matrix held as 16-bit integers, one scale per output: every product of the network
/// (convolutions, LSTM, output layer) runs on it.
///
/// Why integers: the package is built for baseline x86-64 (SSE2, no FMA), where a float
/// multiply-add costs two instructions for four lanes. `pmaddwd` multiplies eight pairs of
/// `Int16`s and adds neighbours into four `Int32`s in one instruction. Recognition took 10.2 ms a
/// line with float products and 6.4 ms with these (`inkindex bench-recognizer`, one core).
///
/// Exactness: weights are within ±8191 and inputs within ±16383, so 64 products summed in
/// four `Int32` lanes cannot overflow; each block of 64 is then added as floats, in an order that
/// the scalar form (debug builds, tails) repeats exactly, so both agree bit for bit.
///
/// Precision: each output's largest weight maps to 8191, each input vector's largest value to
/// 16383. `GoldenTests` states the tolerance against PyTorch.
///
/// ```swift
/// let matrix = QuantizedMatrix(outputMajor: weightIH, outputs: 512, inputs: 128)
/// var input = QuantizedVector(count: 128)
/// input.quantize(x)                                   // x: UnsafePointer<Float>, 128 values
/// matrix.multiply(input, adding: bias, into: gates)   // gates = bias + W · x
/// ```
struct QuantizedMatrix: Sendable {
    let outputs: Int, inputs: Int
    /// `outputs × inputs`, each output's weights contiguous (PyTorch's `[out][in]` layout).
    let values: [Int16]
    /// Per output: weight ≈ value × scale.
    let scales: [Float]
    /// The largest weight of each output maps to this (see `quantizedBlockLength`).
    static let limit: Int16 = 8191

    /// `weights` is `outputs × inputs`, row-major by output. O(outputs · inputs).
    init(outputMajor weights: [Float], outputs: Int, inputs: Int) {
        precondition(weights.count == outputs * inputs, "weights are \(weights.count), not \(outputs)×\(inputs)")
        self.outputs = outputs; self.inputs = inputs
        var values = [Int16](repeating: 0, count: weights.count)
        var scales = [Float](repeating: 0, count: outputs)
        for output in 0..<outputs {
            let row = weights[(output * inputs)..<((output + 1) * inputs)]
            let largest = row.reduce(0) { max($0, abs($1)) }
            guard largest > 0, largest.isFinite else { continue }
            let factor = Float(Self.limit) / largest
            for (i, weight) in row.enumerated() {
                values[output * inputs + i] = Int16((weight * factor).rounded())
            }
            scales[output] = 1 / factor
        }
        self.values = values
        self.scales = scales
    }

    /// `output[o] = base[o] + Σᵢ weight[o, i] · input[i]`. `base` may be `output` itself.
    /// Complexity: O(outputs · inputs).
    func multiply(_ input: QuantizedVector, adding base: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        precondition(input.count == inputs, "input has \(input.count) values, the matrix takes \(inputs)")
        values.withUnsafeBufferPointer { w in
            scales.withUnsafeBufferPointer { s in
                input.values.withUnsafeBufferPointer { x in
                    let weights = w.baseAddress!, xs = x.baseAddress!
                    var o = 0
                    if useSIMDKernels {
                        while o + 4 <= outputs {
                            let sums = dotProducts4(weights + o * inputs, stride: inputs, xs, count: inputs)
                            for lane in 0..<4 { output[o + lane] = base[o + lane] + sums[lane] * (s[o + lane] * input.scale) }
                            o += 4
                        }
                    }
                    while o < outputs {
                        let sum = dotProduct(weights + o * inputs, xs, count: inputs)
                        output[o] = base[o] + sum * (s[o] * input.scale)
                        o += 1
                    }
                }
            }
        }
    }

    /// `input[rows × inputs] · weightᵀ + bias`, each row of `input` quantized on its own: the
    /// convolutions over their patches, the LSTM's input projection over all steps, the output
    /// layer. Complexity: O(rows · outputs · inputs).
    func multiplyRows(_ input: [Float], rows: Int, bias: [Float]) -> [Float] {
        precondition(input.count == rows * inputs && bias.count == outputs, "shapes do not match")
        var output = [Float](repeating: 0, count: rows * outputs)
        var row = QuantizedVector(count: inputs)
        input.withUnsafeBufferPointer { x in
            bias.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { o in
                    for r in 0..<rows {
                        row.quantize(x.baseAddress! + r * inputs)
                        multiply(row, adding: b.baseAddress!, into: o.baseAddress! + r * outputs)
                    }
                }
            }
        }
        return output
    }
}

/// How many elements an `Int32` lane may sum before it is added to a float: with weights within
/// ±8191 and inputs within ±16383, each lane takes at most 8 pair sums of 2·8191·16383 per block,
/// 2,147,090,448 ≤ `Int32.max`.
let quantizedBlockLength = 64

/// The sum of `a[i]·b[i]`, in the order the SIMD kernel uses: per block of 64 elements, pair `p`
/// (elements `2p` and `2p+1`) is added exactly to `Int32` lane `p % 4`; each block's lanes are
/// added to float lanes, and those last as `(0 + 1) + (2 + 3)`. The scalar form, for debug
/// builds and a matrix's last outputs. O(count).
@inline(__always)
func dotProduct(_ a: UnsafePointer<Int16>, _ b: UnsafePointer<Int16>, count: Int) -> Float {
    var totals: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var start = 0
    while start < count {
        let end = min(start + quantizedBlockLength, count)
        var lanes: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        addProducts(a, b, from: start, to: end, into: &lanes)
        totals.0 += Float(lanes.0); totals.1 += Float(lanes.1); totals.2 += Float(lanes.2); totals.3 += Float(lanes.3)
        start = end
    }
    return (totals.0 + totals.1) + (totals.2 + totals.3)
}

/// Adds `a[i]·b[i]` for `i` in `start..<end` to lane `(i / 2) % 4`, exactly.
@inline(__always)
func addProducts(_ a: UnsafePointer<Int16>, _ b: UnsafePointer<Int16>, from start: Int, to end: Int,
                 into lanes: inout (Int32, Int32, Int32, Int32)) {
    for i in start..<end {
        let product = Int32(a[i]) &* Int32(b[i])
        switch (i >> 1) & 3 {
        case 0: lanes.0 &+= product
        case 1: lanes.1 &+= product
        case 2: lanes.2 &+= product
        default: lanes.3 &+= product
        }
    }
}

/// Four dot products with `b`: of rows `a`, `a + stride`, `a + 2·stride` and `a + 3·stride`.
/// Eight elements at a time, each product's even and odd lanes added: the shape that x86's
/// instruction selection turns into one `pmaddwd` (the loop vectorizer alone picks four lanes
/// on baseline x86-64, slower than floats). Four rows share each load of `b`. Same result as
/// `dotProduct` on each row, bit for bit. O(count).
@inline(__always)
func dotProducts4(_ a: UnsafePointer<Int16>, stride: Int, _ b: UnsafePointer<Int16>, count: Int) -> SIMD4<Float> {
    @inline(__always) func pairSums(_ row: UnsafePointer<Int16>, _ y: SIMD8<Int32>) -> SIMD4<Int32> {
        let products = SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(row).loadUnaligned(as: SIMD8<Int16>.self)) &* y
        return products.evenHalf &+ products.oddHalf
    }
    @inline(__always) func addTail(_ lanes: inout SIMD4<Int32>, row: Int, from start: Int, to end: Int) {
        var tuple = (lanes[0], lanes[1], lanes[2], lanes[3])
        addProducts(a + row * stride, b, from: start, to: end, into: &tuple)
        lanes = SIMD4(tuple.0, tuple.1, tuple.2, tuple.3)
    }
    var totals0 = SIMD4<Float>.zero, totals1 = totals0, totals2 = totals0, totals3 = totals0
    var start = 0
    while start < count {
        let end = min(start &+ quantizedBlockLength, count)
        var lanes0 = SIMD4<Int32>.zero, lanes1 = lanes0, lanes2 = lanes0, lanes3 = lanes0
        var i = start
        @inline(__always) func addGroup(at i: Int) {
            let y = SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Int16>.self))
            lanes0 &+= pairSums(a + i, y)
            lanes1 &+= pairSums(a + stride + i, y)
            lanes2 &+= pairSums(a + 2 * stride + i, y)
            lanes3 &+= pairSums(a + 3 * stride + i, y)
        }
        // Two groups an iteration halve the loop's own instructions (a third of them, measured).
        while i &+ 8 <= end { addGroup(at: i); i &+= 8 }
        if i < end {
            addTail(&lanes0, row: 0, from: i, to: end); addTail(&lanes1, row: 1, from: i, to: end)
            addTail(&lanes2, row: 2, from: i, to: end); addTail(&lanes3, row: 3, from: i, to: end)
        }
        totals0 += SIMD4<Float>(lanes0); totals1 += SIMD4<Float>(lanes1)
        totals2 += SIMD4<Float>(lanes2); totals3 += SIMD4<Float>(lanes3)
        start = end
    }
    // Lane j of every row side by side, so that the four rows' `(0 + 1) + (2 + 3)` is three
    // vector additions.
    let lane0 = SIMD4(totals0[0], totals1[0], totals2[0], totals3[0])
    let lane1 = SIMD4(totals0[1], totals1[1], totals2[1], totals3[1])
    let lane2 = SIMD4(totals0[2], totals1[2], totals2[2], totals3[2])
    let lane3 = SIMD4(totals0[3], totals1[3], totals2[3], totals3[3])
    return (lane0 + lane1) + (lane2 + lane3)
}

/// A float vector quantized to ±16383 (`limit`) with one scale, reused from step to step.
struct QuantizedVector {
    static let limit: Int16 = 16383
    private(set) var values: [Int16]
    private(set) var scale: Float = 0
    var count: Int { values.count }

    init(count: Int) { values = [Int16](repeating: 0, count: count) }

    /// Quantizes `source[0..<count]`; its largest magnitude maps to `limit`. A vector of zeros,
    /// or one holding a NaN or an infinity, becomes zeros with scale 0. O(count).
    mutating func quantize(_ source: UnsafePointer<Float>) {
        var largest: Float = 0, poison: Float = 0
        for i in 0..<values.count {
            largest = max(largest, abs(source[i]))
            poison += source[i] * 0   // NaN once any value is NaN or infinite
        }
        guard largest > 0, poison == 0 else {
            values.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            scale = 0
            return
        }
        let factor = Float(Self.limit) / largest
        // Adding and subtracting 1.5·2²³ rounds to the nearest integer (ties to even) in two
        // additions, where `rounded()` is a libm call per value on baseline x86-64 (4% of
        // recognition, measured).
        let roundingShift: Float = 12_582_912
        values.withUnsafeMutableBufferPointer { v in
            for i in 0..<v.count { v[i] = Int16(((source[i] * factor) + roundingShift) - roundingShift) }
        }
        scale = 1 / factor
    }
}
