import Foundation

/// Writes the payload of a binary drawing (Docs/BinaryFormat.md). O(points).
struct BinaryPayloadWriter {
    private(set) var bytes: [UInt8] = []

    mutating func drawing(_ drawing: Drawing) {
        bytes.reserveCapacity(64 + drawing.pointCount * 8)
        annotations(drawing.annotations)
        uvarint(UInt64(drawing.strokes.count))
        for stroke in drawing.strokes { self.stroke(stroke) }
    }

    mutating func uvarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v = v &>> 7
        }
        bytes.append(UInt8(v))
    }

    mutating func string(_ s: String) {
        uvarint(UInt64(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }

    mutating func f64(_ d: Double) {
        withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Sorted by UTF-8 bytes, so that equal drawings give equal bytes.
    mutating func annotations(_ annotations: [String: String]) {
        uvarint(UInt64(annotations.count))
        for (key, value) in annotations.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            string(key)
            string(value)
        }
    }

    mutating func stroke(_ stroke: Stroke) {
        let u = stroke.id.uuid
        bytes.append(contentsOf: [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15])
        let customInk = stroke.ink.tool != .pen || stroke.ink.color != .black
        var flags: UInt8 = 0
        if stroke.transform != nil { flags |= 1 }
        if stroke.ink.width != nil { flags |= 2 }
        if !stroke.annotations.isEmpty { flags |= 4 }
        if customInk { flags |= 8 }
        bytes.append(flags)
        if customInk {
            string(stroke.ink.tool.rawValue)
            let c = stroke.ink.color
            bytes.append(contentsOf: [c.red, c.green, c.blue, c.alpha])
        }
        if let width = stroke.ink.width { f64(width) }
        if let t = stroke.transform { for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { f64(v) } }
        if !stroke.annotations.isEmpty { annotations(stroke.annotations) }
        points(stroke.points)
    }

    private mutating func points(_ points: [StrokePoint]) {
        uvarint(UInt64(points.count))
        guard !points.isEmpty else { return }
        // One pass for which channels some point has (present) and every point has (all).
        var present: UInt8 = 0, all: UInt8 = 0x3F
        for point in points {
            var mask: UInt8 = 0
            if point.time != nil { mask |= 1 }
            if point.size != nil { mask |= 2 }
            if point.opacity != nil { mask |= 4 }
            if point.force != nil { mask |= 8 }
            if point.azimuth != nil { mask |= 16 }
            if point.altitude != nil { mask |= 32 }
            present |= mask
            all &= mask
        }
        let partial = present & ~all
        var channelColumns: [[UInt64]] = []
        for channel in BinaryChannel.allCases where present & (1 << channel.rawValue) != 0 {
            let values = Self.values(of: channel, in: points)
            if channel == .size {
                channelColumns.append(stride(from: 0, to: values.count, by: 2).map { values[$0] })
                channelColumns.append(stride(from: 1, to: values.count, by: 2).map { values[$0] })
            } else {
                channelColumns.append(values)
            }
        }
        bytes.append(present)
        bytes.append(partial)
        for channel in BinaryChannel.allCases where partial & (1 << channel.rawValue) != 0 {
            var bitmap = [UInt8](repeating: 0, count: (points.count + 7) / 8)
            for (i, point) in points.enumerated() where channel.isPresent(in: point) { bitmap[i >> 3] |= 1 << (i & 7) }
            bytes.append(contentsOf: bitmap)
        }
        column(points.map { Double($0.location.x).bitPattern })
        column(points.map { Double($0.location.y).bitPattern })
        for values in channelColumns { column(values) }
    }

    /// The bit patterns a channel stores, in point order (width and height interleaved for size).
    private static func values(of channel: BinaryChannel, in points: [StrokePoint]) -> [UInt64] {
        switch channel {
        case .time: points.compactMap { $0.time?.bitPattern }
        case .size: points.flatMap { $0.size.map { [Double($0.width).bitPattern, Double($0.height).bitPattern] } ?? [] }
        case .opacity: points.compactMap { $0.opacity?.bitPattern }
        case .force: points.compactMap { $0.force?.bitPattern }
        case .azimuth: points.compactMap { $0.azimuth?.bitPattern }
        case .altitude: points.compactMap { $0.altitude?.bitPattern }
        }
    }

    /// One column, in whichever encoding is smallest.
    private mutating func column(_ patterns: [UInt64]) {
        var scaledSize = Int.max
        let scaled = ColumnEncoding.scaledIntegers(patterns)
        if let scaled {
            scaledSize = 1
            var last: Int64 = 0
            for k in scaled.integers {
                scaledSize += ColumnEncoding.varintSize(ColumnEncoding.zigzag(k &- last))
                last = k
            }
        }
        var previous: UInt64 = 0
        var deltaSize = Int.max
        // XOR differences take at least a byte a value; skip measuring them where scaled
        // integers already take two or fewer.
        if scaledSize > 2 * patterns.count + 1 {
            deltaSize = 0
            for p in patterns {
                deltaSize += ColumnEncoding.varintSize(ColumnEncoding.reverseBits(p ^ previous))
                previous = p
            }
        }
        if let scaled, scaledSize < deltaSize, scaledSize < patterns.count * 8 {
            bytes.append(ColumnEncoding.scaledInteger.rawValue)
            bytes.append(scaled.exponent)
            var last: Int64 = 0
            for k in scaled.integers {
                uvarint(ColumnEncoding.zigzag(k &- last))
                last = k
            }
        } else if deltaSize < patterns.count * 8 {
            bytes.append(ColumnEncoding.xorDelta.rawValue)
            previous = 0
            for p in patterns {
                uvarint(ColumnEncoding.reverseBits(p ^ previous))
                previous = p
            }
        } else {
            bytes.append(ColumnEncoding.raw.rawValue)
            for p in patterns { withUnsafeBytes(of: p.littleEndian) { bytes.append(contentsOf: $0) } }
        }
    }
}
