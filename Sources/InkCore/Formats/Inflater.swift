import CZlib
import Foundation

/// Inflates gzip and raw deflate data held in memory, never producing more than a limit.
///
/// `GzipLineReader` streams the lines of a file through zlib's `gzFile` interface, which reads
/// only paths and only gzip. Containers read whole (a Xournal++ notebook, a ZIP entry) need
/// in-memory input and raw deflate (ZIP stores no zlib or gzip header), hence this second door
/// into zlib.
///
/// ```swift
/// let xml = data.withUnsafeBytes { Inflater.decompress($0, wrapper: .gzip, limit: 512 << 20) }
/// ```
enum Inflater {
    enum Wrapper {
        /// RFC 1952: header, deflate data, CRC-32 and length, which zlib checks. Members that
        /// follow one another (as `cat a.gz b.gz` makes) are inflated one after the other.
        case gzip
        /// RFC 1951 deflate data without header or checksum, as in ZIP entries (method 8).
        case raw
        /// RFC 1950: a two-byte header, deflate data and an Adler-32, as in PDF's `FlateDecode`.
        case zlib

        var windowBits: Int32 {
            switch self {
            case .gzip: 16 + MAX_WBITS
            case .raw: -MAX_WBITS
            case .zlib: MAX_WBITS
            }
        }
    }

    enum Failure: Error, Equatable {
        /// The input ends before the compressed stream does.
        case truncated
        /// zlib rejected the data; its message.
        case damaged(String)
        /// The output would be larger than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// Every byte the stream inflates to. O(output).
    static func decompress(_ input: UnsafeRawBufferPointer, wrapper: Wrapper, limit: Int,
                           expectedSize: Int = 0) -> Result<[UInt8], Failure> {
        run(input, wrapper: wrapper, limit: limit, reserve: expectedSize, prefixOnly: false)
    }

    /// The first `count` bytes the stream inflates to, or fewer where it is shorter or damaged:
    /// enough to recognize a format without inflating a whole file.
    static func prefix(_ input: UnsafeRawBufferPointer, wrapper: Wrapper, count: Int) -> [UInt8] {
        switch run(input, wrapper: wrapper, limit: count, reserve: count, prefixOnly: true) {
        case .success(let bytes): bytes
        case .failure: []
        }
    }

    private static func run(_ input: UnsafeRawBufferPointer, wrapper: Wrapper, limit: Int, reserve: Int,
                            prefixOnly: Bool) -> Result<[UInt8], Failure> {
        guard let base = input.baseAddress, input.count > 0, limit >= 0 else {
            return prefixOnly ? .success([]) : .failure(.truncated)
        }
        // zlib never writes through next_in; the type is mutable only because zlib.h says so.
        let bytes = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        var stream = z_stream()
        let started = inflateInit2_(&stream, wrapper.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { return .failure(.damaged("zlib could not start inflating (status \(started))")) }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(max(reserve, 0), limit))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var fed = 0  // input bytes handed to zlib so far
        while true {
            if stream.avail_in == 0 && fed < input.count {
                // avail_in is 32 bits wide: hand over at most 1 GiB at a time.
                let piece = min(input.count - fed, 1 << 30)
                stream.next_in = bytes + fed
                stream.avail_in = uInt(piece)
                fed += piece
            }
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            if produced > 0 {
                if prefixOnly {
                    output.append(contentsOf: chunk[0..<min(produced, limit - output.count)])
                    if output.count >= limit { return .success(output) }
                } else {
                    guard produced <= limit - output.count else { return .failure(.tooLarge(limit: limit)) }
                    output.append(contentsOf: chunk[0..<produced])
                }
            }
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                let next = fed - Int(stream.avail_in)
                if wrapper == .gzip, input.count - next >= 2, bytes[next] == 0x1f, bytes[next + 1] == 0x8b {
                    inflateReset(&stream)
                    continue
                }
                // Anything else after the stream (zero padding, say) is ignored, as gzip does.
                return .success(output)
            case Z_BUF_ERROR:
                // No progress is possible: all input was used before the stream's end.
                return prefixOnly ? .success(output) : .failure(.truncated)
            default:
                if prefixOnly { return .success(output) }
                let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                return .failure(.damaged(message))
            }
        }
    }
}
