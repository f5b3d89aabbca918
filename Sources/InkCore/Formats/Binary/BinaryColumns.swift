import Foundation

/// The optional point fields, in the bit order of the format's presence masks.
enum BinaryChannel: Int, CaseIterable {
    case time, size, opacity, force, azimuth, altitude

    func isPresent(in point: StrokePoint) -> Bool {
        switch self {
        case .time: point.time != nil
        case .size: point.size != nil
        case .opacity: point.opacity != nil
        case .force: point.force != nil
        case .azimuth: point.azimuth != nil
        case .altitude: point.altitude != nil
        }
    }
}

/// How one column of Doubles is stored.
enum ColumnEncoding: UInt8 {
    /// 8 bytes each: the IEEE 754 bit pattern, little-endian.
    case raw = 0
    /// Each bit pattern XOR the previous one (the first XOR 0), bit-reversed, as a LEB128 varint:
    /// neighbouring values share sign, exponent and high mantissa bits, so the XOR has trailing
    /// zeros that the reversal turns into high zero bits, which a varint drops. Exactly lossless.
    case xorDelta = 1
    /// Values that are all `k / 10^e` for integers `k` (|k| ≤ 2^53, which the encoder checks
    /// by decoding each value bit-exactly): one byte `e`, then the differences of the `k`s as
    /// zigzag LEB128 varints. Whiteboard coordinates and 0.01 s timestamps take a byte or two.
    case scaledInteger = 2

    static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }

    /// The smallest exponent for which every value is exactly `k / 10^e`, with the `k`s.
    static func scaledIntegers(_ patterns: [UInt64]) -> (exponent: UInt8, integers: [Int64])? {
        exponents: for (e, scale) in powersOfTen.prefix(7).enumerated() {
            var integers: [Int64] = []
            integers.reserveCapacity(patterns.count)
            for p in patterns {
                let k = (Double(bitPattern: p) * scale).rounded()
                // Checked the way the decoder computes it, which also turns away -0.0.
                guard k <= 9_007_199_254_740_992, k >= -9_007_199_254_740_992 else { continue exponents }
                let integer = Int64(k)
                guard (Double(integer) / scale).bitPattern == p else { continue exponents }
                integers.append(integer)
            }
            return (UInt8(e), integers)
        }
        return nil
    }

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v &<< 1) ^ (v &>> 63)) }
    static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v &>> 1) ^ (0 &- Int64(bitPattern: v & 1)) }

    static func reverseBits(_ v: UInt64) -> UInt64 {
        var x = v
        // Masking shifts (&<<, &>>): no range checks on the hot path of every column.
        x = ((x &>> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) &<< 1)
        x = ((x &>> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) &<< 2)
        x = ((x &>> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) &<< 4)
        return x.byteSwapped
    }

    static func varintSize(_ v: UInt64) -> Int {
        v == 0 ? 1 : (64 - v.leadingZeroBitCount + 6) / 7
    }
}
