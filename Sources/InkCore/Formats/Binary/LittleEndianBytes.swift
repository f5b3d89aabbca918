import Foundation

/// Little-endian reads at offsets from the start of `data`, for the binary containers read here
/// (ZIP directories, reMarkable pages). Callers check `contains` first: every offset in such a
/// file comes from the file itself.
struct LittleEndianBytes {
    let data: Data
    var count: Int { data.count }

    /// Whether `length` bytes from `offset` lie inside the data; safe against overflow.
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && length <= data.count && offset <= data.count - length
    }

    func u8(_ offset: Int) -> UInt8 { data[data.startIndex + offset] }
    func u16(_ offset: Int) -> UInt16 { UInt16(u8(offset)) | UInt16(u8(offset + 1)) << 8 }
    func u32(_ offset: Int) -> UInt32 { UInt32(u16(offset)) | UInt32(u16(offset + 2)) << 16 }
    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }
    func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }
    func f64(_ offset: Int) -> Double { Double(bitPattern: u64(offset)) }

    func slice(_ offset: Int, _ length: Int) -> Data {
        data[(data.startIndex + offset)..<(data.startIndex + offset + length)]
    }
}
