/// A weight matrix held as 16-bit integers, one scale per output: every product of the network
/// (convolutions, LSTM, output layer) runs on it.
///
/// Why integers: the package is built for baseline x86-64 (SSE2, no FMA), where a float
/// multiply-add costs two instructions for four lanes. `pmaddwd` multiplies eight pairs of
/// `Int16`s and adds neighbours into four `Int32`s in one instruction. Recognition took 10.2 ms a
/// line with float products and 6.4 ms with these (`inkindex bench-recognizer`, one core).
/// `multiplyRows` takes two rows at a time (`dotProducts4x2`), so that each load of the weights
/// serves both: the open model's network median per testset_t line went from 5.41–5.45 ms to
/// 5.14–5.15 ms (`taskset -c 1 inkindex bench-recognizer ../shared/data/iam-ondb/testset_t.jsonl.gz
/// --limit 300`, two runs each, alternated), with the same recognitions byte for byte.
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
        var row = QuantizedVector(count: inputs), next = QuantizedVector(count: inputs)
        input.withUnsafeBufferPointer { x in
            bias.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { o in
                    var r = 0
                    if useSIMDKernels {
                        // Two rows at a time: each load of the weights serves both, which halves
                        // what streams from cache (the weights outgrow L1).
                        while r + 2 <= rows {
                            row.quantize(x.baseAddress! + r * inputs)
                            next.quantize(x.baseAddress! + (r + 1) * inputs)
                            multiply(row, next, adding: b.baseAddress!, into: o.baseAddress! + r * outputs, o.baseAddress! + (r + 1) * outputs)
                            r += 2
                        }
                    }
                    while r < rows {
                        row.quantize(x.baseAddress! + r * inputs)
                        multiply(row, adding: b.baseAddress!, into: o.baseAddress! + r * outputs)
                        r += 1
                    }
                }
            }
        }
        return output
    }

    /// `multiply(_:adding:into:)` of two inputs at once, each into its own output; the same
    /// sums, bit for bit. Complexity: O(outputs · inputs).
    func multiply(_ first: QuantizedVector, _ second: QuantizedVector, adding base: UnsafePointer<Float>,
                  into firstOutput: UnsafeMutablePointer<Float>, _ secondOutput: UnsafeMutablePointer<Float>) {
        precondition(first.count == inputs && second.count == inputs, "inputs have \(first.count) and \(second.count) values, the matrix takes \(inputs)")
        values.withUnsafeBufferPointer { w in
            scales.withUnsafeBufferPointer { s in
                first.values.withUnsafeBufferPointer { x in
                    second.values.withUnsafeBufferPointer { y in
                        let weights = w.baseAddress!
                        var o = 0
                        while o + 4 <= outputs {
                            let (sums, otherSums) = dotProducts4x2(weights + o * inputs, stride: inputs, x.baseAddress!, y.baseAddress!, count: inputs)
                            for lane in 0..<4 {
                                firstOutput[o + lane] = base[o + lane] + sums[lane] * (s[o + lane] * first.scale)
                                secondOutput[o + lane] = base[o + lane] + otherSums[lane] * (s[o + lane] * second.scale)
                            }
                            o += 4
                        }
                        while o < outputs {
                            firstOutput[o] = base[o] + dotProduct(weights + o * inputs, x.baseAddress!, count: inputs) * (s[o] * first.scale)
                            secondOutput[o] = base[o] + dotProduct(weights + o * inputs, y.baseAddress!, count: inputs) * (s[o] * second.scale)
                            o += 1
                        }
                    }
                }
            }
        }
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

/// `dotProducts4` with two vectors `b` and `c` at once: each load of a row of `a` serves both.
/// Same result as `dotProduct` on each row and vector, bit for bit. O(count).
@inline(__always)
func dotProducts4x2(_ a: UnsafePointer<Int16>, stride: Int, _ b: UnsafePointer<Int16>, _ c: UnsafePointer<Int16>,
                    count: Int) -> (SIMD4<Float>, SIMD4<Float>) {
    @inline(__always) func pairSums(_ row: SIMD8<Int32>, _ y: SIMD8<Int32>) -> SIMD4<Int32> {
        let products = row &* y
        return products.evenHalf &+ products.oddHalf
    }
    @inline(__always) func load(_ p: UnsafePointer<Int16>) -> SIMD8<Int32> {
        SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Int16>.self))
    }
    @inline(__always) func addTail(_ lanes: inout SIMD4<Int32>, row: Int, _ v: UnsafePointer<Int16>, from start: Int, to end: Int) {
        var tuple = (lanes[0], lanes[1], lanes[2], lanes[3])
        addProducts(a + row * stride, v, from: start, to: end, into: &tuple)
        lanes = SIMD4(tuple.0, tuple.1, tuple.2, tuple.3)
    }
    @inline(__always) func combined(_ t0: SIMD4<Float>, _ t1: SIMD4<Float>, _ t2: SIMD4<Float>, _ t3: SIMD4<Float>) -> SIMD4<Float> {
        let lane0 = SIMD4(t0[0], t1[0], t2[0], t3[0]), lane1 = SIMD4(t0[1], t1[1], t2[1], t3[1])
        let lane2 = SIMD4(t0[2], t1[2], t2[2], t3[2]), lane3 = SIMD4(t0[3], t1[3], t2[3], t3[3])
        return (lane0 + lane1) + (lane2 + lane3)
    }
    var b0 = SIMD4<Float>.zero, b1 = b0, b2 = b0, b3 = b0, c0 = b0, c1 = b0, c2 = b0, c3 = b0
    var start = 0
    while start < count {
        let end = min(start &+ quantizedBlockLength, count)
        var lb0 = SIMD4<Int32>.zero, lb1 = lb0, lb2 = lb0, lb3 = lb0, lc0 = lb0, lc1 = lb0, lc2 = lb0, lc3 = lb0
        var i = start
        while i &+ 8 <= end {
            let y = load(b + i), z = load(c + i)
            let r0 = load(a + i), r1 = load(a + stride + i), r2 = load(a + 2 * stride + i), r3 = load(a + 3 * stride + i)
            lb0 &+= pairSums(r0, y); lc0 &+= pairSums(r0, z)
            lb1 &+= pairSums(r1, y); lc1 &+= pairSums(r1, z)
            lb2 &+= pairSums(r2, y); lc2 &+= pairSums(r2, z)
            lb3 &+= pairSums(r3, y); lc3 &+= pairSums(r3, z)
            i &+= 8
        }
        if i < end {
            addTail(&lb0, row: 0, b, from: i, to: end); addTail(&lb1, row: 1, b, from: i, to: end)
            addTail(&lb2, row: 2, b, from: i, to: end); addTail(&lb3, row: 3, b, from: i, to: end)
            addTail(&lc0, row: 0, c, from: i, to: end); addTail(&lc1, row: 1, c, from: i, to: end)
            addTail(&lc2, row: 2, c, from: i, to: end); addTail(&lc3, row: 3, c, from: i, to: end)
        }
        b0 += SIMD4<Float>(lb0); b1 += SIMD4<Float>(lb1); b2 += SIMD4<Float>(lb2); b3 += SIMD4<Float>(lb3)
        c0 += SIMD4<Float>(lc0); c1 += SIMD4<Float>(lc1); c2 += SIMD4<Float>(lc2); c3 += SIMD4<Float>(lc3)
        start = end
    }
    return (combined(b0, b1, b2, b3), combined(c0, c1, c2, c3))
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
