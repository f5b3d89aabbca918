import Foundation

/// The playground page's files, read once from the package's embedded resources
/// (`Resources/Playground/`) into memory. Requests name a file; only names in this table are
/// answered, so no request path ever reaches the file system.
struct PlaygroundFiles: Sendable {
    struct File: Sendable {
        var bytes: Data
        var contentType: String
    }

    /// File types served, by extension; anything else in the folder is left out.
    static let contentTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon", "json": "application/json; charset=utf-8",
    ]

    private let files: [String: File]

    init(files: [String: File]) { self.files = files }

    /// Reads every servable file of the embedded `Playground` folder (names of letters, digits,
    /// `-`, `_` and one extension).
    static func embedded() -> PlaygroundFiles {
        // Where the folder lies within the bundle differs between platforms' bundle layouts.
        let candidates = [Bundle.module.resourceURL, Bundle.module.bundleURL].compactMap { $0 }.flatMap {
            [$0.appendingPathComponent("Resources/Playground"), $0.appendingPathComponent("Playground")]
        }
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return PlaygroundFiles(files: [:]) }
        var files: [String: File] = [:]
        for name in names where isServable(name) {
            let ext = String(name.split(separator: ".").last ?? "")
            guard let type = contentTypes[ext], let bytes = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            files[name] = File(bytes: bytes, contentType: type)
        }
        return PlaygroundFiles(files: files)
    }

    static func isServable(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, contentTypes[String(parts[1])] != nil else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    subscript(name: String) -> File? { files[name] }

    var names: [String] { files.keys.sorted() }
}
