import Foundation
import NIOHTTP1

/// A request that cannot be answered as asked: its status, a short code and a sentence, sent as
/// `{"error": code, "detail": sentence}`.
struct APIError: Error, Sendable {
    var status: HTTPResponseStatus
    var code: String
    var detail: String
    var headers: HTTPHeaders = [:]

    static func badRequest(_ detail: String) -> APIError { APIError(status: .badRequest, code: "bad_request", detail: detail) }
    static func unauthorized(_ detail: String) -> APIError {
        APIError(status: .unauthorized, code: "unauthorized", detail: detail, headers: ["www-authenticate": "Bearer"])
    }
    static func notFound(_ detail: String) -> APIError { APIError(status: .notFound, code: "not_found", detail: detail) }
    static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> APIError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(status: .methodNotAllowed, code: "method_not_allowed",
                        detail: "\(method.rawValue) is not allowed here; use \(names)", headers: ["allow": names])
    }
    static func payloadTooLarge(_ detail: String) -> APIError { APIError(status: .payloadTooLarge, code: "payload_too_large", detail: detail) }
    static func requestTimeout(_ detail: String) -> APIError { APIError(status: .requestTimeout, code: "request_timeout", detail: detail) }
    static func unavailable(_ detail: String) -> APIError { APIError(status: .serviceUnavailable, code: "unavailable", detail: detail) }
    static func deadlineExceeded(_ limit: Duration) -> APIError {
        APIError(status: .serviceUnavailable, code: "deadline_exceeded",
                 detail: "the recognition did not finish within \(limit); it was cancelled and nothing was stored")
    }
    static func internalError(_ detail: String) -> APIError { APIError(status: .internalServerError, code: "internal", detail: detail) }

    var response: ServerResponse {
        let body = (try? JSONAnswers.encoder().encode(WireError(error: code, detail: detail))) ?? Data(#"{"error":"internal","detail":""}"#.utf8)
        return ServerResponse(status: status, contentType: "application/json; charset=utf-8", body: body, headers: headers)
    }
}
