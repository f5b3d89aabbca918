import Foundation

/// The binary format of a character n-gram model (`charlm.bin`), little-endian, written by
/// `Training/lm/build_charlm.py`:
///
/// | bytes | content |
/// |---|---|
/// | 8 | magic `INKCHLM1` |
/// | 4 × u32, f32 | version (1), order n, symbol count S, node count N; unknown-character log-probability |
/// | S × u32 | the Unicode scalar of each symbol, in symbol order |
/// | N × u8 | each node's symbol (node 0, the empty context, has 0) |
/// | N × u8 | each node's child count; nodes are stored breadth first, children contiguous, by symbol |
/// | N × i16 | ln P(symbol | parent's context) × 1000, rounded |
/// | N × i16 | ln backoff weight of the node as a context × 1000, rounded (0 for order-n nodes) |
/// | u32 | FNV-1a (32-bit) of every byte before it |
extension NGramLanguageModel {
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case truncated(expected: Int, actual: Int)
        case badMagic
        case unsupportedVersion(UInt32)
        case checksumMismatch
        case inconsistent(String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the language model at \(path): \(reason)"
            case .truncated(let expected, let actual): "the language model file is truncated: \(actual) bytes of \(expected)"
            case .badMagic: "not a character language model (the file does not start with INKCHLM1)"
            case .unsupportedVersion(let v): "language model format version \(v) is not supported (expected 1)"
            case .checksumMismatch: "the language model file is damaged (checksum mismatch)"
            case .inconsistent(let why): "the language model file is inconsistent: \(why)"
            }
        }
    }

    static let magic = Array("INKCHLM1".utf8)
    static let quantum: Float = 1000

    /// Reads a model from its file bytes. Throws `LoadError`; never traps on damaged data.
    /// Complexity: O(N log S) to rebuild the suffix links.
    public init(data: Data) throws {
        let bytes = [UInt8](data)
        var reader = ByteReader(bytes: bytes)
        guard try reader.bytes(8) == NGramLanguageModel.magic else { throw LoadError.badMagic }
        let version = try reader.u32()
        guard version == 1 else { throw LoadError.unsupportedVersion(version) }
        let order = Int(try reader.u32()), symbolCount = Int(try reader.u32()), nodeCount = Int(try reader.u32())
        let unknown = Double(try reader.f32())
        guard (1...32).contains(order), (1...255).contains(symbolCount), nodeCount >= 1, nodeCount <= 50_000_000 else {
            throw LoadError.inconsistent("order \(order), \(symbolCount) symbols, \(nodeCount) nodes")
        }
        let expected = 8 + 20 + 4 * symbolCount + 6 * nodeCount + 4
        guard bytes.count == expected else {
            throw bytes.count < expected ? LoadError.truncated(expected: expected, actual: bytes.count)
                : LoadError.inconsistent("\(bytes.count - expected) bytes after the end")
        }
        let stored = UInt32(bytes[expected - 4]) | UInt32(bytes[expected - 3]) << 8
            | UInt32(bytes[expected - 2]) << 16 | UInt32(bytes[expected - 1]) << 24
        guard fnv1a(bytes[..<(expected - 4)]) == stored else { throw LoadError.checksumMismatch }

        var symbols: [Character] = []
        for _ in 0..<symbolCount {
            let scalar = try reader.u32()
            guard let s = Unicode.Scalar(scalar) else { throw LoadError.inconsistent("symbol \(scalar) is not a character") }
            symbols.append(Character(s))
        }
        let symbolOfNode = try reader.bytes(nodeCount)
        guard symbolOfNode.allSatisfy({ Int($0) < symbolCount }) else { throw LoadError.inconsistent("a node names an unknown symbol") }
        let childCount = try reader.bytes(nodeCount)
        let logP = try reader.i16s(nodeCount).map { Float($0) / NGramLanguageModel.quantum }
        let backoff = try reader.i16s(nodeCount).map { Float($0) / NGramLanguageModel.quantum }
        try self.init(order: order, symbols: symbols, unknownLogProbability: unknown, symbolOfNode: symbolOfNode,
                      childCount: childCount, logProbability: logP, backoff: backoff)
    }

    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LoadError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data)
    }

    /// The English model that ships with InkIndex (`Resources/charlm.bin`), loaded once.
    public static func shipped() throws -> NGramLanguageModel {
        try shipped(.english)
    }

    /// The shipped model of one language (`Resources/charlm-<code>.bin`; English: `charlm.bin`),
    /// loaded once per process. English's was trained on the King James Bible, a word list,
    /// scripture references and, since recognition version 20, modern prose (the World English
    /// Bible, the Jargon File, WordNet's glosses; terms in `Resources/charlm.LICENSE.md`); every
    /// other language's on its wordfreq words and book names
    /// (`Training/lm/build_language_charlm.py`).
    ///
    /// ```swift
    /// let polish = try NGramLanguageModel.shipped(.polish)
    /// polish.logProbability(of: "z", after: "szc") > (try NGramLanguageModel.shipped()).logProbability(of: "z", after: "szc")  // true
    /// ```
    public static func shipped(_ language: RecognitionLanguage) throws -> NGramLanguageModel {
        // Looked up before the cache, so that a language whose data is registered later is
        // not remembered as missing.
        guard shippedURL(language) != nil else { throw missing(language) }
        return try shippedModels.value(for: language).get()
    }

    /// Where a language's shipped model lies (`ShippedLanguageData`).
    static func shippedURL(_ language: RecognitionLanguage = .english) -> URL? {
        ShippedLanguageData.url(forResource: language.characterModelResource, withExtension: "bin")
    }

    private static func missing(_ language: RecognitionLanguage) -> LoadError {
        .unreadable(path: "Resources/\(language.characterModelResource).bin",
                    reason: "not in the bundle (the languages other than English are in \(ShippedLanguageData.target), which the InkIndex product links)")
    }

    private static let shippedModels = OnceCache<RecognitionLanguage, Result<NGramLanguageModel, LoadError>> { language in
        guard let url = shippedURL(language) else { return .failure(missing(language)) }
        do { return .success(try NGramLanguageModel(contentsOf: url)) } catch let error as LoadError {
            return .failure(error)
        } catch {
            return .failure(.unreadable(path: url.path, reason: "\(error)"))
        }
    }
}

private func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for b in bytes { hash = (hash ^ UInt32(b)) &* 0x0100_0193 }
    return hash
}

/// Reads little-endian values from bytes, throwing `truncated` past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else {
            throw NGramLanguageModel.LoadError.truncated(expected: offset + count, actual: bytes.count)
        }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func u32() throws -> UInt32 {
        let b = try bytes(4)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    mutating func f32() throws -> Float { Float(bitPattern: try u32()) }

    mutating func i16s(_ count: Int) throws -> [Int16] {
        let b = try bytes(2 * count)
        return (0..<count).map { Int16(bitPattern: UInt16(b[2 * $0]) | UInt16(b[2 * $0 + 1]) << 8) }
    }
}
