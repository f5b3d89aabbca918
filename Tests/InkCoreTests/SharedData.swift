import Foundation

/// Locates `../shared/data` relative to the package root; tests that need real handwriting
/// skip with a message where it is absent.
enum SharedData {
    /// `../shared/data` from the package root, or from a folder above it (so that a checkout in
    /// a nested worktree finds it too).
    static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var folder = packageRoot.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/data")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    static func path(_ relative: String) -> String? {
        let url = root.appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    static let skipMessage = "../shared/data is absent: skipping tests on real handwriting"
}
