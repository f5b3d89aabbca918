import Foundation

/// Why a notebook of another app (reMarkable, Rnote, Saber, PDF) could not be read: the format,
/// what kind of failure, and a reason that says where in the file.
///
/// A reader either gives a whole notebook or throws: nothing is half-read. Damage that leaves the
/// rest readable (one unreadable page of several, an unknown block) is a warning instead.
///
/// ```swift
/// do { _ = try PDFInk.read(data, fileIdentity: "handout.pdf") }
/// catch let error as NotebookError where error.kind == .encrypted { print("locked:", error) }
/// ```
public struct NotebookError: Error, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The bytes are not this format at all (wrong header, not JSON, not BSON, not a PDF).
        case notThisFormat
        /// The file is cut short or its structure is broken where it matters.
        case damaged
        /// A version or feature this reader does not read (named in the reason).
        case unsupported
        /// The file is encrypted (a PDF with `/Encrypt`, an encrypted ZIP entry).
        case encrypted
        /// The file, an inflated stream, the pages, points or nesting exceed `InkNotebook.Limits`.
        case tooLarge
        /// The file could not be read from disk.
        case cannotRead
    }

    public var format: InkNotebook.Format
    public var kind: Kind
    public var reason: String

    public init(_ format: InkNotebook.Format, _ kind: Kind, _ reason: String) {
        self.format = format
        self.kind = kind
        self.reason = reason
    }

    public var description: String {
        let what = switch kind {
        case .notThisFormat: "not a \(format.displayName) file"
        case .damaged: "damaged file"
        case .unsupported: "not supported"
        case .encrypted: "encrypted, so it cannot be read"
        case .tooLarge: "too large"
        case .cannotRead: "cannot read"
        }
        return "\(format.displayName): \(what): \(reason)"
    }
}

// So that callers that print `localizedDescription` show the description.
extension NotebookError: LocalizedError {
    public var errorDescription: String? { description }
}
