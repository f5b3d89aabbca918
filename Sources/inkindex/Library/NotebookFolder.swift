import Foundation
import InkIndex

/// The drawing files under a folder, for `library add FOLDER` and `library sync FOLDER`:
/// every file whose format InkIndex reads (InkML, JSON, binary, Xournal++), found recursively,
/// hidden files skipped, in path order. Each is known by its path relative to the folder's
/// parent ("notes/week1/lecture.xopp"), so that its notes keep their ids when the folder moves.
struct NotebookFolder {
    struct File {
        var url: URL
        var identity: String
    }

    let root: URL

    init(_ path: String) {
        root = URL(fileURLWithPath: path).standardizedFileURL
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The prefix every identity under this folder has.
    var identityPrefix: String { root.lastPathComponent + "/" }

    func files() throws -> [File] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw CLIError.badInput("cannot read the folder \(root.path)")
        }
        var out: [File] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  let format = DrawingFile.Format(path: url.path), format != .dataset else { continue }
            let relative = url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" }
            out.append(File(url: url, identity: identityPrefix + relative))
        }
        return out.sorted { $0.identity < $1.identity }
    }

    /// A file's pages as notes to import: ids from its identity, titles "name, page n".
    static func pages(of file: File) throws -> [(id: String, title: String, drawing: Drawing)] {
        let pages: [DrawingFile.Page]
        do { pages = try DrawingFile.readPages(from: file.url, fileIdentity: file.identity).pages } catch {
            throw CLIError.badInput("\(file.url.path): \(error)")
        }
        let name = file.url.lastPathComponent
        return pages.map { page in
            (page.id.uuidString, pages.count == 1 ? name : "\(name), page \(page.number)", page.drawing)
        }
    }
}
