import Foundation

/// Reads Xournal++ notebooks (`.xopp`: gzip XML, or a ZIP package around `content.xml`) and old
/// Xournal journals (`.xoj`): every page becomes a `Drawing`. Read-only.
///
/// Mapping (details in Docs/Xournal.md):
/// - `<stroke tool="pen">` → `Stroke` (ink tool `.pen`); `tool="highlighter"` → a stroke with ink
///   tool `.marker`, counted in `Page.highlighterStrokes`; `tool="eraser"` → skipped, counted.
/// - The stroke text (`x y` pairs) → point locations; `color` (`#rrggbbaa` or Xournal's color
///   names) → `Ink.color`; the first `width` value → `Ink.width`, and where one further value
///   follows per point (or per segment) each point's `size` (a round tip) and `force`
///   (width ÷ nominal width, the pressure Xournal++ applied).
/// - `ts` (the stroke's start, in milliseconds of its audio recording; seconds before file
///   version 4) → the first point's `time`, in seconds; `ts` and `fn` are also kept verbatim in
///   the stroke annotations `xournal:ts` and `xournal:fn`. Without `ts` points have no time.
/// - `<text>` → `Page.texts` and the drawing annotation `xournal:text` (`#2`, `#3`, ... for
///   further boxes); `<teximage>` → its LaTeX source in `xournal:latex`; both counted as skipped,
///   as are `<image>`s.
/// - Page and stroke ids are stable: pages from the caller's file identity and page number,
///   strokes from the page id and the stroke's coordinates, so an unchanged stroke keeps its id
///   when strokes are added or removed around it.
///
/// ```swift
/// let url = URL(fileURLWithPath: "notes/lecture.xopp")
/// let notebook = try Xournal.read(contentsOf: url, fileIdentity: "notes/lecture.xopp")
/// if notebook.contentHash != storedHash {
///     for page in notebook.pages { try await library.save(page.drawing, id: page.id.uuidString) }
/// }
/// ```
public enum Xournal {
    /// Bounds on what a notebook may ask of memory.
    public struct Limits: Sendable, Hashable {
        /// Largest file, inflated XML and package entry accepted, in bytes.
        public var maximumBytes: Int
        /// Nesting and attribute limits of the XML (its size is bounded by `maximumBytes` too).
        public var xml: XMLLimits

        public init(maximumBytes: Int = 512 << 20, xml: XMLLimits = XMLLimits()) {
            self.maximumBytes = maximumBytes
            self.xml = xml
        }
    }

    /// Drawing annotation holding a page's typed text.
    public static let textKey = "xournal:text"
    /// Drawing annotation holding the LaTeX source of a page's formula.
    public static let latexKey = "xournal:latex"
    /// Stroke annotation keeping the `ts` attribute as written.
    public static let timestampKey = "xournal:ts"
    /// Stroke annotation keeping the `fn` attribute (the audio recording) as written.
    public static let audioFileKey = "xournal:fn"
    /// The `mimetype` entry of a packaged notebook.
    public static let packageMIMEType = "application/x-xopp"

    /// Parses a notebook held in memory; page ids derive from `fileIdentity` (a path, say).
    /// O(bytes); `limits` bound the file, the inflated XML and its nesting.
    ///
    /// ```swift
    /// let notebook = try Xournal.read(data, fileIdentity: "sermons/2024-06-02.xopp")
    /// ```
    public static func read(_ data: Data, fileIdentity: String, limits: Limits = Limits()) throws(XournalError) -> XournalNotebook {
        guard data.count <= limits.maximumBytes else {
            throw .tooLarge(what: "the file (\(data.count) bytes)", limit: limits.maximumBytes)
        }
        let opened = try XournalContainer.open(data, limit: limits.maximumBytes)
        let root: XMLTreeElement
        do {
            root = try XMLTreeParser.parse(opened.xml, limits: limits.xml)
        } catch {
            throw .xml(line: error.line, column: error.column, reason: error.reason)
        }
        let document = try XournalReader.read(root, fileIdentity: fileIdentity, packageFileVersion: opened.packageFileVersion)
        return XournalNotebook(
            pages: document.pages, title: document.title, creator: document.creator, fileVersion: document.fileVersion,
            container: opened.container, contentHash: contentHash(of: data), fileIdentity: fileIdentity,
            warnings: opened.warnings + document.warnings)
    }

    /// Reads a notebook file; the file identity defaults to its standardized path, so pass one
    /// that survives moves (a path relative to a synced folder) where files move.
    ///
    /// ```swift
    /// let notebook = try Xournal.read(contentsOf: folder.appendingPathComponent(name), fileIdentity: name)
    /// ```
    public static func read(contentsOf url: URL, fileIdentity: String? = nil, limits: Limits = Limits()) throws(XournalError) -> XournalNotebook {
        // Refused before reading, so that a huge file is never loaded into memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw .tooLarge(what: "\(url.path) (\(size) bytes)", limit: limits.maximumBytes)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .cannotRead(path: url.path, reason: error.localizedDescription) }
        return try read(data, fileIdentity: fileIdentity ?? defaultFileIdentity(of: url), limits: limits)
    }

    /// CRC-32 of a file's bytes, as `XournalNotebook.contentHash` gives it: a folder sync
    /// compares it with the stored one before parsing anything. O(bytes).
    ///
    /// ```swift
    /// let data = try Data(contentsOf: url)
    /// guard Xournal.contentHash(of: data) != lastSeenHash else { return }  // unchanged
    /// ```
    public static func contentHash(of data: Data) -> UInt32 {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in CRC32.checksum(raw) }
    }

    /// Whether the bytes are a notebook: gzip whose XML root is `<xournal>`, a ZIP package with
    /// `content.xml`, or such XML uncompressed. Inflates at most a few kilobytes.
    ///
    /// ```swift
    /// if Xournal.isNotebook(try Data(contentsOf: url, options: .mappedIfSafe)) { ... }
    /// ```
    public static func isNotebook(_ data: Data) -> Bool {
        switch XournalContainer.kind(of: data) {
        case .gzip:
            let head = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in Inflater.prefix(raw, wrapper: .gzip, count: 4096) }
            return XournalContainer.rootName(head) == "xournal"
        case .zip:
            return (try? ZipArchive(data))?.entry(named: "content.xml") != nil
        case .xml:
            return XournalContainer.rootName([UInt8](data.prefix(4096))) == "xournal"
        case nil:
            return false
        }
    }

    static func defaultFileIdentity(of url: URL) -> String { url.standardizedFileURL.path }
}
