import CZlib
import Foundation

/// Writes a `RasterImage` as a PNG file (8-bit RGBA, no interlace), compressed with zlib.
///
/// ```swift
/// let data = try PNGEncoder.encode(image)
/// ```
/// Cost: O(pixels).
public enum PNGEncoder {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case emptyImage
        case compressionFailed(zlibStatus: Int32)
        public var description: String {
            switch self {
            case .emptyImage: "cannot encode an image without pixels as PNG"
            case .compressionFailed(let status): "zlib compress2 failed with status \(status) while encoding PNG pixels"
            }
        }
    }

    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func encode(_ image: RasterImage) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw Failure.emptyImage }
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // depth 8, RGBA, deflate, adaptive filters, no interlace

        // Filter type 0 (none) on every row: ink pages compress well enough without prediction.
        let rowBytes = image.width * 4
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
        for y in 0..<image.height {
            raw.replaceSubrange((y * (rowBytes + 1) + 1)..<((y + 1) * (rowBytes + 1)),
                                with: image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
        }
        var png = Data(signature)
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try deflate(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    static func deflate(_ bytes: [UInt8]) throws -> Data {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { source in
            compress2(&out, &length, source.baseAddress, uLong(bytes.count), 6)
        }
        guard status == Z_OK else { throw Failure.compressionFailed(zlibStatus: status) }
        return Data(out[0..<Int(length)])
    }

    /// CRC-32 of a chunk's type and data, as the PNG format defines it (zlib's crc32).
    static func checksum(_ bytes: Data) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            UInt32(crc32(0, buffer.bindMemory(to: UInt8.self).baseAddress, uInt(buffer.count)))
        }
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }

    fileprivate mutating func appendChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        appendBigEndian(PNGEncoder.checksum(typed))
    }
}
