import Foundation

/// How a word's network evidence (`WordEvidence`) is packed in `tokens.evidence`: the frames'
/// byte arrays as they are, the alphabet by its id in `alphabets` (stored once per library, not
/// per word), and the characters before and after the word.
///
/// Layout: format byte (1), alphabet id (varint), before and after (each a varint UTF-8 length,
/// 0 for none, then the bytes), frame count (varint), then per frame its count, then the classes,
/// then the costs. About 1 + 2·k bytes a frame (k the classes kept), 7 bytes more a word.
///
/// ```swift
/// let blob = EvidenceCoding.encode(evidence, alphabetID: 1)
/// let back = try EvidenceCoding.decode(blob) { $0 == 1 ? evidence.posteriors.alphabet : nil }
/// ```
enum EvidenceCoding {
    static let format: UInt8 = 1

    /// Why a stored blob does not decode (a damaged or foreign file). Search treats such a word
    /// as having no evidence.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownFormat(UInt8)
        case truncated(field: String)
        case unknownAlphabet(Int64)
        case badCharacter(field: String)
        case classOutOfRange(class: UInt8, classes: Int)
        case trailingBytes(Int)

        var description: String {
            switch self {
            case .unknownFormat(let byte): "evidence blob: unknown format \(byte) (this build reads \(EvidenceCoding.format))"
            case .truncated(let field): "evidence blob: ends inside its \(field)"
            case .unknownAlphabet(let id): "evidence blob: alphabet \(id) is not in the library's alphabets table"
            case .badCharacter(let field): "evidence blob: its \(field) character is not one character of UTF-8"
            case .classOutOfRange(let value, let classes): "evidence blob: class \(value) outside the alphabet's \(classes) classes"
            case .trailingBytes(let count): "evidence blob: \(count) bytes after its costs"
            }
        }
    }

    static func encode(_ evidence: WordEvidence, alphabetID: Int64) -> Data {
        let p = evidence.posteriors
        var data = Data(capacity: 8 + p.counts.count + 2 * p.classes.count)
        data.append(format)
        appendVarint(UInt64(alphabetID), to: &data)
        for character in [evidence.before, evidence.after] {
            let bytes = character.map { Array(String($0).utf8) } ?? []
            appendVarint(UInt64(bytes.count), to: &data)
            data.append(contentsOf: bytes)
        }
        appendVarint(UInt64(p.counts.count), to: &data)
        data.append(contentsOf: p.counts)
        data.append(contentsOf: p.classes)
        data.append(contentsOf: p.costs)
        return data
    }

    /// - Parameter alphabet: the characters of a stored alphabet id, nil where unknown.
    /// - Throws: `Failure` where the blob is damaged; never traps.
    static func decode(_ data: Data, alphabet: (Int64) throws -> String?) throws -> WordEvidence {
        var reader = Reader(bytes: [UInt8](data))
        let version = try reader.byte("format")
        guard version == format else { throw Failure.unknownFormat(version) }
        let id = try reader.varint("alphabet id")
        guard id <= UInt64(Int64.max), let characters = try alphabet(Int64(id)) else { throw Failure.unknownAlphabet(Int64(bitPattern: id)) }
        func character(_ field: String) throws -> Character? {
            let length = try reader.varint("\(field) length")
            guard length > 0 else { return nil }
            let text = String(decoding: try reader.bytes(length, field), as: UTF8.self)
            guard text.count == 1, !text.contains("\u{FFFD}") else { throw Failure.badCharacter(field: field) }
            return text.first
        }
        let before = try character("before"), after = try character("after")
        let frames = try reader.varint("frame count")
        let counts = try reader.bytes(frames, "frame counts")
        let entries = counts.reduce(0) { $0 + Int($1) }
        let classes = try reader.bytes(UInt64(entries), "classes")
        let costs = try reader.bytes(UInt64(entries), "costs")
        guard reader.remaining == 0 else { throw Failure.trailingBytes(reader.remaining) }
        let classCount = characters.count + 1
        if let bad = classes.first(where: { Int($0) >= classCount }) { throw Failure.classOutOfRange(class: bad, classes: classCount) }
        return WordEvidence(posteriors: FramePosteriors(alphabet: characters, counts: counts, classes: classes, costs: costs),
                            before: before, after: after)
    }

    /// The cost (−log) of the frames' best path, as `KeywordScorer` counts it: no query's
    /// log-ratio on these frames exceeds it by more than `ratioMargin` (every alignment is a
    /// path, and the probabilities of all paths sum to at most 1; a frame sequence can be read
    /// as at most four alignments, with and without the optional characters around the word).
    /// Lets SQLite bound the calibrated score of a word before its evidence is read.
    static func bestPathCost(_ evidence: WordEvidence) -> Double {
        let p = evidence.posteriors
        let classCount = p.alphabet.count + 1
        var cost = 0.0, offset = 0
        for t in 0..<p.frameCount {
            let kept = Int(p.counts[t])
            let floor = p.residualLogProbability(entryOffset: offset, kept: kept, classCount: classCount)
            let top = kept > 0 ? max(FramePosteriors.logProbability(ofCost: p.costs[offset]), floor) : floor
            cost -= Double(top)
            offset += kept
        }
        return cost
    }

    /// log 4 (see `bestPathCost`), and a little for rounding.
    static let ratioMargin = 1.5

    private static func appendVarint(_ value: UInt64, to data: inout Data) {
        var value = value
        while value >= 0x80 {
            data.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        data.append(UInt8(value))
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var remaining: Int { bytes.count - position }

        mutating func byte(_ field: String) throws -> UInt8 {
            guard position < bytes.count else { throw Failure.truncated(field: field) }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func varint(_ field: String) throws -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                let b = try byte(field)
                value |= UInt64(b & 0x7F) << UInt64(shift)
                if b & 0x80 == 0 { return value }
            }
            throw Failure.truncated(field: field)
        }

        mutating func bytes(_ count: UInt64, _ field: String) throws -> [UInt8] {
            guard count <= UInt64(remaining) else { throw Failure.truncated(field: field) }
            defer { position += Int(count) }
            return Array(bytes[position..<(position + Int(count))])
        }
    }
}
