import CZlib
import Foundation

/// Reads the lines of a gzip-compressed (or plain) text file, streaming: only one buffer and
/// the current line are held in memory.
///
/// ```swift
/// let reader = try GzipLineReader(path: "../shared/data/iam-ondb/testset_v.jsonl.gz")
/// while let line = try reader.nextLine() { print(line.count) }
/// ```
public final class GzipLineReader {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotOpen(path: String)
        /// The compressed stream is damaged or ends early.
        case corrupt(path: String, afterLine: Int, reason: String)
        /// One line is longer than `maximumLineLength`.
        case lineTooLong(path: String, line: Int, limit: Int)

        public var description: String {
            switch self {
            case .cannotOpen(let path): "cannot open \(path)"
            case .corrupt(let path, let line, let reason): "\(path): damaged gzip data after line \(line): \(reason)"
            case .lineTooLong(let path, let line, let limit): "\(path): line \(line) is longer than \(limit) bytes"
            }
        }
    }

    public let path: String
    /// Lines longer than this are reported instead of read, so a damaged file cannot exhaust memory.
    public let maximumLineLength: Int
    /// Number of lines returned so far.
    public private(set) var lineNumber = 0

    private var file: gzFile?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var bufferStart = 0
    private var bufferEnd = 0
    private var finished = false

    public init(path: String, maximumLineLength: Int = 256 << 20) throws {
        self.path = path
        self.maximumLineLength = maximumLineLength
        guard let file = gzopen(path, "rb") else { throw Failure.cannotOpen(path: path) }
        gzbuffer(file, 1 << 17)
        self.file = file
    }

    deinit {
        if let file { gzclose(file) }
    }

    /// The next line without its terminator, or `nil` at the end of the file. O(line length).
    public func nextLine() throws -> String? {
        var line: [UInt8] = []
        while true {
            if bufferStart == bufferEnd {
                if finished { break }
                try refill()
                if bufferStart == bufferEnd { break }
            }
            if let newline = buffer[bufferStart..<bufferEnd].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: buffer[bufferStart..<newline])
                bufferStart = newline + 1
                return finishLine(line)
            }
            line.append(contentsOf: buffer[bufferStart..<bufferEnd])
            bufferStart = bufferEnd
            if line.count > maximumLineLength {
                throw Failure.lineTooLong(path: path, line: lineNumber + 1, limit: maximumLineLength)
            }
        }
        return line.isEmpty ? nil : finishLine(line)
    }

    private func finishLine(_ bytes: [UInt8]) -> String {
        lineNumber += 1
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func refill() throws {
        guard let file else { finished = true; return }
        let count = buffer.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
        if count < 0 {
            var code: Int32 = 0
            let message = gzerror(file, &code).map { String(cString: $0) } ?? "unknown error"
            throw Failure.corrupt(path: path, afterLine: lineNumber, reason: message)
        }
        if count == 0 {
            finished = true
            // zlib reports a stream cut short only through gzerror after the last read.
            var code: Int32 = 0
            let message = gzerror(file, &code).map { String(cString: $0) } ?? ""
            if code != Z_OK && code != Z_STREAM_END {
                throw Failure.corrupt(path: path, afterLine: lineNumber, reason: message)
            }
        }
        bufferStart = 0
        bufferEnd = Int(count)
    }
}
