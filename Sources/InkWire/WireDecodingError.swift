import Foundation

/// What a body's JSON got wrong, in words and with where (`at .strokes[0].points[3]`): the HTTP
/// API's 400 answers and the C library's `INKINDEX_ERROR_BAD_INPUT` messages.
///
/// ```swift
/// WireDecodingError.describe(error)   // "missing \"points\" at .strokes[0]"
/// ```
package enum WireDecodingError {
    package static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context): return "missing \(type)\(path(context))"
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"\(path(context))"
        case .dataCorrupted(let context): return context.debugDescription + path(context)
        @unknown default: return "\(error)"
        }
    }
}
