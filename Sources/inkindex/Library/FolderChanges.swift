import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(CoreServices)
import CoreServices
#endif

/// That something under a folder changed, as a stream: from inotify on Linux (a thread blocked
/// in `read`), FSEvents on macOS (a dispatch queue the system wakes), so that nothing runs while
/// nothing changes; or by looking every `interval` where neither can be had or when asked
/// (`--poll`). Each element says only "look again"; `library sync` finds what.
enum FolderChanges {
    /// The changes under `root`: inotify or FSEvents where the system has it and `poll` is nil,
    /// otherwise polling every `poll` (or 2 seconds).
    static func stream(_ root: String, poll: Duration?) -> AsyncStream<Void> {
        #if canImport(Glibc)
        if poll == nil, let stream = inotify(root) { return stream }
        #elseif canImport(CoreServices)
        if poll == nil, let stream = fsevents(root) { return stream }
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

    #endif

    /// `root` and every folder under it, through symbolic links, each once.
    static func folders(under root: String) -> [String] {
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
}

#if canImport(CoreServices) && !canImport(Glibc)
extension FolderChanges {
    /// FSEvents' events for `root` and every folder its symbolic links lead to (FSEvents reports
    /// real paths and does not follow links), file-level, coalesced over 0.2 s: nil where a
    /// stream cannot be made (then the caller polls).
    static func fsevents(_ root: String) -> AsyncStream<Void>? {
        let paths = Array(Set(folders(under: root).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })).sorted()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let box = Unmanaged.passRetained(FSEventsTarget(continuation))
        var context = FSEventStreamContext(version: 0, info: box.toOpaque(), retain: nil, release: nil, copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, _, _, _, _ in
            guard let info else { return }
            Unmanaged<FSEventsTarget>.fromOpaque(info).takeUnretainedValue().continuation.yield()
        }
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer)
        guard let events = FSEventStreamCreate(kCFAllocatorDefault, callback, &context, paths as CFArray,
                                               FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.2, flags) else {
            box.release()
            return nil
        }
        let queue = DispatchQueue(label: "inkindex.folder-changes")
        FSEventStreamSetDispatchQueue(events, queue)
        guard FSEventStreamStart(events) else {
            FSEventStreamInvalidate(events)
            FSEventStreamRelease(events)
            box.release()
            return nil
        }
        let handle = FSEventsHandle(stream: events, target: box)
        continuation.onTermination = { _ in
            queue.async {
                FSEventStreamStop(handle.stream)
                FSEventStreamInvalidate(handle.stream)
                FSEventStreamRelease(handle.stream)
                handle.target.release()
            }
        }
        return stream
    }
}

/// What an FSEvents callback reaches through its context's `info` pointer.
private final class FSEventsTarget: Sendable {
    let continuation: AsyncStream<Void>.Continuation
    init(_ continuation: AsyncStream<Void>.Continuation) { self.continuation = continuation }
}

/// The stream and its target, released together on the stream's queue when watching ends.
private struct FSEventsHandle: @unchecked Sendable {
    let stream: FSEventStreamRef
    let target: Unmanaged<FSEventsTarget>
}
#endif
