extension Float {
    /// Widens IEEE 754 binary16 bits. Written out because `Float16` is unavailable on
    /// macOS on Intel.
    init(halfBits h: UInt16) {
        let sign = UInt32(h & 0x8000) << 16
        let exponent = Int((h >> 10) & 0x1F)
        var mantissa = UInt32(h & 0x3FF)
        switch exponent {
        case 0:
            guard mantissa != 0 else { self = Float(bitPattern: sign); return }
            // Subnormal: normalize.
            var e = -1
            repeat { mantissa <<= 1; e += 1 } while mantissa & 0x400 == 0
            mantissa &= 0x3FF
            self = Float(bitPattern: sign | UInt32(127 - 15 - e) << 23 | mantissa << 13)
        case 31:
            self = Float(bitPattern: sign | 0x7F80_0000 | mantissa << 13)
        default:
            self = Float(bitPattern: sign | UInt32(exponent - 15 + 127) << 23 | mantissa << 13)
        }
    }
}
