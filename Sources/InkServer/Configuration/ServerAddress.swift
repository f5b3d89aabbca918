/// Facts about the address a server listens on.
///
/// ```swift
/// ServerAddress.isLoopback("127.0.0.1")          // true
/// ServerAddress.url(host: "::1", port: 8080)     // "http://[::1]:8080/"
/// ```
public enum ServerAddress {
    /// Whether only this machine can reach `host`.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The URL to open for a server on `host:port` (the loopback address where it listens on all).
    public static func url(host: String, port: Int) -> String {
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        return "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)/"
    }
}
