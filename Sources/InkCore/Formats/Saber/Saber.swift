import Foundation

/// Reads Saber notes: `.sbn2` (BSON) and the older `.sbn` (JSON) hold the same map, told apart
/// by their content, in every file version from the first list of strokes to version 19; a
/// Saber archive (`.sba`, a ZIP around `main.sbn2` and its assets) is read through its
/// `.sbn2`. Read-only.
///
/// Mapping (details in Docs/Saber.md):
/// - Pages: the note's pages (`z`) in order, each `w` × `h` (default 1000 × 1400); strokes are
///   in page coordinates already. Before version 8 strokes and images were listed once for the
///   note, each with its page index `i`; they are put on their pages.
/// - Strokes → `Stroke`s: points (`p`: maps `{x, y, p}` before version 13, then 8- or 12-byte
///   binary of little-endian float32 x, y and pressure) plus the stroke's offset (`ox`, `oy`);
///   a stored pressure → the point's `force` (Saber stores none where it is the neutral 0.5);
///   `c` (ARGB) → `Ink.color`; `s` → `Ink.width`; the pen (`ty`): fountain pen (and the old
///   `Pen`) and calligraphy pen → `.fountainPen`, ballpoint and shape pen → `.pen`, pencil →
///   `.pencil`, highlighter → `.marker` (counted in `Page.highlighterStrokes`).
/// - Shapes the shape pen recognized (circles, rectangles, ellipses, polygons) → skipped
///   `"shape"`; images → `"image"`; a page's background image (an imported PDF page) →
///   `"background image"`; eraser and laser-pointer strokes → `"eraser"`, `"laser pointer"`.
/// - Typed text (each page's Quill delta, `q`) → `Page.texts`, counted as skipped `"text"`.
/// - Page ids from the file identity and page number; stroke ids from the page id and the
///   stroke's points. `formatVersion` is `v` as a string.
///
/// ```swift
/// let notebook = try Saber.read(contentsOf: URL(fileURLWithPath: "Saber/Lecture 3.sbn2"))
/// for page in notebook.pages { print(page.number, page.texts) }
/// ```
public enum Saber {
    /// The newest file version whose changes this reader knows (Saber's `sbnVersion`).
    static let newestKnownVersion = 19
    /// The default page size of `EditorPage`.
    static let defaultPageWidth = 1000.0
    static let defaultPageHeight = 1400.0

    /// Whether the bytes are a Saber note, best effort: a BSON document whose first keys include
    /// Saber's `v` and `z`; JSON that starts as a Saber note does (`{` with `"v":` and a page or
    /// stroke list, or the oldest format's list of strokes); or a ZIP archive with an `.sbn2`.
    /// Reads at most a few kilobytes (and a ZIP's directory).
    ///
    /// ```swift
    /// if Saber.isSaber(try Data(contentsOf: url, options: .mappedIfSafe)) { ... }
    /// ```
    public static func isSaber(_ data: Data) -> Bool {
        if data.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
            return (try? ZipArchive(data)).flatMap(mainEntry) != nil
        }
        if BSON.hasDocumentFrame(data) {
            let keys = BSON.firstKeys(data, limit: 32) ?? []
            return keys.contains("v") && keys.contains("z")
        }
        let head = Array(data.prefix(4096))
        let text = String(decoding: head, as: UTF8.self)
        if NotebookJSON.begins(head, with: UInt8(ascii: "{")) {
            return text.contains("\"v\":") && (text.contains("\"z\":[") || text.contains("\"s\":["))
        }
        if NotebookJSON.begins(head, with: UInt8(ascii: "[")) {
            return text.contains("\"p\":[") && text.contains("\"x\":")
        }
        return false
    }

    /// Reads a note held in memory (`.sbn2`, `.sbn` or `.sba`, told apart by content); page ids
    /// derive from `fileIdentity`. O(bytes); `limits` bound the file, the nesting, the pages and
    /// the points.
    ///
    /// ```swift
    /// let notebook = try Saber.read(data, fileIdentity: "Saber/Lecture 3.sbn2")
    /// ```
    public static func read(_ data: Data, fileIdentity: String,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        guard data.count <= limits.maximumBytes else {
            throw NotebookError(.saber, .tooLarge, "the file is \(data.count) bytes; at most \(limits.maximumBytes) are read")
        }
        let contentHash = Xournal.contentHash(of: data)
        if data.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
            let main = try archivedNote(data, limit: limits.maximumBytes)
            return try read(bytes: main, fileIdentity: fileIdentity, limits: limits, contentHash: contentHash)
        }
        return try read(bytes: Array(data), fileIdentity: fileIdentity, limits: limits, contentHash: contentHash)
    }

    /// Reads a note file; the identity defaults to its standardized path, so pass one that
    /// survives moves (a path relative to a synced folder) where files move. The size is checked
    /// before the file is loaded.
    ///
    /// ```swift
    /// let notebook = try Saber.read(contentsOf: folder.appendingPathComponent(name), fileIdentity: name)
    /// ```
    public static func read(contentsOf url: URL, fileIdentity: String? = nil,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw NotebookError(.saber, .tooLarge, "\(url.path) is \(size) bytes; at most \(limits.maximumBytes) are read")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotebookError(.saber, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
        return try read(data, fileIdentity: fileIdentity ?? url.standardizedFileURL.path, limits: limits)
    }

    /// The note itself, BSON or JSON.
    static func read(bytes: [UInt8], fileIdentity: String, limits: InkNotebook.Limits,
                     contentHash: UInt32) throws(NotebookError) -> InkNotebook {
        if bytes.starts(with: [0xFF, 0xFF, 0xFF, 0xFF]) {
            throw NotebookError(.saber, .unsupported, "the custom binary format (FF FF FF FF) of a Saber fork is not read")
        }
        let isBSON = BSON.hasDocumentFrame(bytes)
        if !isBSON, !NotebookJSON.begins(bytes, with: UInt8(ascii: "{")), !NotebookJSON.begins(bytes, with: UInt8(ascii: "[")) {
            if bytes.count >= 7, bytes[4] == 0x10 || bytes[4] == 0x12, bytes[5] == UInt8(ascii: "v"), bytes[6] == 0 {
                throw NotebookError(.saber, .damaged, "the BSON document's length is not the file's: cut short, or bytes follow it")
            }
            throw NotebookError(.saber, .notThisFormat, "the data is neither a BSON document nor JSON")
        }
        let root: NotebookTree
        do throws(NotebookTreeFailure) {
            root = isBSON ? try BSON.parse(bytes, maximumDepth: limits.maximumDepth)
                : try NotebookJSON.parse(bytes, maximumDepth: limits.maximumDepth)
        } catch {
            switch error {
            case .syntax(let offset, let reason):
                throw NotebookError(.saber, .damaged, "the \(isBSON ? "BSON" : "JSON") is not well formed at byte \(offset): \(reason)")
            case .tooDeep(let limit):
                throw NotebookError(.saber, .tooLarge, "the note nests deeper than \(limit) levels")
            }
        }
        return try SaberReader.read(root, bytes: bytes, fileIdentity: fileIdentity, limits: limits, contentHash: contentHash)
    }

    /// The `.sbn2` of a Saber archive: `main.sbn2`, or else the first entry so named.
    private static func archivedNote(_ data: Data, limit: Int) throws(NotebookError) -> [UInt8] {
        let archive: ZipArchive
        do { archive = try ZipArchive(data) } catch { throw archiveError(error) }
        guard let entry = mainEntry(archive) else {
            throw NotebookError(.saber, .notThisFormat, "the ZIP archive holds no .sbn2 note")
        }
        do { return try archive.contents(of: entry, limit: limit) } catch { throw archiveError(error) }
    }

    private static func archiveError(_ error: ZipArchive.Failure) -> NotebookError {
        switch error {
        case .damaged(let reason): NotebookError(.saber, .damaged, "the archive is damaged: \(reason)")
        case .unsupported(let reason): NotebookError(.saber, .unsupported, "the archive: \(reason)")
        case .tooLarge(let entry, let size, let limit): NotebookError(.saber, .tooLarge, "\(entry) is \(size) bytes; at most \(limit) are read")
        }
    }

    private static func mainEntry(_ archive: ZipArchive) -> ZipArchive.Entry? {
        archive.entry(named: "main.sbn2") ?? archive.entries.first { $0.name.hasSuffix(".sbn2") }
    }
}
