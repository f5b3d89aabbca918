import Foundation

/// The wire's JSON: ISO 8601 dates, slashes unescaped, keys sorted, so that the same state gives
/// the same bytes (caches, ETags and diffs can rely on it). The HTTP API and the C library write
/// with it.
///
/// ```swift
/// let body = try WireJSON.encoder().encode(WireStrokes(strokes: []))   // {"strokes":[]}
/// ```
public enum WireJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}
