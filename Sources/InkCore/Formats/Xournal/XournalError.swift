import Foundation

/// Why a Xournal++ notebook (or Xournal journal) could not be read. Every case says what, and
/// where the XML is at fault, where: pages count from 1 (as Xournal++ shows them), strokes from
/// 0 among a page's `<stroke>` elements in document order, erasers included.
///
/// ```swift
/// do { _ = try Xournal.read(data, fileIdentity: path) } catch { print(error) }  // error: XournalError
/// ```
public enum XournalError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case cannotRead(path: String, reason: String)
    /// The bytes are neither gzip, a ZIP package nor XML, or the XML's root is not `<xournal>`.
    case notXournal(reason: String)
    /// The gzip stream is damaged or cut short.
    case damagedGzip(reason: String)
    /// The ZIP package is damaged: its directory, an entry's data or an entry's CRC-32.
    case damagedZip(reason: String)
    /// A ZIP package this reader does not read: encrypted entries, compression other than
    /// stored or deflated, several disks, an absurd number of entries.
    case unsupportedZip(reason: String)
    /// A ZIP package without `content.xml`: not a packaged notebook.
    case missingContent
    /// The file, its inflated XML or a package entry is larger than `Xournal.Limits.maximumBytes`.
    case tooLarge(what: String, limit: Int)
    /// The XML is not well-formed, or exceeds `XMLLimits`.
    case xml(line: Int, column: Int, reason: String)
    /// A page whose `width` or `height` is missing or not a number.
    case invalidPage(page: Int, line: Int, reason: String)
    /// A stroke whose text is not `x y` pairs of finite numbers.
    case malformedStroke(page: Int, stroke: Int, line: Int, reason: String)

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "Xournal: cannot read \(path): \(reason)"
        case .notXournal(let reason): "Xournal: not a Xournal++ notebook: \(reason)"
        case .damagedGzip(let reason): "Xournal: damaged gzip data: \(reason)"
        case .damagedZip(let reason): "Xournal: damaged ZIP package: \(reason)"
        case .unsupportedZip(let reason): "Xournal: ZIP package not supported: \(reason)"
        case .missingContent: "Xournal: the ZIP package has no content.xml, so it is not a packaged Xournal++ notebook"
        case .tooLarge(let what, let limit): "Xournal: \(what) is larger than the limit of \(limit) bytes"
        case .xml(let line, let column, let reason): "Xournal: XML error at line \(line), column \(column): \(reason)"
        case .invalidPage(let page, let line, let reason): "Xournal: page \(page) (line \(line)): \(reason)"
        case .malformedStroke(let page, let stroke, let line, let reason):
            "Xournal: page \(page), stroke \(stroke) (line \(line)): \(reason)"
        }
    }
}

// So that callers that print `localizedDescription` (the CLI's fallback for errors it does not
// name) show the description rather than Foundation's generic "operation could not be completed".
extension XournalError: LocalizedError {
    public var errorDescription: String? { description }
}
