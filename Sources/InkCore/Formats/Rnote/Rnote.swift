import Foundation

/// Reads Rnote notebooks (`.rnote`: gzip-compressed JSON, `{"version": "0.13.0", "data": ...}`),
/// every format from Rnote 0.5.0 to 0.15, into pages of ink. Read-only.
///
/// Mapping (details in Docs/Rnote.md):
/// - Brush strokes → `Stroke`s: each path element's position → a point, its pressure (0...1) →
///   the point's `force`; the style's `stroke_width` → `Ink.width`, its `stroke_color` (r, g,
///   b, a from 0 to 1) → `Ink.color`; smooth and rough styles → ink tool `.pen`, textured →
///   `.pencil`. Strokes in the highlighter layer → ink tool `.marker`, counted in
///   `Page.highlighterStrokes`.
/// - Text strokes → `Page.texts` (and the drawing annotation `notebook:text`), counted as
///   skipped `"text"`; lines, arrows and polylines of the shape tool → strokes of ink tool
///   `"shape"` (marks, for the layout); other shapes (rectangles, ellipses, curves, polygons) →
///   skipped `"shape"`; vector and bitmap images → skipped `"image"`; strokes in the trash
///   (files before 0.5.10 keep them) are not read.
/// - Pages: Rnote has one document; it is cut into tiles of the page format's size aligned to
///   the origin, as Rnote exports it. Fixed-size documents give all their pages, continuous
///   ones the pages down to the last with content, infinite ones only the tiles with content.
///   An element goes to the tile holding its centre, in coordinates relative to that page.
/// - Page ids from the file identity and page number; stroke ids from the page id and the
///   stroke's points (`NotebookStrokeIDs`). `formatVersion` is the wrapper's version.
///
/// ```swift
/// let notebook = try Rnote.read(contentsOf: URL(fileURLWithPath: "notes/physics.rnote"),
///                               fileIdentity: "notes/physics.rnote")
/// for page in notebook.pages { print(page.number, page.drawing.strokes.count) }
/// ```
public enum Rnote {
    static let gzipMagic: [UInt8] = [0x1f, 0x8b]
    /// "RNOTEϕλ": the prelude of the binary format Rnote's developers are working on (a header,
    /// then zstd-compressed chunks), which this reader recognizes but does not read.
    static let binaryMagic: [UInt8] = [0x52, 0x4e, 0x4f, 0x54, 0x45, 0xce, 0xa6, 0xce, 0x9b]

    /// Whether the bytes are an `.rnote` file: gzip whose inflated start is Rnote's JSON wrapper
    /// (`{"version": "…", "data": …}`), or the prelude of Rnote's binary format (which `read`
    /// then refuses as unsupported, by name). Inflates at most 512 bytes.
    ///
    /// ```swift
    /// if Rnote.isRnote(try Data(contentsOf: url, options: .mappedIfSafe)) { ... }
    /// ```
    public static func isRnote(_ data: Data) -> Bool {
        if data.starts(with: binaryMagic) { return true }
        guard data.starts(with: gzipMagic) else { return false }
        let head = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in Inflater.prefix(raw, wrapper: .gzip, count: 512) }
        return looksLikeWrapper(head)
    }

    /// Reads a notebook held in memory; page ids derive from `fileIdentity` (a path, say).
    /// O(bytes); `limits` bound the file, the inflated JSON, its nesting, the pages and points.
    ///
    /// ```swift
    /// let notebook = try Rnote.read(data, fileIdentity: "lectures/week1.rnote")
    /// ```
    public static func read(_ data: Data, fileIdentity: String,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        guard data.count <= limits.maximumBytes else {
            throw NotebookError(.rnote, .tooLarge, "the file is \(data.count) bytes; at most \(limits.maximumBytes) are read")
        }
        if data.starts(with: binaryMagic) {
            throw NotebookError(.rnote, .unsupported, "Rnote's binary file format (the \"RNOTEϕλ\" prelude and zstd chunks) is not read; only the gzip JSON format of Rnote 0.5 to 0.15")
        }
        guard data.starts(with: gzipMagic) else {
            throw NotebookError(.rnote, .notThisFormat, "the file does not start as gzip data does (1f 8b)")
        }
        let inflated: [UInt8]
        switch data.withUnsafeBytes({ (raw: UnsafeRawBufferPointer) in Inflater.decompress(raw, wrapper: .gzip, limit: limits.maximumBytes) }) {
        case .success(let bytes): inflated = bytes
        case .failure(.truncated): throw NotebookError(.rnote, .damaged, "the gzip data is cut short")
        case .failure(.damaged(let reason)): throw NotebookError(.rnote, .damaged, "the gzip data is damaged: \(reason)")
        case .failure(.tooLarge(let limit)):
            throw NotebookError(.rnote, .tooLarge, "the JSON inflates to more than \(limit) bytes")
        }
        return try readJSON(inflated, fileIdentity: fileIdentity, limits: limits, contentHash: Xournal.contentHash(of: data))
    }

    /// Reads a notebook file; the identity defaults to its standardized path, so pass one that
    /// survives moves (a path relative to a synced folder) where files move. The size is checked
    /// before the file is loaded.
    ///
    /// ```swift
    /// let notebook = try Rnote.read(contentsOf: folder.appendingPathComponent(name), fileIdentity: name)
    /// ```
    public static func read(contentsOf url: URL, fileIdentity: String? = nil,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw NotebookError(.rnote, .tooLarge, "\(url.path) is \(size) bytes; at most \(limits.maximumBytes) are read")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotebookError(.rnote, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
        return try read(data, fileIdentity: fileIdentity ?? url.standardizedFileURL.path, limits: limits)
    }

    /// Reads the inflated JSON of an `.rnote` file (what the fuzzer feeds, past zlib).
    static func readJSON(_ json: [UInt8], fileIdentity: String, limits: InkNotebook.Limits,
                         contentHash: UInt32) throws(NotebookError) -> InkNotebook {
        guard json.count <= limits.maximumBytes else {
            throw NotebookError(.rnote, .tooLarge, "the JSON is \(json.count) bytes; at most \(limits.maximumBytes) are read")
        }
        guard NotebookJSON.begins(json, with: UInt8(ascii: "{")) else {
            throw NotebookError(.rnote, .notThisFormat, "the gzip data does not hold a JSON object")
        }
        let root: NotebookTree
        do {
            root = try NotebookJSON.parse(json, maximumDepth: limits.maximumDepth)
        } catch {
            switch error {
            case .syntax(let offset, let reason):
                throw NotebookError(.rnote, .damaged, "the JSON is not well formed at byte \(offset): \(reason)")
            case .tooDeep(let limit):
                throw NotebookError(.rnote, .tooLarge, "the JSON nests deeper than \(limit) levels")
            }
        }
        return try RnoteReader.read(root, fileIdentity: fileIdentity, limits: limits, contentHash: contentHash)
    }

    /// The start of the wrapper as Rnote writes it: `{"version":"0.13.0","data":{`.
    static func looksLikeWrapper(_ head: [UInt8]) -> Bool {
        guard NotebookJSON.begins(head, with: UInt8(ascii: "{")) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        guard let version = text.range(of: "\"version\"") else { return false }
        let rest = text[version.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard rest.hasPrefix(":") else { return false }
        let value = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard value.hasPrefix("\""), value.dropFirst().first?.isASCII == true, value.dropFirst().first?.isNumber == true else {
            return false
        }
        return text.contains("\"data\"")
    }
}
