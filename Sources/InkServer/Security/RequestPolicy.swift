import Foundation
import NIOHTTP1

/// Who may talk to the server, checked before a request is routed.
///
/// - **Host** (DNS rebinding): a page on another site whose name is made to resolve to 127.0.0.1
///   sends its own name as `Host`. Only loopback names, the address the server is bound to and
///   `ServerConfiguration.allowedHosts` are answered; any other gets 421.
/// - **Origin** (cross-site requests): a request that is not GET or HEAD must, where it sends an
///   `Origin`, come from the server's own or one of `ServerConfiguration.allowedOrigins`, else
///   403; a POST or PUT must carry `application/json`, `application/inkml+xml` or, for a file sent
///   to `/api/import`, `application/octet-stream` (or the file's own type: PDF, ZIP, gzip). A
///   cross-site form or a `text/plain` fetch cannot, without a preflight the server does not
///   grant; else 415.
/// - **CORS**: the `Access-Control-Allow-*` headers go only to allowed origins.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.allowedHosts = ["notes.example.org"]           // behind a reverse proxy
/// configuration.allowedOrigins = ["https://app.example.org"]   // a web app on another origin
/// ```
struct RequestPolicy: Sendable {
    /// Lower-cased host names (without port) answered besides loopback and the bound address.
    var allowedHosts: Set<String>
    /// Origins (`scheme://host[:port]`, lower-cased) allowed besides the server's own.
    var allowedOrigins: Set<String>
    /// The address the server listens on, as given to `start(host:port:)`.
    var boundHost: String?

    /// None of them is a type a cross-site form may send without a preflight.
    static let bodyTypes: Set<String> = ["application/json", "application/inkml+xml", "application/octet-stream",
                                         "application/pdf", "application/zip", "application/gzip"]

    init(allowedHosts: [String], allowedOrigins: [String], boundHost: String? = nil) {
        self.allowedHosts = Set(allowedHosts.map { Self.hostName(of: $0) })
        self.allowedOrigins = Set(allowedOrigins.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/")) })
        self.boundHost = boundHost.map { Self.hostName(of: $0) }
    }

    /// Throws the answer for a request that may not be served; returns for one that may.
    func check(_ request: ServerRequest) throws(APIError) {
        let host = request.headers.first(name: "host") ?? ""
        guard isAllowedHost(host) else {
            throw APIError(status: .misdirectedRequest, code: "misdirected",
                           detail: "this server answers only for its own address, not for Host '\(host)' (see --allowed-host)")
        }
        guard request.method != .GET, request.method != .HEAD else { return }
        if let origin = request.headers.first(name: "origin"), !isAllowedOrigin(origin, host: host) {
            throw APIError(status: .forbidden, code: "forbidden",
                           detail: "requests that change or read data from origin '\(origin)' are refused (see --allowed-origin)")
        }
        // A body-less DELETE is no "simple" request either: browsers preflight it.
        guard request.method == .POST || request.method == .PUT else { return }
        guard let type = request.contentType, Self.bodyTypes.contains(type) else {
            throw APIError(status: .unsupportedMediaType, code: "unsupported_media_type",
                           detail: "send the body as application/json or application/inkml+xml (a file to /api/import as application/octet-stream), not '\(request.contentType ?? "nothing")'")
        }
    }

    /// CORS headers for a request from an allowed foreign origin (none for the server's own
    /// pages, which need none, and none for any other origin).
    func corsHeaders(for request: ServerRequest) -> HTTPHeaders {
        guard let origin = request.headers.first(name: "origin"),
              allowedOrigins.contains(origin.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/"))) else { return [:] }
        return ["access-control-allow-origin": origin, "vary": "Origin",
                "access-control-allow-methods": "GET, POST, PUT, DELETE", "access-control-allow-headers": "authorization, content-type, if-match",
                "access-control-expose-headers": "etag",
                "access-control-max-age": "600"]
    }

    func isAllowedHost(_ header: String) -> Bool {
        let name = Self.hostName(of: header)
        guard !name.isEmpty else { return false }
        return Self.isLoopbackName(name) || name == boundHost || allowedHosts.contains(name)
    }

    func isAllowedOrigin(_ origin: String, host: String) -> Bool {
        let origin = origin.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if allowedOrigins.contains(origin) { return true }
        // The server's own pages: http://<the Host this request was sent to>.
        return origin == "http://" + host.lowercased() || origin == "https://" + host.lowercased()
    }

    /// `Host` without its port, lower-cased: "[::1]:8080" → "::1", "Localhost:80" → "localhost".
    static func hostName(of header: String) -> String {
        var value = header.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return "" }
            return String(value[value.index(after: value.startIndex)..<close])
        }
        if let colon = value.lastIndex(of: ":"), value.firstIndex(of: ":") == colon { value = String(value[..<colon]) }
        return value.hasSuffix(".") ? String(value.dropLast()) : value
    }

    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Headers every answer carries, and the page's policy: scripts, styles and requests from the
/// server itself only (the playground has no inline script), never framed, no referrer.
enum SecurityHeaders {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func add(to headers: inout HTTPHeaders, page: Bool) {
        headers.replaceOrAdd(name: "x-content-type-options", value: "nosniff")
        headers.replaceOrAdd(name: "referrer-policy", value: "no-referrer")
        headers.replaceOrAdd(name: "x-frame-options", value: "DENY")
        if page { headers.replaceOrAdd(name: "content-security-policy", value: contentSecurityPolicy) }
    }
}
