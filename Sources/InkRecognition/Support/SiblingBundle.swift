import Foundation

/// The resource bundle of another target of this package, found beside this module's own.
///
/// SwiftPM and Xcode put the bundle of every target an app links in one folder (beside the
/// executable on Linux, in the app's resources on Apple platforms), each named
/// `<package>_<target>` with the same extension (`.resources`, `.bundle`). So a product that is
/// linked is found, and one that is not is absent: that is how the research models
/// (`InkIndexResearchModels`) and the languages other than English (`InkIndexLanguages`) are
/// found without InkRecognition depending on them.
///
/// ```swift
/// SiblingBundle.named("InkIndexResearchModels")   // nil in an app that does not link it
/// ```
enum SiblingBundle {
    /// The bundle of `target` beside this module's, or nil.
    /// O(1) after the first call for a target (the lookup is cached, found or not).
    static func named(_ target: String) -> Bundle? {
        found.value(for: target).bundle
    }

    /// The bundle of `target` beside `own`, the bundle of the target `ownTarget`.
    static func named(_ target: String, beside own: URL, ownTarget: String) -> Bundle? {
        let name = own.deletingPathExtension().lastPathComponent
        guard name.hasSuffix(ownTarget) else { return nil }
        let sibling = own.deletingLastPathComponent()
            .appendingPathComponent(String(name.dropLast(ownTarget.count)) + target)
            .appendingPathExtension(own.pathExtension)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: sibling.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return Bundle(url: sibling)
    }

    private static let found = OnceCache<String, BundleBox> { target in
        BundleBox(bundle: named(target, beside: ModuleResources.bundle.bundleURL, ownTarget: "InkRecognition"))
    }

    /// `Bundle` is not `Sendable`; it is only read once made.
    struct BundleBox: @unchecked Sendable {
        var bundle: Bundle?
    }
}
