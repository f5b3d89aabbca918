import Foundation

/// How a service's account id names a library in a store. Any id of 1–200 UTF-8 bytes without
/// control characters is a library's name (a UUID with hyphens, an e-mail address, a
/// provider's subject id). Where it is already a plain name (1–48 ASCII letters, digits and
/// `_`) it is stored under itself, as libraries always were, so existing ones stay readable;
/// any other id is stored under `h` and the first 40 hex digits of its SHA-256, a name no two
/// ids share in practice, and no plain name can take (plain names of 41 characters starting
/// with `h` are hashed too).
///
/// ```swift
/// let name = try LibraryName("3f2a9c1e-7b4d-4e8a-9f00-1c2d3e4f5a6b")
/// name.storageName   // "h5e0c…" (PostgreSQL schema inkindex_h5e0c…, SQLite file h5e0c….sqlite)
/// ```
public struct LibraryName: Sendable, Hashable, CustomStringConvertible {
    /// The id as the service gave it.
    public let id: String
    /// The name in the store: the id itself where it is plain, else `h` + 40 hex digits.
    public let storageName: String

    /// The longest id accepted, in UTF-8 bytes.
    public static let maximumBytes = 200

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(bytes: Int)
        case controlCharacter

        public var description: String {
            switch self {
            case .empty: "a library name (an account id) cannot be empty"
            case .tooLong(let bytes): "a library name (an account id) is at most \(LibraryName.maximumBytes) bytes of UTF-8, not \(bytes)"
            case .controlCharacter: "a library name (an account id) cannot hold control characters"
            }
        }
    }

    public init(_ id: String) throws(Failure) {
        guard !id.isEmpty else { throw .empty }
        guard id.utf8.count <= Self.maximumBytes else { throw .tooLong(bytes: id.utf8.count) }
        guard !id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f || (0x80..<0xa0).contains($0.value) }) else {
            throw .controlCharacter
        }
        self.id = id
        storageName = Self.isPlain(id) ? id : "h" + SHA256.hexDigest(Array(id.utf8)).prefix(40)
    }

    /// 1–48 ASCII letters, digits and `_`, and not the shape of a hashed name.
    public static func isPlain(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.count <= 48 else { return false }
        guard bytes.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }) else {
            return false
        }
        return !(bytes.count == 41 && bytes[0] == UInt8(ascii: "h"))
    }

    public var description: String { id }
}
