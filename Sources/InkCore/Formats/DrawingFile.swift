import Foundation

/// Reads and writes drawings in the format named by a file's extension.
///
/// ```swift
/// let drawing = try DrawingFile.read(from: URL(fileURLWithPath: "note.inkml"))
/// try DrawingFile.write(drawing, to: URL(fileURLWithPath: "note.json"))
/// ```
public enum DrawingFile {
    public enum Format: String, Sendable, CaseIterable {
        case json
        // Formats owners add: inkml, binary (.ink), dataset (.jsonl / .jsonl.gz, read-only).

        /// The format for a path's extension, or nil where none matches.
        public init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".json") { self = .json } else { return nil }
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownExtension(path: String)
        public var description: String {
            switch self {
            case .unknownExtension(let path):
                "cannot tell the format of \(path) from its extension (known: \(Format.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
        }
    }

    public static func read(from url: URL) throws -> Drawing {
        guard let format = Format(path: url.path) else { throw Failure.unknownExtension(path: url.path) }
        let data = try Data(contentsOf: url)
        switch format {
        case .json: return try JSONDecoder().decode(Drawing.self, from: data)
        }
    }

    public static func write(_ drawing: Drawing, to url: URL) throws {
        guard let format = Format(path: url.path) else { throw Failure.unknownExtension(path: url.path) }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(drawing).write(to: url, options: .atomic)
        }
    }
}
