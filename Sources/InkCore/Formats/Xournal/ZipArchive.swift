import Foundation

/// The entries of a ZIP archive held in memory: as much of PKWARE's APPNOTE as packaged
/// Xournal++ notebooks need.
///
/// Reads the end-of-central-directory record (and the ZIP64 one where the archive has it), the
/// central directory, and entries stored (method 0) or deflated (method 8), checking each entry's
/// CRC-32. Every offset and size comes from the file, so each is checked against the data before
/// it is used: a damaged or hostile archive gives `Failure`, never a trap. Encrypted entries,
/// other methods and archives split over several disks are refused.
///
/// ```swift
/// let archive = try ZipArchive(data)
/// if let entry = archive.entry(named: "content.xml") { xml = try archive.contents(of: entry, limit: 512 << 20) }
/// ```
struct ZipArchive {
    struct Entry: Equatable {
        var name: String
        var method: UInt16
        var flags: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    enum Failure: Error, Equatable {
        case damaged(String)
        case unsupported(String)
        case tooLarge(entry: String, size: Int, limit: Int)
    }

    /// More entries than any notebook has; bounds the work a hostile directory can ask for.
    static let maximumEntries = 100_000

    private static let endSignature: UInt32 = 0x0605_4b50
    private static let zip64EndSignature: UInt32 = 0x0606_4b50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    private static let directorySignature: UInt32 = 0x0201_4b50
    private static let localSignature: UInt32 = 0x0403_4b50

    let data: Data
    let entries: [Entry]

    /// Reads the central directory. O(entries); entry data is read only by `contents(of:limit:)`.
    init(_ data: Data) throws(Failure) {
        self.data = data
        let bytes = LittleEndianBytes(data: data)
        let (count, start, size) = try Self.directoryLocation(bytes)
        let end = start + size
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var p = start
        for index in 0..<count {
            guard bytes.contains(p, length: 46), p + 46 <= end, bytes.u32(p) == Self.directorySignature else {
                throw .damaged("central directory entry \(index) is damaged")
            }
            let nameLength = Int(bytes.u16(p + 28)), extraLength = Int(bytes.u16(p + 30)), commentLength = Int(bytes.u16(p + 32))
            let length = 46 + nameLength + extraLength + commentLength
            guard p + length <= end else { throw .damaged("central directory entry \(index) runs past the directory") }
            var entry = Entry(
                name: String(decoding: bytes.slice(p + 46, nameLength), as: UTF8.self),
                method: bytes.u16(p + 10), flags: bytes.u16(p + 8), crc32: bytes.u32(p + 16),
                compressedSize: Int(bytes.u32(p + 20)), uncompressedSize: Int(bytes.u32(p + 24)),
                localHeaderOffset: Int(bytes.u32(p + 42)))
            try Self.applyZip64Extra(bytes, from: p + 46 + nameLength, length: extraLength, to: &entry)
            entries.append(entry)
            p += length
        }
        self.entries = entries
    }

    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The entry's bytes, inflated and checked against its CRC-32. O(entry size).
    func contents(of entry: Entry, limit: Int) throws(Failure) -> [UInt8] {
        guard entry.flags & 1 == 0 else { throw .unsupported("\(entry.name) is encrypted") }
        guard entry.uncompressedSize <= limit else {
            throw .tooLarge(entry: entry.name, size: entry.uncompressedSize, limit: limit)
        }
        let bytes = LittleEndianBytes(data: data)
        let header = entry.localHeaderOffset
        guard bytes.contains(header, length: 30), bytes.u32(header) == Self.localSignature else {
            throw .damaged("\(entry.name): its local header is missing")
        }
        // The local header's name and extra field may differ in length from the central one's.
        let start = header + 30 + Int(bytes.u16(header + 26)) + Int(bytes.u16(header + 28))
        guard bytes.contains(start, length: entry.compressedSize) else {
            throw .damaged("\(entry.name): its data runs past the end of the archive")
        }
        let output: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .damaged("\(entry.name): stored, yet its two sizes differ")
            }
            output = [UInt8](bytes.slice(start, entry.compressedSize))
        case 8:
            let end = start + entry.compressedSize
            let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                Inflater.decompress(UnsafeRawBufferPointer(rebasing: raw[start..<end]), wrapper: .raw,
                                    limit: entry.uncompressedSize, expectedSize: entry.uncompressedSize)
            }
            switch result {
            case .success(let inflated): output = inflated
            case .failure(.tooLarge): throw .damaged("\(entry.name): inflates to more than its declared \(entry.uncompressedSize) bytes")
            case .failure(.truncated): throw .damaged("\(entry.name): its compressed data ends early")
            case .failure(.damaged(let reason)): throw .damaged("\(entry.name): \(reason)")
            }
            guard output.count == entry.uncompressedSize else {
                throw .damaged("\(entry.name): inflates to \(output.count) bytes, not the declared \(entry.uncompressedSize)")
            }
        default:
            throw .unsupported("\(entry.name) uses compression method \(entry.method); only stored (0) and deflated (8) are read")
        }
        guard CRC32.checksum(output) == entry.crc32 else { throw .damaged("\(entry.name): CRC-32 mismatch") }
        return output
    }

    /// Entry count, offset and size of the central directory, from the end record.
    private static func directoryLocation(_ bytes: LittleEndianBytes) throws(Failure) -> (count: Int, start: Int, size: Int) {
        guard bytes.count >= 22 else { throw .damaged("the file is shorter than a ZIP end record") }
        // The end record is the last thing in the file but for a comment of up to 65535 bytes.
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var end = bytes.count - 22
        while end >= lowest {
            if bytes.u32(end) == endSignature, Int(bytes.u16(end + 20)) <= bytes.count - 22 - end { break }
            end -= 1
        }
        guard end >= lowest else { throw .damaged("no end-of-central-directory record") }
        var count = Int(bytes.u16(end + 10))
        var size = Int(bytes.u32(end + 12))
        var start = Int(bytes.u32(end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the 64-bit end record.
            let locator = end - 20
            guard bytes.contains(locator, length: 20), bytes.u32(locator) == zip64LocatorSignature else {
                throw .damaged("the ZIP64 end record's locator is missing")
            }
            guard let record = Int(exactly: bytes.u64(locator + 8)), bytes.contains(record, length: 56),
                  bytes.u32(record) == zip64EndSignature else {
                throw .damaged("the ZIP64 end record is missing")
            }
            guard bytes.u32(record + 16) == 0, bytes.u32(record + 20) == 0 else {
                throw .unsupported("archives split over several disks are not read")
            }
            guard let c = Int(exactly: bytes.u64(record + 32)), let s = Int(exactly: bytes.u64(record + 40)),
                  let o = Int(exactly: bytes.u64(record + 48)) else {
                throw .damaged("the ZIP64 end record gives impossible sizes")
            }
            (count, size, start) = (c, s, o)
        } else {
            guard bytes.u16(end + 4) == 0, bytes.u16(end + 6) == 0, Int(bytes.u16(end + 8)) == count else {
                throw .unsupported("archives split over several disks are not read")
            }
        }
        guard count <= maximumEntries else {
            throw .unsupported("the archive lists \(count) entries, more than the limit of \(maximumEntries)")
        }
        guard bytes.contains(start, length: size), count <= size / 46 else {
            throw .damaged("the central directory does not fit in the file")
        }
        return (count, start, size)
    }

    /// ZIP64 extra field (id 1): 8-byte values for exactly the fields that hold 0xFFFFFFFF, in
    /// the order uncompressed size, compressed size, local header offset.
    private static func applyZip64Extra(_ bytes: LittleEndianBytes, from start: Int, length: Int,
                                        to entry: inout Entry) throws(Failure) {
        var q = start
        let end = start + length
        while q + 4 <= end {
            let id = bytes.u16(q), fieldLength = Int(bytes.u16(q + 2))
            let fieldEnd = q + 4 + fieldLength
            guard fieldEnd <= end else { return }
            if id == 0x0001 {
                var values: [Int] = []
                var r = q + 4
                while r + 8 <= fieldEnd {
                    guard let value = Int(exactly: bytes.u64(r)) else { throw .damaged("\(entry.name): impossible ZIP64 size") }
                    values.append(value)
                    r += 8
                }
                let wanted = [entry.uncompressedSize, entry.compressedSize, entry.localHeaderOffset].filter { $0 == 0xFFFF_FFFF }.count
                guard values.count >= wanted else { throw .damaged("\(entry.name): its ZIP64 extra field is short") }
                var k = 0
                if entry.uncompressedSize == 0xFFFF_FFFF { entry.uncompressedSize = values[k]; k += 1 }
                if entry.compressedSize == 0xFFFF_FFFF { entry.compressedSize = values[k]; k += 1 }
                if entry.localHeaderOffset == 0xFFFF_FFFF { entry.localHeaderOffset = values[k] }
            }
            q = fieldEnd
        }
    }
}
