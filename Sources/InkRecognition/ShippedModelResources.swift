import Foundation

/// Where each shipped model's weights are found: the products that carry them.
///
/// Products are split by licence, so that what an app links is what it may ship:
/// - the `InkIndex` and `InkCore` products carry the open model (`ShippedModel.open`) and only
///   data whose terms allow commercial use;
/// - the research models (`.research`, `.researchAlternate`), trained on IAM-OnDB (non-commercial
///   research only), are in the product `InkIndexResearchModels`. A non-commercial app adds it by
///   name and installs it once at launch; until then loading them throws
///   `RecognitionError.modelNotLinked`, which names the product.
///
/// ```swift
/// import InkIndex
/// import InkIndexResearchModels          // non-commercial apps only
///
/// ResearchModels.install()               // registers the bundle that holds the research weights
/// let recognizer = try ShippedRecognizer.load(.research)
/// ```
public enum ShippedModelResources {
    /// Makes `bundle` the place the weights of `models` are read from (its `Resources` folder or
    /// its root, `<resourceName>.weights`). Called by a product that carries models, such as
    /// `ResearchModels.install()`; idempotent. O(models).
    public static func register(_ bundle: Bundle, for models: [ShippedModel]) {
        registry.register(bundle, for: models)
    }

    /// Whether the weights of `model` are linked into this process: the open model always, the
    /// research models once `InkIndexResearchModels` is installed. O(1).
    ///
    /// ```swift
    /// ShippedModelResources.isAvailable(.research)   // false in an app without the research product
    /// ```
    public static func isAvailable(_ model: ShippedModel) -> Bool {
        registry.bundle(for: model) != nil
    }

    /// The URL of `model`'s weights file; `RecognitionError.modelNotLinked` where its product is
    /// not installed, `.modelUnavailable` where the bundle lacks the file.
    static func weightsURL(for model: ShippedModel) throws -> URL {
        try registry.weightsURL(for: model)
    }

    static let registry = Registry(builtIn: [.open: Bundle.module])

    /// The bundles that hold each model's weights. Separate from the static entry points so that
    /// a test can see an empty registry whatever the process has installed.
    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var bundles: [ShippedModel: Bundle]

        init(builtIn: [ShippedModel: Bundle] = [:]) {
            bundles = builtIn
        }

        func register(_ bundle: Bundle, for models: [ShippedModel]) {
            lock.lock()
            defer { lock.unlock() }
            for model in models { bundles[model] = bundle }
        }

        func bundle(for model: ShippedModel) -> Bundle? {
            lock.lock()
            defer { lock.unlock() }
            return bundles[model]
        }

        func weightsURL(for model: ShippedModel) throws -> URL {
            guard let bundle = bundle(for: model) else {
                throw RecognitionError.modelNotLinked(model: model.identifier, product: model.product)
            }
            let name = model.resourceName
            guard let url = bundle.url(forResource: name, withExtension: "weights", subdirectory: "Resources")
                ?? bundle.url(forResource: name, withExtension: "weights") else {
                throw RecognitionError.modelUnavailable("Resources/\(name).weights is missing from the bundle of \(model.product)")
            }
            return url
        }
    }
}
