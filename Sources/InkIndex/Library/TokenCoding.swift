import Foundation

/// How derived token columns are packed: stroke identifiers as 16 raw bytes each, readings as
/// "probability<TAB>text" lines (recognized text never holds tabs or newlines; they are replaced
/// by spaces on the way in).
enum TokenCoding {
    static func encode(_ ids: [UUID]) -> Data {
        var data = Data(capacity: ids.count * 16)
        for id in ids { withUnsafeBytes(of: id.uuid) { data.append(contentsOf: $0) } }
        return data
    }

    static func decodeIDs(_ data: Data) -> [UUID] {
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 15, by: 16).map { i in
            UUID(uuid: (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3], bytes[i + 4], bytes[i + 5], bytes[i + 6], bytes[i + 7],
                        bytes[i + 8], bytes[i + 9], bytes[i + 10], bytes[i + 11], bytes[i + 12], bytes[i + 13], bytes[i + 14], bytes[i + 15]))
        }
    }

    static func encode(_ readings: [WordReading]) -> String {
        readings.map { reading in
            let clean = reading.text.map { $0 == "\t" || $0.isNewline ? " " : String($0) }.joined()
            return String(format: "%.6g", reading.probability) + "\t" + clean
        }.joined(separator: "\n")
    }

    /// (On UTF-8 bytes, not characters: search decodes the readings of every candidate, and a
    /// stored text holds neither tab nor newline, so the splits are the same.)
    static func decodeReadings(_ text: String) -> [WordReading] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), let p = Double(String(decoding: line[..<tab], as: UTF8.self)) else { return nil }
            return WordReading(text: String(decoding: line[line.index(after: tab)...], as: UTF8.self), probability: p)
        }
    }
}
