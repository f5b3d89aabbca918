import Foundation

extension UUID {
    /// A UUID derived from a name, stable across runs and machines (RFC 9562 version 8, from two
    /// FNV-1a hashes). Used where a source format carries no stroke identifiers, so that reading
    /// the same file twice yields the same IDs.
    ///
    /// ```swift
    /// let id = UUID(deterministicFrom: "a01-000u-01#3")
    /// ```
    public init(deterministicFrom name: String) {
        func fnv1a(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            return hash
        }
        let high = fnv1a(0xcbf2_9ce4_8422_2325)
        let low = fnv1a(0x8422_2325_cbf2_9ce4 ^ UInt64(name.utf8.count))
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(i)))
            bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(i)))
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC variant
        self.init(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
