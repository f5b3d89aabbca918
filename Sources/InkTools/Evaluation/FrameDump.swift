import Foundation
import InkIndex

/// Network outputs saved with their labels, so that decoding can be tuned (language-model
/// weight, beam width, bonuses) without running the network again. Written by the training
/// side; read by `inkindex bench-decoder --frames FILE`.
///
/// Format, little-endian: magic `INKFRM01`, u32 sample count, then per sample: u32 byte length
/// and UTF-8 bytes of the id, the same for the label, u32 frame count T, u32 class count C,
/// T × C float32 log-probabilities (row-major, class 0 the blank).
///
/// ```swift
/// for sample in try FrameDump.read(from: url) {
///     let best = decoder.decode(sample.frames, maxCandidates: 1).first?.text
/// }
/// ```
public enum FrameDump {
    public struct Sample: Sendable {
        public var id: String
        public var label: String
        public var frames: CTCFrames
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String)
        case badMagic
        case truncated(sample: Int)
        case badText(sample: Int)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read frame dump \(path)"
            case .badMagic: "not a frame dump (the file does not start with INKFRM01)"
            case .truncated(let sample): "the frame dump ends inside sample \(sample)"
            case .badText(let sample): "sample \(sample) of the frame dump has an id or label that is not UTF-8"
            }
        }
    }

    public static func read(from url: URL) throws -> [Sample] {
        guard let data = try? Data(contentsOf: url) else { throw Failure.unreadable(path: url.path) }
        return try decode(data)
    }

    public static func decode(_ data: Data) throws -> [Sample] {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, Array(bytes[0..<8]) == Array("INKFRM01".utf8) else { throw Failure.badMagic }
        var offset = 8
        func u32(_ sample: Int) throws -> Int {
            guard offset + 4 <= bytes.count else { throw Failure.truncated(sample: sample) }
            defer { offset += 4 }
            return Int(UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24)
        }
        func text(_ sample: Int) throws -> String {
            let length = try u32(sample)
            guard offset + length <= bytes.count else { throw Failure.truncated(sample: sample) }
            defer { offset += length }
            guard let s = String(bytes: bytes[offset..<(offset + length)], encoding: .utf8) else { throw Failure.badText(sample: sample) }
            return s
        }
        let count = try u32(0)
        var samples: [Sample] = []
        for index in 0..<count {
            let id = try text(index), label = try text(index)
            let frameCount = try u32(index), classCount = try u32(index)
            let valueCount = frameCount * classCount
            guard classCount >= 1, offset + 4 * valueCount <= bytes.count else { throw Failure.truncated(sample: index) }
            var values = [Float](repeating: 0, count: valueCount)
            values.withUnsafeMutableBytes { $0.copyBytes(from: bytes[offset..<(offset + 4 * valueCount)]) }
            offset += 4 * valueCount
            samples.append(Sample(id: id, label: label,
                                  frames: CTCFrames(logProbabilities: values, frameCount: frameCount, classCount: classCount)))
        }
        return samples
    }
}
