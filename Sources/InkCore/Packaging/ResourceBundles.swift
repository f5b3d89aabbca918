import Foundation

/// Where InkIndex's resource bundles (weights, language data, book names) are found when they
/// are not where SwiftPM put them: in a prefix the C library was installed into, or inside a
/// Python package.
///
/// SwiftPM's `Bundle.module` looks beside the main executable and then in the build folder, and
/// stops the process where neither holds the bundle. The C library is loaded by programs SwiftPM
/// never saw, so it adds the folders it was installed with before anything is read, and the
/// environment variable `INKINDEX_RESOURCES` names one more. Each folder holds the bundles as
/// the build made them (`InkIndex_InkRecognition.resources`, ...).
///
/// ```swift
/// ResourceBundles.addSearchFolder(URL(fileURLWithPath: "/usr/local/share/inkindex"))
/// ```
public enum ResourceBundles {
    /// The environment variable that names a folder of bundles, searched first.
    public static let environmentVariable = "INKINDEX_RESOURCES"

    /// Adds `folder` to the folders searched before SwiftPM's places. Call it before the first
    /// recognizer or library is made: a module resolves its bundle once. O(1).
    public static func addSearchFolder(_ folder: URL) {
        lock.lock()
        defer { lock.unlock() }
        if !folders.contains(folder) { folders.append(folder) }
    }

    /// The bundle of this package's `target` in the search folders, or nil. O(folders).
    public static func bundleInSearchFolders(of target: String) -> Bundle? {
        lock.lock()
        var searched = folders
        lock.unlock()
        if let named = ProcessInfo.processInfo.environment[environmentVariable], !named.isEmpty {
            searched.insert(URL(fileURLWithPath: named), at: 0)
        }
        for folder in searched {
            for suffix in ["resources", "bundle"] {
                let url = folder.appendingPathComponent("\(packageName)_\(target).\(suffix)")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                   let bundle = Bundle(url: url) {
                    return bundle
                }
            }
        }
        return nil
    }

    /// The bundle of `target`: found in the search folders, else `fallback()` (the module's
    /// `Bundle.module`, which only then is touched).
    public static func bundle(of target: String, fallback: () -> Bundle) -> Bundle {
        bundleInSearchFolders(of: target) ?? fallback()
    }

    /// The package's name as SwiftPM prefixes its bundles (`Package.swift`'s `name`).
    static let packageName = "InkIndex"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [URL] = []
}
