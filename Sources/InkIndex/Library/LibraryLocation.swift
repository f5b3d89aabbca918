import Foundation

/// Where `inkindex library` keeps its database unless told otherwise:
/// `$XDG_DATA_HOME/inkindex/library.sqlite`, or `~/.local/share/inkindex/library.sqlite`.
public enum LibraryLocation {
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("inkindex/library.sqlite")
    }

    /// Creates the folder that will hold `path`.
    public static func prepare(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
}
