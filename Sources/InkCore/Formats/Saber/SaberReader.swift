import Foundation

/// Turns a Saber note's map into an `InkNotebook` (see `Saber` for the mapping), in whichever
/// layout its version `v` has (`EditorCoreInfo.fromJson` and its migrations):
///
/// - no version, a list: the first format, a list of strokes each with its page index `i`;
/// - 1 to 7: `s` (strokes) and `i` (images) for the whole note, with page indices; page sizes
///   in `w`, `h` (2), then per page in `z`, as `[w, h]` lists (3) or maps `{w, h}` (4), with
///   Quill text `q` (6);
/// - 8 and later: everything in its page, `z: [{w, h, s, i, q, b}]`;
/// - 9: strokes gain an offset (`ox`, `oy`); 12: no pressure stored where it is 0.5; 13: points
///   as BSON binary; 16: shapes; 18: pencil; 19: assets in separate files.
struct SaberReader {
    let limits: InkNotebook.Limits
    /// The bytes the note was parsed from, where its binary points are.
    let bytes: [UInt8]
    let fileVersion: Int
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []
    var pointCount = 0

    mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    static func read(_ root: NotebookTree, bytes: [UInt8], fileIdentity: String, limits: InkNotebook.Limits,
                     contentHash: UInt32) throws(NotebookError) -> InkNotebook {
        var version: Int?
        var pageTrees: [NotebookTree?] = []
        var pageSizes: [(width: Double, height: Double)] = []
        var looseStrokes: [NotebookTree] = []
        var looseImages: [NotebookTree] = []
        var fallback = (width: Saber.defaultPageWidth, height: Saber.defaultPageHeight)
        var pending: [String] = []  // warnings before the reader exists

        switch root {
        case .array(let strokes):
            guard strokes.allSatisfy({ $0.members != nil }) else {
                throw NotebookError(.saber, .notThisFormat, "the JSON list is not a list of strokes")
            }
            looseStrokes = strokes
        case .object:
            guard root["v"] != nil || root["z"] != nil || root["s"] != nil else {
                throw NotebookError(.saber, .notThisFormat, "the map has none of Saber's keys (v, z, s)")
            }
            if let v = root["v"], !v.isNull {
                guard let number = v.int, number >= 0 else {
                    throw NotebookError(.saber, .damaged, "the version v is \(v.kindName), not a whole number")
                }
                version = number
            }
            if let width = root["w"]?.finite, width > 0, let height = root["h"]?.finite, height > 0 {
                fallback = (width, height)
            }
            if let pages = root["z"], !pages.isNull {
                guard let list = pages.array else {
                    throw NotebookError(.saber, .damaged, "the pages z are \(pages.kindName), not a list")
                }
                guard list.count <= limits.maximumPages else {
                    throw NotebookError(.saber, .tooLarge, "\(list.count) pages; at most \(limits.maximumPages) are read")
                }
                for page in list {
                    switch page {
                    case .array(let size):  // version 3: [width, height]
                        pageSizes.append((Self.dimension(size.first, fallback.width), Self.dimension(size.dropFirst().first, fallback.height)))
                        pageTrees.append(nil)
                    case .object:
                        pageSizes.append((Self.dimension(page["w"], Saber.defaultPageWidth), Self.dimension(page["h"], Saber.defaultPageHeight)))
                        pageTrees.append(page)
                    default:
                        pending.append("pages that are neither maps nor [width, height] read as blank pages of the default size")
                        pageSizes.append(fallback)
                        pageTrees.append(nil)
                    }
                }
            }
            for (key, name) in [("s", "strokes"), ("i", "images")] {
                guard let list = root[key], !list.isNull else { continue }
                guard let items = list.array else {
                    pending.append("the note's \(name) (\(key)) are \(list.kindName), not a list; not read")
                    continue
                }
                if key == "s" { looseStrokes = items } else { looseImages = items }
            }
        default:
            throw NotebookError(.saber, .notThisFormat, "the note is \(root.kindName), neither a map nor a list of strokes")
        }

        var reader = SaberReader(limits: limits, bytes: bytes, fileVersion: version ?? 0)
        for message in pending { reader.warn(message) }
        if let version, version > Saber.newestKnownVersion {
            reader.warn("file version \(version) is newer than \(Saber.newestKnownVersion); read as \(Saber.newestKnownVersion)")
        }

        var pages: [InkNotebook.Page] = []
        var ids: [NotebookStrokeIDs] = []
        func addPage(_ size: (width: Double, height: Double)) {
            let number = pages.count + 1
            let page = InkNotebook.Page(id: DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: number), number: number,
                                        width: size.width, height: size.height)
            pages.append(page)
            ids.append(NotebookStrokeIDs(pageID: page.id, format: .saber))
        }
        for size in pageSizes { addPage(size) }
        for (k, tree) in pageTrees.enumerated() {
            guard let tree else { continue }
            try reader.readPage(tree, into: &pages[k], ids: &ids[k])
        }

        // Before version 8: the note's strokes and images, each on the page its index names.
        for (items, isStroke) in [(looseStrokes, true), (looseImages, false)] {
            for item in items {
                guard let k = try reader.pageIndex(of: item) else { continue }
                while k >= pages.count { addPage(fallback) }
                if isStroke {
                    try reader.readStroke(item, into: &pages[k], ids: &ids[k])
                } else {
                    reader.countImages(1, on: &pages[k])
                }
            }
        }
        if pages.isEmpty { addPage(fallback) }  // as Saber shows an empty note

        return InkNotebook(format: .saber, pages: pages, formatVersion: version.map(String.init), contentHash: contentHash,
                           fileIdentity: fileIdentity, warnings: reader.warnings)
    }

    private static func dimension(_ tree: NotebookTree?, _ fallback: Double) -> Double {
        guard let value = tree?.finite, value > 0 else { return fallback }
        return value
    }

    /// The page index `i` of a stroke or image listed for the whole note (0 where absent).
    private mutating func pageIndex(of item: NotebookTree) throws(NotebookError) -> Int? {
        guard let index = item["i"], !index.isNull else { return 0 }
        guard let k = index.int, k >= 0 else {
            warn("strokes and images whose page index is not a whole number dropped")
            return nil
        }
        guard k < limits.maximumPages else {
            throw NotebookError(.saber, .tooLarge, "a stroke on page \(k + 1); at most \(limits.maximumPages) pages are read")
        }
        return k
    }

    /// One page map of version 4 and later: strokes, images, Quill text, background image.
    private mutating func readPage(_ tree: NotebookTree, into page: inout InkNotebook.Page,
                                   ids: inout NotebookStrokeIDs) throws(NotebookError) {
        if let strokes = tree["s"], !strokes.isNull {
            if let list = strokes.array {
                for stroke in list { try readStroke(stroke, into: &page, ids: &ids) }
            } else {
                warn("a page's strokes that are not a list not read")
            }
        }
        if let images = tree["i"], !images.isNull {
            countImages(images.array?.count ?? 1, on: &page)
        }
        if let background = tree["b"], !background.isNull {
            warn("background images (imported PDF pages and pictures) are not read; each is counted as skipped \"background image\"")
            page.skip("background image")
        }
        if let quill = tree["q"], !quill.isNull {
            if let text = Self.text(ofDelta: quill) {
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    page.keepText(text)
                    page.skip("text")
                }
            } else {
                warn("typed text that is not a Quill delta (a list of operations) not read")
            }
        }
    }

    private mutating func countImages(_ count: Int, on page: inout InkNotebook.Page) {
        guard count > 0 else { return }
        warn("images are not read; each is counted as skipped \"image\"")
        page.skip("image", count: count)
    }

    /// The text a Quill delta inserts: `[{"insert": "Hello\n", "attributes": {...}}, ...]`;
    /// embeds (`{"insert": {"image": ...}}`) carry none.
    static func text(ofDelta delta: NotebookTree) -> String? {
        guard let operations = delta.array else { return nil }
        var text = ""
        for operation in operations {
            if let insert = operation["insert"]?.string { text += insert }
        }
        return text
    }
}
