import Foundation

/// A request target split into decoded path segments and query values. `+` in the query is a
/// space (as browsers' forms and `URLSearchParams` send it).
struct RequestTarget: Sendable, Hashable {
    var segments: [String]
    var query: [String: String]

    /// Nil where the target is not an origin-form path or its percent-encoding is broken.
    init?(_ uri: String) {
        guard uri.hasPrefix("/") else { return nil }
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var segments: [String] = []
        for raw in parts[0].split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = String(raw).removingPercentEncoding else { return nil }
            segments.append(segment)
        }
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ text: Substring) -> String? { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
                guard let key = decode(keyValue[0]), let value = keyValue.count > 1 ? decode(keyValue[1]) : "" else { return nil }
                query[key] = value
            }
        }
        self.segments = segments
        self.query = query
    }
}
