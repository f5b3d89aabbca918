import Foundation
import InkIndex
import InkPostgres

/// Which bearer token opens which library: `inkindex serve --tokens FILE`, one `TOKEN LIBRARY`
/// pair a line.
///
/// ```swift
/// let tokens = try LibraryTokens(parsing: """
///     # token                              library
///     4f1c0d9e6b2a7c3e8d5f1a9b0c2e4d6f     alice
///     9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d     bob
///     """)
/// configuration.libraries = tokens
/// ```
public struct LibraryTokens: Sendable, Hashable {
    /// Each token and the library it opens. A library may have several tokens (a user's devices).
    public private(set) var tokens: [(token: String, library: String)] = []

    public init() {}

    /// Reads pairs separated by spaces or tabs; blank lines and lines starting with `#` are
    /// skipped. Throws `Failure` naming the line of a pair that is not one, a library name that
    /// is not one (`LibraryName`: an account id without spaces here, since they separate), or a
    /// token given twice.
    public init(parsing text: String) throws(Failure) {
        var seen = Set<String>()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count == 2 else { throw Failure(line: offset + 1, reason: "a line holds a token and a library, separated by spaces") }
            guard (try? PostgresLibrary.validate(libraryName: fields[1])) != nil else {
                throw Failure(line: offset + 1, reason: "'\(fields[1])' is not a library name: use an id of 1–\(LibraryName.maximumBytes) bytes without control characters")
            }
            guard seen.insert(fields[0]).inserted else { throw Failure(line: offset + 1, reason: "this token is given before") }
            tokens.append((fields[0], fields[1]))
        }
    }

    /// The library `token` opens, nil for none.
    public func library(of token: String) -> String? { tokens.first { $0.token == token }?.library }

    public static func == (a: LibraryTokens, b: LibraryTokens) -> Bool {
        a.tokens.map { [$0.token, $0.library] } == b.tokens.map { [$0.token, $0.library] }
    }

    public func hash(into hasher: inout Hasher) {
        for (token, library) in tokens { hasher.combine(token); hasher.combine(library) }
    }

    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        public var description: String { "line \(line): \(reason)" }
    }
}
