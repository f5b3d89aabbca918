import Foundation
import InkWire
import NIOHTTP1

/// JSON answers, written as the wire writes them (`WireJSON`: the same state gives the same bytes).
enum JSONAnswers {
    static func encoder() -> JSONEncoder { WireJSON.encoder() }

    static let contentType = "application/json; charset=utf-8"

    static func response(_ value: some Encodable, status: HTTPResponseStatus = .ok) throws -> ServerResponse {
        ServerResponse(status: status, contentType: contentType, body: try encoder().encode(value))
    }
}
