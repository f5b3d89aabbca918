import Foundation
import InkCore

/// This module's resource bundle, resolved once: an installed copy where the C library or a
/// search folder names one (`ResourceBundles`), else SwiftPM's `Bundle.module`.
enum ModuleResources {
    static let bundle = ResourceBundles.bundle(of: "InkRecognition") { .module }
}
