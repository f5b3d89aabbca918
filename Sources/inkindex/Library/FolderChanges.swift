import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// That something under a folder changed, as a stream: from inotify on Linux (a thread blocked
/// in `read`, so nothing runs while nothing changes), or by looking every `interval` elsewhere
/// or when asked (`--poll`). Each element says only "look again"; `library sync` finds what.
enum FolderChanges {
    /// The changes under `root`: inotify where the system has it and `poll` is nil, otherwise
    /// polling every `poll` (or 2 seconds).
    static func stream(_ root: String, poll: Duration?) -> AsyncStream<Void> {
        #if canImport(Glibc)
        if poll == nil, let stream = inotify(root) { return stream }
        #endif
        return polling(root, every: poll ?? .seconds(2))
    }

    /// A fingerprint of the folder's drawing files (paths, sizes and times of change), through
    /// symbolic links as `NotebookFolder` reads it.
    static func fingerprint(_ root: String) -> [String] {
        guard let (files, _) = try? NotebookFolder(root).files() else { return [] }
        return files.map { file in
            let attributes = (try? FileManager.default.attributesOfItem(atPath: file.url.path)) ?? [:]
            let size = attributes[.size] as? Int ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(file.identity)\t\(size)\t\(modified)"
        }
    }

    static func polling(_ root: String, every interval: Duration, clock: any Clock<Duration> = ContinuousClock()) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let task = Task {
                var last = fingerprint(root)
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { break }
                    let now = fingerprint(root)
                    if now != last { last = now; continuation.yield() }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    #if canImport(Glibc)
    /// inotify's events for every folder under `root` (through links), folders made later
    /// included: nil where inotify cannot be had (then the caller polls).
    static func inotify(_ root: String) -> AsyncStream<Void>? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                          | IN_DELETE_SELF | IN_MOVE_SELF)
        @Sendable func watchFolders() {
            for folder in folders(under: root) { _ = inotify_add_watch(descriptor, folder, mask) }
        }
        watchFolders()
        return AsyncStream { continuation in
            let reader = Thread {
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    // Each event: wd (4), mask (4), cookie (4), name length (4), name.
                    var offset = 0, folderMade = false
                    while offset + 16 <= count {
                        let flags = buffer[offset + 4..<offset + 8].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
                        let length = buffer[offset + 12..<offset + 16].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
                        if flags & UInt32(IN_ISDIR) != 0 { folderMade = true }
                        offset += 16 + length
                    }
                    if folderMade { watchFolders() }
                    continuation.yield()
                }
                continuation.finish()
            }
            reader.start()
            continuation.onTermination = { _ in close(descriptor) }
        }
    }

    /// `root` and every folder under it, through symbolic links, each once.
    private static func folders(under root: String) -> [String] {
        var found: [String] = [], seen = Set<String>()
        func visit(_ path: String) {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard seen.insert(resolved).inserted else { return }
            found.append(path)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? [] where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let child = path + "/" + name
                if FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue { visit(child) }
            }
        }
        visit(root)
        return found
    }
    #endif
}
