import Foundation

/// Reads the payload of a binary drawing, checking every count against the bytes that remain
/// before allocating, so that no length field can demand more memory than the input backs.
struct BinaryPayloadReader {
    typealias Failure = BinaryDrawingCodec.Failure

    private let raw: UnsafeRawBufferPointer
    private let baseOffset: Int
    private var index = 0

    init(_ raw: UnsafeRawBufferPointer, baseOffset: Int) {
        self.raw = raw
        self.baseOffset = baseOffset
    }

    /// Offset from the start of the file, for error messages.
    var offset: Int { baseOffset + index }
    var isAtEnd: Bool { index == raw.count }
    private var remaining: Int { raw.count - index }

    private func malformed(_ reason: String) -> Failure { .malformed(offset: offset, reason: reason) }

    mutating func byte() throws(Failure) -> UInt8 {
        guard index < raw.count else { throw malformed("payload ends early") }
        defer { index += 1 }
        return raw[index]
    }

    mutating func uvarint() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            if shift == 63 && b > 1 { throw malformed("varint overflows 64 bits") }
            value |= UInt64(b & 0x7F) &<< shift
            if b < 0x80 { return value }
            shift += 7
            if shift > 63 { throw malformed("varint longer than 10 bytes") }
        }
    }

    /// A count whose elements take at least `bytesEach` bytes, checked against what remains.
    mutating func count(bytesEach: Int, _ what: String) throws(Failure) -> Int {
        let start = offset
        let value = try uvarint()
        guard value <= UInt64(remaining / max(bytesEach, 1)) else {
            throw .malformed(offset: start, reason: "\(what) count \(value) exceeds what the remaining \(remaining) bytes can hold")
        }
        return Int(value)
    }

    mutating func bytes(_ n: Int) throws(Failure) -> UnsafeRawBufferPointer {
        guard n <= remaining else { throw malformed("payload ends early") }
        defer { index += n }
        return UnsafeRawBufferPointer(rebasing: raw[index..<(index + n)])
    }

    mutating func string() throws(Failure) -> String {
        let length = try count(bytesEach: 1, "string byte")
        let start = offset
        let data = try bytes(length)
        guard let s = String(validating: data.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw .malformed(offset: start, reason: "string is not valid UTF-8")
        }
        return s
    }

    mutating func f64() throws(Failure) -> Double {
        Double(bitPattern: try bytes(8).loadUnaligned(as: UInt64.self).littleEndian)
    }

    mutating func annotations() throws(Failure) -> [String: String] {
        let n = try count(bytesEach: 2, "annotation")
        var result: [String: String] = [:]
        var previous: String?
        for _ in 0..<n {
            let start = offset
            let key = try string()
            if let previous, !previous.utf8.lexicographicallyPrecedes(key.utf8) {
                throw .malformed(offset: start, reason: "annotation keys are not in strictly increasing byte order")
            }
            guard result[key] == nil else { throw .malformed(offset: start, reason: "annotation key '\(key)' repeats") }
            result[key] = try string()
            previous = key
        }
        return result
    }

    mutating func drawing() throws(Failure) -> Drawing {
        let annotations = try annotations()
        let n = try count(bytesEach: 18, "stroke")
        var strokes: [Stroke] = []
        strokes.reserveCapacity(n)
        for _ in 0..<n { strokes.append(try stroke()) }
        return Drawing(strokes: strokes, annotations: annotations)
    }

    mutating func stroke() throws(Failure) -> Stroke {
        let u = try bytes(16)
        let id = UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]))
        let flags = try byte()
        guard flags & 0xF0 == 0 else { throw .malformed(offset: offset - 1, reason: "unknown stroke flags \(flags)") }
        var ink = Ink()
        if flags & 8 != 0 {
            ink.tool = Ink.Tool(rawValue: try string())
            let c = try bytes(4)
            ink.color = Ink.Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        if flags & 2 != 0 { ink.width = try f64() }
        var transform: StrokeTransform?
        if flags & 1 != 0 {
            transform = StrokeTransform(a: try f64(), b: try f64(), c: try f64(), d: try f64(), tx: try f64(), ty: try f64())
        }
        var annotations: [String: String] = [:]
        if flags & 4 != 0 {
            let start = offset
            annotations = try self.annotations()
            if annotations.isEmpty { throw .malformed(offset: start, reason: "stroke flags announce annotations but there are none") }
        }
        return Stroke(id: id, points: try points(), ink: ink, transform: transform, annotations: annotations)
    }

    private mutating func points() throws(Failure) -> [StrokePoint] {
        let n = try count(bytesEach: 2, "point")
        guard n > 0 else { return [] }
        let present = try byte(), partial = try byte()
        guard present & 0xC0 == 0, partial & ~present == 0 else {
            throw .malformed(offset: offset - 2, reason: "invalid channel masks \(present), \(partial)")
        }
        var presence: [BinaryChannel: [UInt8]] = [:]
        for channel in BinaryChannel.allCases where partial & (1 << channel.rawValue) != 0 {
            let start = offset
            let bitmap = Array(try bytes((n + 7) / 8))
            if n % 8 != 0, bitmap[bitmap.count - 1] >> (n % 8) != 0 {
                throw .malformed(offset: start, reason: "presence bitmap has bits set past the last point")
            }
            presence[channel] = bitmap
        }
        let xs = try column(count: n), ys = try column(count: n)
        var points = (0..<n).map { StrokePoint(location: CGPoint(x: xs[$0], y: ys[$0])) }
        for channel in BinaryChannel.allCases where present & (1 << channel.rawValue) != 0 {
            // nil: every point holds the channel.
            let holders = presence[channel].map { b in (0..<n).filter { b[$0 >> 3] & (1 << ($0 & 7)) != 0 } }
            let count = holders?.count ?? n
            let first = try column(count: count)
            let second = channel == .size ? try column(count: count) : []
            for k in 0..<count {
                let i = holders?[k] ?? k
                let v = first[k]
                switch channel {
                case .time: points[i].time = v
                case .size: points[i].size = CGSize(width: v, height: second[k])
                case .opacity: points[i].opacity = v
                case .force: points[i].force = v
                case .azimuth: points[i].azimuth = v
                case .altitude: points[i].altitude = v
                }
            }
        }
        return points
    }

    private mutating func column(count n: Int) throws(Failure) -> [Double] {
        let start = offset
        guard let encoding = ColumnEncoding(rawValue: try byte()) else {
            throw .malformed(offset: start, reason: "unknown column encoding \(raw[index - 1])")
        }
        var values = [Double]()
        switch encoding {
        case .raw:
            let data = try bytes(n * 8)
            values.reserveCapacity(n)
            for i in 0..<n { values.append(Double(bitPattern: data.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian)) }
        case .xorDelta:
            guard n <= remaining else { throw .malformed(offset: start, reason: "column of \(n) values exceeds the remaining bytes") }
            values.reserveCapacity(n)
            var previous: UInt64 = 0
            for _ in 0..<n {
                previous ^= ColumnEncoding.reverseBits(try uvarint())
                values.append(Double(bitPattern: previous))
            }
        case .scaledInteger:
            let e = try byte()
            guard Int(e) < ColumnEncoding.powersOfTen.count else { throw .malformed(offset: start + 1, reason: "scale exponent \(e) is over 9") }
            guard n <= remaining else { throw .malformed(offset: start, reason: "column of \(n) values exceeds the remaining bytes") }
            let scale = ColumnEncoding.powersOfTen[Int(e)]
            values.reserveCapacity(n)
            var k: Int64 = 0
            for _ in 0..<n {
                k &+= ColumnEncoding.unzigzag(try uvarint())
                values.append(Double(k) / scale)
            }
        }
        return values
    }
}
