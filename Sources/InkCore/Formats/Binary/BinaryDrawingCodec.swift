import Foundation

/// The compact, versioned, checksummed binary encoding used for storage, specified byte by byte
/// in Docs/BinaryFormat.md.
///
/// Lossless for every field (Doubles keep their exact bit patterns, NaN payloads included);
/// a CRC-32 over the whole file means that any damaged byte is reported, never decoded into
/// wrong strokes. Coordinates are stored per stroke in columns, each either raw or as
/// bit-exact XOR differences, whichever is smaller.
///
/// ```swift
/// let bytes = BinaryDrawingCodec.encode(drawing)
/// let back = try BinaryDrawingCodec.decode(bytes)   // == drawing, or throws on damage
/// ```
///
/// Both directions are O(points).
public enum BinaryDrawingCodec {
    /// Why bytes could not be decoded.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The bytes do not start with the magic number: not an InkIndex drawing.
        case badMagic
        /// A version this build cannot read (the file is intact).
        case unsupportedVersion(UInt8)
        /// The file ends before its declared length.
        case truncated(expected: Int, actual: Int)
        /// The bytes were changed after they were written.
        case checksumMismatch(stored: UInt32, computed: UInt32)
        /// The checksum matches but the content breaks the format (a faulty writer).
        case malformed(offset: Int, reason: String)

        /// True where the bytes are damaged (rather than of another kind or version).
        public var isDamage: Bool {
            switch self {
            case .truncated, .checksumMismatch, .malformed: true
            case .badMagic, .unsupportedVersion: false
            }
        }

        public var description: String {
            switch self {
            case .badMagic: "not an InkIndex binary drawing (bad magic number)"
            case .unsupportedVersion(let v): "binary drawing version \(v) is not supported (this build reads version \(BinaryDrawingCodec.version))"
            case .truncated(let expected, let actual): "binary drawing is damaged: truncated to \(actual) of \(expected) bytes"
            case .checksumMismatch(let stored, let computed):
                "binary drawing is damaged: checksum \(String(format: "%08x", computed)) does not match the stored \(String(format: "%08x", stored))"
            case .malformed(let offset, let reason): "binary drawing is malformed at byte \(offset): \(reason)"
            }
        }
    }

    /// `0x89 I N K`: the high byte catches 7-bit channels, as PNG's does.
    static let magic: [UInt8] = [0x89, 0x49, 0x4E, 0x4B]
    public static let version: UInt8 = 1
    /// magic (4), version (1), flags (1), payload length (8).
    static let headerSize = 14
    static let trailerSize = 4

    public static func encode(_ drawing: Drawing) -> Data {
        var writer = BinaryPayloadWriter()
        writer.drawing(drawing)
        return seal(writer.bytes)
    }

    public static func decode(_ data: Data) throws(Failure) -> Drawing {
        let result = data.withUnsafeBytes { raw in Result { () throws(Failure) in try decode(raw) } }
        return try result.get()
    }

    /// Wraps a payload in header and checksum.
    static func seal(_ payload: [UInt8]) -> Data {
        var bytes = magic
        bytes.reserveCapacity(headerSize + payload.count + trailerSize)
        bytes.append(version)
        bytes.append(0)  // flags
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
        withUnsafeBytes(of: CRC32.checksum(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        return Data(bytes)
    }

    private static func decode(_ raw: UnsafeRawBufferPointer) throws(Failure) -> Drawing {
        let count = raw.count
        for i in 0..<min(count, magic.count) where raw[i] != magic[i] { throw .badMagic }
        guard count >= headerSize + trailerSize else { throw .truncated(expected: headerSize + trailerSize, actual: count) }
        let declared = raw.loadUnaligned(fromByteOffset: 6, as: UInt64.self).littleEndian
        let expected = declared > UInt64(Int.max - headerSize - trailerSize) ? Int.max : headerSize + Int(declared) + trailerSize
        let stored = raw.loadUnaligned(fromByteOffset: count - trailerSize, as: UInt32.self).littleEndian
        let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<(count - trailerSize)]))
        guard stored == computed else {
            if count < expected { throw .truncated(expected: expected, actual: count) }
            throw .checksumMismatch(stored: stored, computed: computed)
        }
        guard raw[4] == version else { throw .unsupportedVersion(raw[4]) }
        guard raw[5] == 0 else { throw .malformed(offset: 5, reason: "unknown flags \(raw[5])") }
        guard expected == count else { throw .malformed(offset: 6, reason: "payload length \(declared) does not match the file size \(count)") }
        var reader = BinaryPayloadReader(UnsafeRawBufferPointer(rebasing: raw[headerSize..<(count - trailerSize)]), baseOffset: headerSize)
        let drawing = try reader.drawing()
        guard reader.isAtEnd else { throw .malformed(offset: reader.offset, reason: "bytes left after the last stroke") }
        return drawing
    }
}
