import Foundation

/// The built `inkindex` next to the test bundle (`swift build` and `swift test` put it there), for
/// the tests that run it as scripts and users do: exit statuses, kills in the middle of writes.
public enum BuiltExecutable {
    /// The executable, or nil (say so once, naming the suite that will skip).
    ///
    /// ```swift
    /// @Suite(.enabled(if: BuiltExecutable.inkindex(for: "SigtermTests") != nil)) struct SigtermTests { ... }
    /// ```
    public static func inkindex(for suite: String) -> URL? {
        if located == nil {
            print("\(suite): the inkindex executable was not found next to the tests (run 'swift build' first); skipping")
        }
        return located
    }

    private static let located: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("inkindex") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
