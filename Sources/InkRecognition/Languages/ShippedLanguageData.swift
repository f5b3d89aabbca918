import Foundation

/// Where each language's decoding data is found: its character model (`charlm-<code>.bin`) and
/// its word prior (`wordprior-<code>.txt`).
///
/// English's is in InkRecognition's own bundle, so every app reads English. The 19 other
/// languages' (10.1 MB, 0.44–0.62 MB each) are in the target `InkIndexLanguages`, which the
/// `InkIndex` product links; an app that offers English only links `InkIndexEnglish` instead
/// and is 10.1 MB smaller. An app that offers a few languages links `InkIndexEnglish`, copies
/// those languages' two files (`Sources/InkIndexLanguages/Resources`) into a bundle of its
/// own, and registers it:
///
/// ```swift
/// ShippedLanguageData.register(Bundle.main)               // holds charlm-es.bin, wordprior-es.txt
/// ShippedLanguageData.isAvailable(.spanish)               // true
/// ShippedModel.open.supportedLanguages.map(\.code)        // ["en", "es"]
/// ```
///
/// A language without its data is not in `ShippedModel.supportedLanguages`, so a recognizer asked
/// for it reads the others it was asked for, or English.
public enum ShippedLanguageData {
    /// The target (and bundle) that holds the languages other than English.
    public static let target = "InkIndexLanguages"

    /// Adds `bundle` to the places a language's data is looked for (its `Resources` folder or its
    /// root), after InkRecognition's own bundle and `InkIndexLanguages`'s. Register before the
    /// first recognizer that reads the language is made. O(1).
    public static func register(_ bundle: Bundle) {
        shared.register(bundle)
    }

    /// Whether both of `language`'s files can be found. O(1) once found; O(bundles) file lookups
    /// before.
    public static func isAvailable(_ language: RecognitionLanguage) -> Bool {
        shared.isAvailable(language)
    }

    /// The file `name.ext` in the first bundle that has it.
    static func url(forResource name: String, withExtension ext: String) -> URL? {
        shared.url(forResource: name, withExtension: ext)
    }

    /// InkRecognition's bundle (English), `InkIndexLanguages`'s where linked, then the registered.
    static let shared = Store(bundles: [ModuleResources.bundle] + [SiblingBundle.named(target)].compactMap { $0 })

    /// The bundles a language's data is looked for in, in order. Separate from the static entry
    /// points so that a test can see an app that carries English alone.
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var bundles: [Bundle]
        /// Languages whose files were found: bundles are only ever added, so a language found
        /// stays found, and `ShippedModel.supportedLanguages` (asked by every recognizer made)
        /// looks on disk only for those not found yet.
        private var found: Set<RecognitionLanguage> = []

        init(bundles: [Bundle]) {
            self.bundles = bundles
        }

        func register(_ bundle: Bundle) {
            lock.lock()
            defer { lock.unlock() }
            bundles.append(bundle)
        }

        func isAvailable(_ language: RecognitionLanguage) -> Bool {
            if lock.withLock({ found.contains(language) }) { return true }
            guard url(forResource: language.characterModelResource, withExtension: "bin") != nil,
                  url(forResource: language.wordPriorResource, withExtension: "txt") != nil else { return false }
            lock.withLock { _ = found.insert(language) }
            return true
        }

        func url(forResource name: String, withExtension ext: String) -> URL? {
            lock.lock()
            let bundles = bundles
            lock.unlock()
            for bundle in bundles {
                if let url = bundle.url(forResource: name, withExtension: ext, subdirectory: "Resources")
                    ?? bundle.url(forResource: name, withExtension: ext) {
                    return url
                }
            }
            return nil
        }
    }
}
