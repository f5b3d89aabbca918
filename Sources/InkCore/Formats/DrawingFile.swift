import Foundation

/// Reads and writes drawings in the format named by a file's extension: `.inkml` (W3C InkML),
/// `.json` (the model's Codable form), `.ink` (the binary encoding) and, read-only, the dataset
/// format `.jsonl` / `.jsonl.gz`.
///
/// ```swift
/// let drawing = try DrawingFile.read(from: URL(fileURLWithPath: "note.inkml"))
/// try DrawingFile.write(drawing, to: URL(fileURLWithPath: "note.ink"))
/// let samples = try DrawingFile.readSamples(from: URL(fileURLWithPath: "testset_v.jsonl.gz"), limit: 10)
/// ```
public enum DrawingFile {
    public enum Format: String, Sendable, CaseIterable {
        case json
        case inkml
        /// The binary encoding (`BinaryDrawingCodec`), extension `.ink`.
        case binary = "ink"
        /// Gzip (or plain) JSON Lines of labeled samples; read-only.
        case dataset = "jsonl.gz"

        /// The format for a path's extension, or nil where none matches.
        public init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".jsonl.gz") || lower.hasSuffix(".jsonl") { self = .dataset }
            else if lower.hasSuffix(".json") { self = .json }
            else if lower.hasSuffix(".inkml") { self = .inkml }
            else if lower.hasSuffix(".ink") { self = .binary }
            else { return nil }
        }

        public var isWritable: Bool { self != .dataset }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownExtension(path: String)
        case readOnly(path: String, format: Format)
        /// A dataset file without samples, or without the one asked for.
        case noSuchSample(path: String, id: String?)
        /// The file's content is not valid JSON for a drawing.
        case invalidJSON(path: String, reason: String)

        public var description: String {
            switch self {
            case .unknownExtension(let path):
                "cannot tell the format of \(path) from its extension (known: .json, .inkml, .ink, .jsonl, .jsonl.gz)"
            case .readOnly(let path, let format): "\(path): the \(format.rawValue) format is read-only"
            case .noSuchSample(let path, let id): id.map { "\(path): no sample with id '\($0)'" } ?? "\(path): no samples"
            case .invalidJSON(let path, let reason): "\(path): not a JSON drawing: \(reason)"
            }
        }
    }

    /// The drawing in a file; for a dataset file, its first sample's. O(file size).
    public static func read(from url: URL) throws -> Drawing {
        try readWithWarnings(from: url).drawing
    }

    /// The drawing and what the format could not carry into the model (InkML's dropped channels).
    public static func readWithWarnings(from url: URL) throws -> (drawing: Drawing, warnings: [String]) {
        guard let format = Format(path: url.path) else { throw Failure.unknownExtension(path: url.path) }
        switch format {
        case .dataset:
            return (try readSample(from: url, id: nil).drawing, [])
        case .json:
            do {
                let decoder = JSONDecoder()
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                return (try decoder.decode(Drawing.self, from: Data(contentsOf: url)), [])
            } catch let error as DecodingError {
                throw Failure.invalidJSON(path: url.path, reason: Self.describe(error))
            }
        case .inkml:
            // Refused before reading, so that a huge file is never loaded into memory.
            let limit = XMLLimits().maximumBytes
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit {
                throw InkMLError.xml(line: 1, column: 1, reason: "document is \(size) bytes, more than the limit of \(limit)")
            }
            let result = try InkML.read(Data(contentsOf: url))
            return (result.drawing, result.warnings)
        case .binary:
            return (try BinaryDrawingCodec.decode(Data(contentsOf: url)), [])
        }
    }

    /// Labeled samples: every sample of a dataset file (up to `limit`, streamed), or for any
    /// other format one sample whose id is the file name and whose text is the drawing's
    /// `text` annotation (empty where absent).
    public static func readSamples(from url: URL, limit: Int? = nil) throws -> [LabeledSample] {
        guard Format(path: url.path) == .dataset else {
            let drawing = try read(from: url)
            return [LabeledSample(id: url.lastPathComponent, writer: nil, text: drawing.annotations["text"] ?? "", drawing: drawing)]
        }
        return try DatasetReader(path: url.path).readAll(limit: limit)
    }

    /// The sample with the given id (the first sample where `id` is nil) of a dataset file,
    /// reading only as far as that sample.
    public static func readSample(from url: URL, id: String?) throws -> LabeledSample {
        guard Format(path: url.path) == .dataset else {
            let sample = try readSamples(from: url)[0]
            guard id == nil || id == sample.id else { throw Failure.noSuchSample(path: url.path, id: id) }
            return sample
        }
        var iterator = try DatasetReader(path: url.path).makeIterator()
        while let sample = try iterator.nextSample() {
            if id == nil || sample.id == id { return sample }
        }
        throw Failure.noSuchSample(path: url.path, id: id)
    }

    public static func write(_ drawing: Drawing, to url: URL) throws {
        guard let format = Format(path: url.path) else { throw Failure.unknownExtension(path: url.path) }
        try data(drawing, format: format, path: url.path).write(to: url, options: .atomic)
    }

    /// A drawing encoded in a writable format.
    public static func data(_ drawing: Drawing, format: Format, path: String = "<memory>") throws -> Data {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return try encoder.encode(drawing)
        case .inkml: return Data(try InkML.write(drawing).utf8)
        case .binary: return BinaryDrawingCodec.encode(drawing)
        case .dataset: throw Failure.readOnly(path: path, format: format)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            let path = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path.isEmpty ? "" : "at \(path): ") + c.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
