import Foundation

/// Reads labeled samples from the dataset format of `../shared/data`: gzip JSON Lines, one
/// sample a line, `{"id", "writer", "text", "strokes": [[[x, y, t], ...], ...]}`.
///
/// Streaming: one sample is decoded at a time. Stroke identifiers are derived from the sample id
/// and the stroke's index (`UUID(deterministicFrom:)`), so reading a file twice gives the same IDs.
///
/// ```swift
/// let reader = try DatasetReader(path: "../shared/data/iam-ondb/testset_v.jsonl.gz")
/// for try sample in reader.prefix(10) { print(sample.id, sample.text) }
/// ```
public struct DatasetReader: Sequence {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Line `line` is not a valid sample; `reason` says what is wrong.
        case malformedSample(path: String, line: Int, reason: String)
        public var description: String {
            switch self {
            case .malformedSample(let path, let line, let reason): "\(path):\(line): \(reason)"
            }
        }
    }

    public let path: String

    public init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw GzipLineReader.Failure.cannotOpen(path: path)
        }
        self.path = path
    }

    /// Reads every sample that `isIncluded` accepts (up to `limit`) into memory; prefer iteration
    /// for large files.
    ///
    /// ```swift
    /// let alice = try DatasetReader(path: path).readAll { $0.writer == "alice" }
    /// ```
    public func readAll(limit: Int? = nil, where isIncluded: (LabeledSample) -> Bool = { _ in true }) throws -> [LabeledSample] {
        var samples: [LabeledSample] = []
        var iterator = makeIterator()
        while samples.count < (limit ?? .max), let sample = try iterator.nextSample() {
            if isIncluded(sample) { samples.append(sample) }
        }
        return samples
    }

    public func makeIterator() -> Iterator { Iterator(path: path) }

    /// Yields samples; a read or parse failure ends iteration (use `nextSample()` to see it).
    public struct Iterator: IteratorProtocol {
        let path: String
        private var reader: GzipLineReader?
        private var failed = false

        init(path: String) { self.path = path }

        public mutating func next() -> LabeledSample? { try? nextSample() }

        /// The next sample, `nil` at the end, or the error that stopped reading.
        public mutating func nextSample() throws -> LabeledSample? {
            if failed { return nil }
            do {
                if reader == nil { reader = try GzipLineReader(path: path) }
                while let line = try reader!.nextLine() {
                    if line.allSatisfy(\.isWhitespace) { continue }
                    return try DatasetReader.decodeSample(line, path: path, lineNumber: reader!.lineNumber)
                }
                return nil
            } catch {
                failed = true
                throw error
            }
        }
    }

    /// Decodes one JSON line of the dataset format: a fast scan of the usual shape, the general
    /// JSON path for anything else. O(line length).
    public static func decodeSample(_ line: String, path: String = "<memory>", lineNumber: Int = 1) throws -> LabeledSample {
        if let fields = DatasetLineScanner.scan(line), let sample = sample(from: fields) { return sample }
        return try decodeSampleWithJSONSerialization(line, path: path, lineNumber: lineNumber)
    }

    /// The general path: any JSON, and the error messages.
    static func decodeSampleWithJSONSerialization(_ line: String, path: String, lineNumber: Int) throws -> LabeledSample {
        func fail(_ reason: String) -> Failure { .malformedSample(path: path, line: lineNumber, reason: reason) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        } catch {
            throw fail("not valid JSON")
        }
        guard let record = object as? [String: Any] else { throw fail("a sample must be a JSON object") }
        guard let id = record["id"] as? String else { throw fail("missing string field 'id'") }
        guard let text = record["text"] as? String else { throw fail("sample \(id): missing string field 'text'") }
        let writer = record["writer"] as? String
        guard let rawStrokes = record["strokes"] as? [Any] else { throw fail("sample \(id): missing array field 'strokes'") }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(rawStrokes.count)
        for (strokeIndex, rawStroke) in rawStrokes.enumerated() {
            guard let rawPoints = rawStroke as? [Any] else { throw fail("sample \(id): stroke \(strokeIndex) is not an array") }
            var points: [StrokePoint] = []
            points.reserveCapacity(rawPoints.count)
            for (pointIndex, rawPoint) in rawPoints.enumerated() {
                guard let triple = rawPoint as? [Any], triple.count >= 2,
                      let x = (triple[0] as? NSNumber)?.doubleValue, let y = (triple[1] as? NSNumber)?.doubleValue
                else { throw fail("sample \(id): stroke \(strokeIndex) point \(pointIndex) is not [x, y, t]") }
                guard x.isFinite, y.isFinite else {
                    throw fail("sample \(id): stroke \(strokeIndex) point \(pointIndex) has a non-finite coordinate")
                }
                let t = triple.count > 2 ? (triple[2] as? NSNumber)?.doubleValue : nil
                if let t, !t.isFinite {
                    throw fail("sample \(id): stroke \(strokeIndex) point \(pointIndex) has a non-finite time")
                }
                points.append(StrokePoint(x: x, y: y, time: t))
            }
            strokes.append(Stroke(id: UUID(deterministicFrom: "\(id)#\(strokeIndex)"), points: points))
        }
        return LabeledSample(id: id, writer: writer, text: text, drawing: Drawing(strokes: strokes))
    }

    /// The sample for scanned fields, or nil where a value is out of range (the general path
    /// then reports it).
    private static func sample(from fields: DatasetLineScanner.Fields) -> LabeledSample? {
        var strokes: [Stroke] = []
        strokes.reserveCapacity(fields.strokes.count)
        for (strokeIndex, raw) in fields.strokes.enumerated() {
            var points: [StrokePoint] = []
            points.reserveCapacity(raw.count)
            for p in raw {
                guard p.x.isFinite, p.y.isFinite, p.t?.isFinite ?? true else { return nil }
                points.append(StrokePoint(x: p.x, y: p.y, time: p.t))
            }
            strokes.append(Stroke(id: UUID(deterministicFrom: "\(fields.id)#\(strokeIndex)"), points: points))
        }
        return LabeledSample(id: fields.id, writer: fields.writer, text: fields.text, drawing: Drawing(strokes: strokes))
    }
}
