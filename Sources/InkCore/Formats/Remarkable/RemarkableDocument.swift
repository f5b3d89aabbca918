import Foundation

/// A xochitl notebook's files, wherever they lie: a folder on disk (`UUID.content`,
/// `UUID.metadata`, `UUID/<page>.rm`) or the same names in a `.rmdoc` / `.rmn` ZIP.
protocol RemarkableFiles {
    /// The bytes of the file at `name` (a path relative to the notebook's folder), or nil where
    /// there is none. Larger than `limit` bytes is `.tooLarge`.
    func data(_ name: String, limit: Int) throws(NotebookError) -> Data?
    /// Every file name under `folder` (relative, `folder/name`), for notebooks whose `.content`
    /// lists no pages.
    func names(under folder: String) -> [String]
}

/// Reads a notebook from its `.content` (which pages, in which order) and its page files.
///
/// `.content` has come in three generations, all read:
/// - the first lists nothing but `pageCount`; the pages are `UUID/0.rm`, `UUID/1.rm`, ...
/// - the second lists the page UUIDs in order in `pages`;
/// - the third (`formatVersion` 2, software 3.x) keeps `cPages.pages`, a CRDT list: each page an
///   `id`, an `idx` whose `value` sorts the pages (as byte strings), and a `deleted` mark for
///   pages removed. Pages marked deleted are not read.
///
/// A page without a `.rm` file is a blank page: it is kept, empty, so that page numbers match the
/// tablet's.
enum RemarkableDocument {
    static func read(uuid: String, files: some RemarkableFiles, fileIdentity: String, contentHash: UInt32,
                     limits: InkNotebook.Limits) throws(NotebookError) -> InkNotebook {
        guard let contentData = try files.data("\(uuid).content", limit: limits.maximumBytes) else {
            throw NotebookError(.remarkable, .notThisFormat, "\(uuid).content is missing")
        }
        guard let content = try? NotebookJSON.parse([UInt8](contentData), maximumDepth: limits.maximumDepth), content.members != nil else {
            throw NotebookError(.remarkable, .damaged, "\(uuid).content is not a JSON object")
        }
        var warnings: [String] = []
        var title: String?
        if let metadataData = try files.data("\(uuid).metadata", limit: 16 << 20) {
            if let metadata = try? NotebookJSON.parse([UInt8](metadataData), maximumDepth: limits.maximumDepth), metadata.members != nil {
                title = metadata["visibleName"]?.string
                if metadata["deleted"]?.bool == true { warnings.append("the notebook is marked deleted on the tablet") }
                if metadata["parent"]?.string == "trash" { warnings.append("the notebook is in the tablet's trash") }
            } else {
                warnings.append("\(uuid).metadata is not a JSON object; the notebook has no title")
            }
        }
        if let type = content["fileType"]?.string, type == "pdf" || type == "epub" {
            warnings.append("the \(type) the notebook annotates is not read; only the ink written on it")
        }
        let pageNames = pageOrder(content, uuid: uuid, files: files, warnings: &warnings)
        guard pageNames.count <= limits.maximumPages else {
            throw NotebookError(.remarkable, .tooLarge, "\(pageNames.count) pages, more than the limit of \(limits.maximumPages)")
        }
        var pointBudget = limits.maximumPoints
        var pages: [InkNotebook.Page] = []
        var versions: Set<Int> = []
        for (index, name) in pageNames.enumerated() {
            var page = InkNotebook.Page(id: InkNotebook.pageID(fileIdentity: fileIdentity, pageName: name), number: index + 1,
                                        width: RemarkableLines.pageWidth, height: RemarkableLines.pageHeight)
            if let data = try files.data("\(uuid)/\(name).rm", limit: limits.maximumBytes) {
                let pageContent: RemarkablePageContent
                do {
                    pageContent = try Remarkable.readPage(data, pageID: page.id, pointBudget: &pointBudget)
                } catch {
                    throw NotebookError(error.format, error.kind, "page \(index + 1) (\(name).rm): \(error.reason)")
                }
                versions.insert(pageContent.version)
                Remarkable.fill(&page, with: pageContent)
                warnings += pageContent.warnings.map { "page \(index + 1): \($0)" }
            }
            pages.append(page)
        }
        return InkNotebook(format: .remarkable, pages: pages, title: title,
                           formatVersion: versions.sorted().map(String.init).joined(separator: ", "),
                           contentHash: contentHash, fileIdentity: fileIdentity, warnings: warnings)
    }

    /// The page names (UUIDs, or numbers for the first generation) in the tablet's order.
    static func pageOrder(_ content: NotebookTree, uuid: String, files: some RemarkableFiles, warnings: inout [String]) -> [String] {
        if let list = content["cPages"]?["pages"]?.array {
            var entries: [(index: String, id: String)] = []
            var deleted = 0
            for page in list {
                guard let id = page["id"]?.string, isSafeName(id) else { continue }
                if let value = page["deleted"]?["value"]?.number, value != 0 {
                    deleted += 1
                    continue
                }
                let index = page["idx"]?["value"]?.string ?? ""
                entries.append((index, id))
            }
            if deleted > 0 { warnings.append("\(deleted) pages marked deleted not read") }
            // The index strings sort as bytes; ties (which the tablet avoids) by id.
            return entries.sorted { a, b in
                a.index == b.index ? a.id < b.id : a.index.utf8.lexicographicallyPrecedes(b.index.utf8)
            }.map(\.id)
        }
        if let list = content["pages"]?.array {
            return list.compactMap(\.string).filter(isSafeName)
        }
        if let count = content["pageCount"]?.int, count >= 0, count <= 1_000_000 {
            return (0..<count).map(String.init)
        }
        let names = files.names(under: uuid).compactMap { name -> String? in
            guard name.hasSuffix(".rm") else { return nil }
            return String(name.dropFirst(uuid.count + 1).dropLast(3))
        }.filter(isSafeName)
        warnings.append("\(uuid).content lists no pages; the page files were read in name order")
        return names.sorted { a, b in (Int(a) ?? .max, a) < (Int(b) ?? .max, b) }
    }

    /// A page or notebook name that cannot leave its folder (`..`, slashes) or be empty.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.contains("/") && !name.contains("\\") && name != "." && name != ".."
    }
}

/// A notebook's files in a folder on disk, beside its `.content`.
struct RemarkableFolderFiles: RemarkableFiles {
    let folder: URL

    func data(_ name: String, limit: Int) throws(NotebookError) -> Data? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit {
            throw NotebookError(.remarkable, .tooLarge, "\(name) is \(size) bytes, more than the limit of \(limit)")
        }
        do { return try Data(contentsOf: url) } catch {
            throw NotebookError(.remarkable, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
    }

    func names(under subfolder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? []
        return names.map { "\(subfolder)/\($0)" }
    }
}

/// A notebook's files in a `.rmdoc` (or `.rmn`) ZIP, as the reMarkable app exports them.
struct RemarkableZipFiles: RemarkableFiles {
    let archive: ZipArchive

    func data(_ name: String, limit: Int) throws(NotebookError) -> Data? {
        guard let entry = archive.entry(named: name) else { return nil }
        do { return Data(try archive.contents(of: entry, limit: limit)) } catch {
            switch error {
            case .damaged(let reason): throw NotebookError(.remarkable, .damaged, "the ZIP package: \(reason)")
            case .unsupported(let reason):
                throw NotebookError(.remarkable, reason.hasSuffix("encrypted") ? .encrypted : .unsupported, "the ZIP package: \(reason)")
            case .tooLarge(let entry, let size, let limit):
                throw NotebookError(.remarkable, .tooLarge, "\(entry) inflates to \(size) bytes, more than the limit of \(limit)")
            }
        }
    }

    func names(under folder: String) -> [String] {
        archive.entries.map(\.name).filter { $0.hasPrefix(folder + "/") }
    }

    /// The notebook's UUID: the name of the package's only top-level `.content` entry.
    func notebookUUID() throws(NotebookError) -> String {
        let contents = archive.entries.map(\.name).filter { $0.hasSuffix(".content") && !$0.contains("/") }
        guard let first = contents.first else {
            throw NotebookError(.remarkable, .notThisFormat, "the ZIP package holds no UUID.content, so it is not a reMarkable notebook")
        }
        if contents.count > 1 { throw NotebookError(.remarkable, .unsupported, "the ZIP package holds \(contents.count) notebooks; one is read") }
        return String(first.dropLast(".content".count))
    }
}
