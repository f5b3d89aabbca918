import Foundation
import NIOHTTP1

/// JSON answers: ISO 8601 dates, slashes unescaped, keys sorted, so that the same state gives
/// the same bytes (caches, ETags and diffs can rely on it).
enum JSONAnswers {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    static let contentType = "application/json; charset=utf-8"

    static func response(_ value: some Encodable, status: HTTPResponseStatus = .ok) throws -> ServerResponse {
        ServerResponse(status: status, contentType: contentType, body: try encoder().encode(value))
    }
}
