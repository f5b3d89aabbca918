import Foundation
import InkIndex
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the C library does once, before anything reads a resource: tell `ResourceBundles`
/// where this library was installed, so that the weights and language data are found by a
/// program SwiftPM never built (`inkindex.h`, "Resources").
enum LibrarySetup {
    /// The folder this library's file is in, nil where it cannot be told: the file mapped at
    /// the address of one of its functions (`dladdr` on Apple platforms, `/proc/self/maps` on
    /// Linux, where glibc's `dladdr` is not visible to Swift).
    static let libraryFolder: URL? = {
        let address = versionFunctionAddress
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(UnsafeRawPointer(bitPattern: address), &info) != 0, let path = info.dli_fname else { return nil }
        return URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath().deletingLastPathComponent()
        #else
        // Read with stdio: /proc files report a size of 0, which Foundation's readers take at
        // their word.
        guard let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(cString: buffer)
            // "start-end perms offset dev inode path"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  (start..<end).contains(address) else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
        }
        return nil
        #endif
    }()

    /// Runs once: `<prefix>/share/inkindex` of an installed prefix (the library in
    /// `<prefix>/lib/inkindex` or `<prefix>/lib`), then `<libdir>` (a build folder, or a package
    /// that keeps the bundles beside the library).
    static let done: Void = {
        for folder in searchFolders { ResourceBundles.addSearchFolder(folder) }
    }()

    static var searchFolders: [URL] {
        guard let folder = libraryFolder else { return [] }
        let lib = folder.lastPathComponent == "inkindex" ? folder.deletingLastPathComponent() : folder
        return [lib.deletingLastPathComponent().appendingPathComponent("share/inkindex"), folder]
    }

    /// The bundles a recognizer needs, checked before any module touches `Bundle.module` (which
    /// stops the process where it finds nothing): `modelUnavailable` naming where it looked.
    static func requireResources() throws {
        _ = done
        for target in ["InkRecognition", "InkSearch"] where !isFound(target) {
            let places = ["$" + ResourceBundles.environmentVariable] + searchFolders.map(\.path) + [Bundle.main.bundleURL.path]
            let message = "InkIndex's resources (InkIndex_\(target).resources) were not found in "
                + places.joined(separator: ", ") + "; install them with bindings/c/install.sh or name their folder in $"
                + ResourceBundles.environmentVariable
            throw CFailure(.modelUnavailable, message)
        }
    }

    private static func isFound(_ target: String) -> Bool {
        if ResourceBundles.bundleInSearchFolders(of: target) != nil { return true }
        // Where SwiftPM's own accessor looks first: beside the program.
        let besideProgram = Bundle.main.bundleURL.appendingPathComponent("InkIndex_\(target).resources")
        return FileManager.default.fileExists(atPath: besideProgram.path)
    }
}
