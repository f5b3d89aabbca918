import Foundation
import InkIndex

/// The drawing files under a folder, for `library add FOLDER` and `library sync FOLDER`:
/// every file whose format InkIndex reads (InkML, JSON, binary, Xournal++, reMarkable, Rnote, Saber,
/// PDF ink), found recursively
/// through symbolic links, hidden files skipped, in path order. Each is known by its path relative to the folder's
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

    /// A file under the folder that is not imported, and why.
    struct Skipped: Codable, Hashable {
        var path: String
        var reason: String
    }

    /// The drawing files under the folder, by identity, and what was skipped. Symbolic links are
    /// followed, to files and to folders (a synced folder, a dotfiles setup, a link to the folder
    /// itself): a file keeps the identity of the path it is found at, and a folder reached a
    /// second time through a link (a loop) is not read again. A reMarkable tablet's notebook is
    /// its `UUID.content` (its page folder, metadata and annotated PDF are read through it, not
    /// on their own). Hidden files are left out unsaid;
    /// files of other formats, unreadable or empty ones and broken links are reported.
    func files() throws -> (files: [File], skipped: [Skipped]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.badInput("cannot read the folder \(root.path)")
        }
        var files: [File] = [], skipped: [Skipped] = [], entered = Set<String>()
        func visit(_ folder: URL, relative: String) {
            let resolved = folder.resolvingSymlinksInPath().path
            guard entered.insert(resolved).inserted else {
                skipped.append(Skipped(path: relative, reason: "a link to a folder already read (a loop)"))
                return
            }
            // Listed by its resolved path: swift-corelibs-foundation lists a link to a folder as
            // empty. The entries keep the path they were found at.
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: resolved) else {
                skipped.append(Skipped(path: relative.isEmpty ? "." : relative, reason: "an unreadable folder"))
                return
            }
            for entry in names.filter({ !$0.hasPrefix(".") }).sorted().map({ folder.appendingPathComponent($0) }) {
                let path = relative.isEmpty ? entry.lastPathComponent : relative + "/" + entry.lastPathComponent
                var isDirectory: ObjCBool = false
                // fileExists follows links: false for a broken one.
                guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else {
                    skipped.append(Skipped(path: path, reason: "a broken link"))
                    continue
                }
                if isDirectory.boolValue {
                    // A reMarkable notebook's page folder is read through its `UUID.content`.
                    if names.contains(entry.lastPathComponent + ".content") { continue }
                    visit(entry, relative: path)
                    continue
                }
                // A reMarkable notebook's other files (metadata, the PDF or EPUB it annotates).
                let stem = entry.deletingPathExtension().lastPathComponent
                if entry.pathExtension != "content", names.contains(stem + ".content"), entry.pathExtension != "" {
                    continue
                }
                guard let format = DrawingFile.Format(path: entry.path), format != .dataset else {
                    skipped.append(Skipped(path: path, reason: "not a format InkIndex reads"))
                    continue
                }
                guard FileManager.default.isReadableFile(atPath: entry.path) else {
                    skipped.append(Skipped(path: path, reason: "unreadable"))
                    continue
                }
                if let size = (try? FileManager.default.attributesOfItem(atPath: entry.path))?[.size] as? Int, size == 0 {
                    skipped.append(Skipped(path: path, reason: "empty"))
                    continue
                }
                files.append(File(url: entry, identity: identityPrefix + path))
            }
        }
        visit(root, relative: "")
        return (files.sorted { $0.identity < $1.identity }, skipped)
    }

    /// A file's pages as notes to import: ids from its identity, titles "name, page n".
    static func pages(of file: File) throws -> [(id: String, title: String, drawing: Drawing)] {
        do {
            return try DrawingFile.readNotes(from: file.url, fileIdentity: file.identity).notes.map { ($0.id.uuidString, $0.title, $0.drawing) }
        } catch {
            throw CLIError.badInput("\(file.url.path): \(error)")
        }
    }
}
