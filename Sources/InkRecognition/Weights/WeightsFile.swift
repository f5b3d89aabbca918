import Foundation

/// A parsed weights file (Training/WEIGHTS_FORMAT.md): `INKW`, format version (u32), header
/// length (u64), a JSON header naming each tensor and describing the model, then raw
/// little-endian float16/float32 data. Every tensor is widened to `Float` on load.
///
/// ```swift
/// let file = try WeightsFile(data: Data(contentsOf: url))
/// let bias = try file.tensor("out.bias", shape: [82])
/// ```
public struct WeightsFile: Sendable {
    public struct TensorEntry: Sendable, Codable, Hashable {
        public var name: String
        public var dtype: String
        public var shape: [Int]
        public var offset: Int
        public var length: Int
    }

    public struct ModelShape: Sendable, Codable, Hashable {
        public var convChannels: [Int]
        public var convKernels: [Int]
        public var convStrides: [Int]
        public var hidden: Int
        public var layers: Int
        public var inputFeatures: Int
    }

    public struct Metadata: Sendable, Codable, Hashable {
        /// Grows whenever the network, its weights or its features change what is output.
        public var modelVersion: Int
        public var alphabet: String
        public var features: InkFeatureConfig
        public var model: ModelShape
    }

    struct Header: Codable {
        var format: Int
        var tensors: [TensorEntry]
        var metadata: Metadata
    }

    public let metadata: Metadata
    public let entries: [TensorEntry]
    private let tensors: [String: [Float]]

    public init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 16 else { throw WeightsError.truncated("\(bytes.count) bytes, fewer than the 16-byte preamble") }
        guard bytes[0..<4].elementsEqual("INKW".utf8) else { throw WeightsError.badMagic }
        let format = Int(Self.littleEndian(bytes, at: 4, count: 4))
        guard format == 1 else { throw WeightsError.unsupportedFormat(format) }
        let headerLength = Self.littleEndian(bytes, at: 8, count: 8)
        guard headerLength <= UInt64(bytes.count - 16) else { throw WeightsError.truncated("header of \(headerLength) bytes") }
        let dataStart = 16 + Int(headerLength)
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes[16..<dataStart]))
        } catch {
            throw WeightsError.unreadableHeader(String(describing: error))
        }
        var tensors: [String: [Float]] = [:]
        for entry in header.tensors {
            let count = entry.shape.reduce(1, *)
            let width: Int
            switch entry.dtype {
            case "f16": width = 2
            case "f32": width = 4
            default: throw WeightsError.unsupportedDType(tensor: entry.name, dtype: entry.dtype)
            }
            let start = dataStart + entry.offset
            guard entry.offset >= 0, entry.length == count * width, start + entry.length <= bytes.count else {
                throw WeightsError.tensorOutOfBounds(tensor: entry.name)
            }
            let values = bytes.withUnsafeBytes { raw -> [Float] in
                let base = raw.baseAddress! + start
                return width == 2
                    ? (0..<count).map { Float(halfBits: UInt16(littleEndian: base.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self))) }
                    : (0..<count).map { Float(bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self))) }
            }
            tensors[entry.name] = values
        }
        metadata = header.metadata
        entries = header.tensors
        self.tensors = tensors
    }

    /// The named tensor's values (row-major), checked against the expected shape.
    public func tensor(_ name: String, shape: [Int]) throws -> [Float] {
        guard let entry = entries.first(where: { $0.name == name }), let values = tensors[name] else {
            throw WeightsError.missingTensor(name)
        }
        guard entry.shape == shape else { throw WeightsError.shapeMismatch(tensor: name, expected: shape, found: entry.shape) }
        return values
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        return value
    }
}
