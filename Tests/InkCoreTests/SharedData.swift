import Foundation

/// Locates `../shared/data` relative to the package root; tests that need real handwriting
/// skip with a message where it is absent.
enum SharedData {
    static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    static func path(_ relative: String) -> String? {
        let url = root.appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    static let skipMessage = "../shared/data is absent: skipping tests on real handwriting"
}
