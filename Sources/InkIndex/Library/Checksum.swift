import Foundation

/// CRC-32C (Castagnoli), the checksum stored next to every drawing so that `check()` can prove
/// the record's bytes are the bytes that were written, and so that an index built from older ink
/// is known to be stale.
///
/// Not the IEEE CRC-32: the binary encoding ends with its own IEEE CRC-32, and the IEEE CRC of a
/// message followed by its CRC is the same constant for every message.
enum CRC32C {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0x82F6_3B78 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// O(n) in bytes.
    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { bytes in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
