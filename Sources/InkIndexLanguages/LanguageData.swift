import Foundation
import InkRecognition

/// The decoding data of the 19 languages other than English: each one's character model
/// (`charlm-<code>.bin`) and word prior (`wordprior-<code>.txt`), 10.1 MB in all.
///
/// The `InkIndex` product links this target, so an app that links it reads all 20 languages.
/// An app that offers English only links `InkIndexEnglish` instead, which leaves it out
/// (`ShippedLanguageData`). Its bundle is found beside InkRecognition's; nothing need be called.
///
/// ```swift
/// ShippedLanguageData.isAvailable(.spanish)   // true with the InkIndex product
/// ```
public enum LanguageData {
    /// Registers this target's bundle explicitly, for an app whose bundles do not lie side by
    /// side; where they do, linking is enough. Idempotent in effect. O(1).
    public static func install() {
        ShippedLanguageData.register(Bundle.module)
    }
}
