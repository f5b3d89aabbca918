import Foundation
import NIOHTTP1

/// JSON answers: ISO 8601 dates, slashes unescaped.
enum JSONAnswers {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    static func response(_ value: some Encodable, status: HTTPResponseStatus = .ok) throws -> ServerResponse {
        ServerResponse(status: status, contentType: "application/json; charset=utf-8", body: try encoder().encode(value))
    }
}
