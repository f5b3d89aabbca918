import Foundation

/// Reads reMarkable notebooks: single `.rm` page files of versions 3, 5 and 6, the tablet's
/// notebook folders (`UUID.content`, `UUID.metadata`, `UUID/<page>.rm`), and the `.rmdoc` /
/// `.rmn` ZIPs the reMarkable app exports. Read-only.
///
/// Mapping (details in Docs/Remarkable.md):
/// - Pens → strokes: ballpoint `.pen`, fineliner `.monoline`, pencils `.pencil`, calligraphy
///   `.fountainPen`, marker and paintbrush by name; the highlighter and shader → ink tool
///   `.marker`, counted in `highlighterStrokes`; erasers are whiteout, counted as skipped.
/// - Points: screen pixels (1404 × 1872 at 226 DPI) from the top left; each point's width
///   → `size`, pressure → `force`. The files keep no time.
/// - Typed text and highlighted document text (v6) → `Page.texts`, counted as skipped.
/// - Page ids come from the file identity and the page's UUID, so pages keep their ids when
///   pages are inserted or moved; stroke ids from v6's CRDT ids, or from the points before v6.
///
/// ```swift
/// let notebook = try Remarkable.read(contentsOf: URL(fileURLWithPath: "xochitl/3f6c….content"))
/// for page in notebook.pages { print(page.number, page.drawing.strokes.count, page.texts) }
/// ```
public enum Remarkable {
    /// Whether the bytes are a `.rm` page file (of any version), by their header.
    public static func isPageFile(_ data: Data) -> Bool {
        RemarkablePageContent.headerVersion(data) != nil
    }

    /// Whether the bytes are a ZIP holding a top-level `UUID.content`: a `.rmdoc` or `.rmn`.
    public static func isPackage(_ data: Data) -> Bool {
        guard data.starts(with: [0x50, 0x4b, 0x03, 0x04]), let archive = try? ZipArchive(data) else { return false }
        return (try? RemarkableZipFiles(archive: archive).notebookUUID()) != nil
    }

    /// Parses a `.rm` page file (one page) or a `.rmdoc` / `.rmn` package held in memory.
    /// O(bytes); `limits` bound the file, each entry, the pages and the points.
    ///
    /// ```swift
    /// let notebook = try Remarkable.read(data, fileIdentity: "exports/Sermons.rmdoc")
    /// ```
    public static func read(_ data: Data, fileIdentity: String, limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        guard data.count <= limits.maximumBytes else {
            throw NotebookError(.remarkable, .tooLarge, "the file is \(data.count) bytes, more than the limit of \(limits.maximumBytes)")
        }
        let hash = Xournal.contentHash(of: data)
        if isPageFile(data) {
            var page = InkNotebook.Page(id: DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: 1), number: 1,
                                        width: RemarkableLines.pageWidth, height: RemarkableLines.pageHeight)
            var budget = limits.maximumPoints
            let content = try readPage(data, pageID: page.id, pointBudget: &budget)
            fill(&page, with: content)
            return InkNotebook(format: .remarkable, pages: [page], formatVersion: String(content.version), contentHash: hash,
                               fileIdentity: fileIdentity, warnings: content.warnings)
        }
        guard data.starts(with: [0x50, 0x4b, 0x03, 0x04]) else {
            throw NotebookError(.remarkable, .notThisFormat, "neither a .rm page file (its header) nor a .rmdoc package (a ZIP)")
        }
        let archive: ZipArchive
        do { archive = try ZipArchive(data) } catch {
            throw NotebookError(.remarkable, .damaged, "the ZIP package: \(error)")
        }
        let files = RemarkableZipFiles(archive: archive)
        return try RemarkableDocument.read(uuid: try files.notebookUUID(), files: files, fileIdentity: fileIdentity,
                                           contentHash: hash, limits: limits)
    }

    /// Reads a `.rm` page file, a `.rmdoc` / `.rmn` package, or a notebook in a tablet's folder:
    /// its `UUID.content` file, or its `UUID` folder (beside which the `.content` lies). The file
    /// identity defaults to the standardized path.
    ///
    /// ```swift
    /// let notebook = try Remarkable.read(contentsOf: URL(fileURLWithPath: "backup/xochitl/3f6c….content"))
    /// ```
    public static func read(contentsOf url: URL, fileIdentity: String? = nil,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        let identity = fileIdentity ?? url.standardizedFileURL.path
        if let (folder, uuid) = notebookFolder(of: url) {
            let files = RemarkableFolderFiles(folder: folder)
            return try RemarkableDocument.read(uuid: uuid, files: files, fileIdentity: identity,
                                               contentHash: try folderHash(folder: folder, uuid: uuid), limits: limits)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw NotebookError(.remarkable, .tooLarge, "\(url.path) is \(size) bytes, more than the limit of \(limits.maximumBytes)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotebookError(.remarkable, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
        return try read(data, fileIdentity: identity, limits: limits)
    }

    /// CRC-32 of everything a notebook is made of: the file's bytes, or for a tablet's folder its
    /// `.content`, `.metadata` and page files, so that a folder sync sees a changed page.
    public static func contentHash(ofNotebookAt url: URL) throws(NotebookError) -> UInt32 {
        if let (folder, uuid) = notebookFolder(of: url) { return try folderHash(folder: folder, uuid: uuid) }
        do { return Xournal.contentHash(of: try Data(contentsOf: url, options: .mappedIfSafe)) } catch {
            throw NotebookError(.remarkable, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
    }

    /// The folder and UUID of a tablet notebook named by its `.content` file or by its page
    /// folder (beside which a `.content` lies); nil for any other path.
    ///
    /// ```swift
    /// if let (folder, uuid) = Remarkable.notebookFolder(of: url) { print(folder.appendingPathComponent(uuid + ".content")) }
    /// ```
    public static func notebookFolder(of url: URL) -> (folder: URL, uuid: String)? {
        let standardized = url.standardizedFileURL
        var isDirectory: ObjCBool = false
        if standardized.pathExtension == "content" {
            return (standardized.deletingLastPathComponent(), standardized.deletingPathExtension().lastPathComponent)
        }
        if FileManager.default.fileExists(atPath: standardized.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let content = standardized.appendingPathExtension("content")
            if FileManager.default.fileExists(atPath: content.path) {
                return (standardized.deletingLastPathComponent(), standardized.lastPathComponent)
            }
        }
        return nil
    }

    private static func folderHash(folder: URL, uuid: String) throws(NotebookError) -> UInt32 {
        var names = ["\(uuid).content", "\(uuid).metadata"]
        names += RemarkableFolderFiles(folder: folder).names(under: uuid).filter { $0.hasSuffix(".rm") }.sorted()
        var combined: [UInt8] = []
        for name in names {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name), options: .mappedIfSafe) else { continue }
            let crc = Xournal.contentHash(of: data)
            combined += Array(name.utf8) + [UInt8(crc >> 24 & 0xff), UInt8(crc >> 16 & 0xff), UInt8(crc >> 8 & 0xff), UInt8(crc & 0xff)]
        }
        return CRC32.checksum(combined)
    }

    /// One `.rm` page file of any version.
    static func readPage(_ data: Data, pageID: UUID, pointBudget: inout Int) throws(NotebookError) -> RemarkablePageContent {
        guard let version = RemarkablePageContent.headerVersion(data) else {
            if data.starts(with: Array("reMarkable lines with selections and layers".utf8)) {
                throw NotebookError(.remarkable, .unsupported, "the first .lines format (software before 1.x); versions 3, 5 and 6 are read")
            }
            throw NotebookError(.remarkable, .notThisFormat, "a page file without the 'reMarkable .lines file, version=N' header")
        }
        switch version {
        case 3, 5: return try RemarkableLines.read(data, version: version, pageID: pageID, pointBudget: &pointBudget)
        case 6: return try RemarkableScene.read(data, pageID: pageID, pointBudget: &pointBudget)
        default: throw NotebookError(.remarkable, .unsupported, "page file version \(version); versions 3, 5 and 6 are read")
        }
    }

    static func fill(_ page: inout InkNotebook.Page, with content: RemarkablePageContent) {
        page.drawing.strokes = content.strokes
        page.highlighterStrokes = content.highlighterStrokes
        for (kind, count) in content.skipped { page.skip(kind, count: count) }
        for text in content.texts { page.keepText(text) }
        // v6 pages scroll down: the page is as tall as its ink.
        let bottom = content.strokes.lazy.flatMap(\.points).map(\.location.y).max() ?? 0
        if bottom > page.height { page.height = bottom.rounded(.up) }
    }
}
