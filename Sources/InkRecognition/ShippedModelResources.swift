import Foundation

/// Where each shipped model's weights are found: the products that carry them.
///
/// Products are split by licence, so that what an app links is what it may ship:
/// - the `InkIndex` and `InkCore` products carry the open model (`ShippedModel.open`) and only
///   data whose terms allow commercial use;
/// - the research models (`.research`, `.researchAlternate`), trained on IAM-OnDB (non-commercial
///   research only), are in the product `InkIndexResearchModels`. An app that links it can load
///   them: its bundle is found beside InkRecognition's (`SiblingBundle`). An app that does not
///   gets `RecognitionError.modelNotLinked`, which names the product.
///
/// Where an app places bundles elsewhere (a framework of its own), `ResearchModels.install()`
/// registers the product's bundle explicitly.
///
/// ```swift
/// // Package.swift: .product(name: "InkIndexResearchModels", package: "InkIndex")   (non-commercial apps only)
/// ShippedModel.research.isAvailable               // true where the product is linked
/// let recognizer = try ShippedRecognizer.load(.research)
/// ```
public enum ShippedModelResources {
    /// Makes `bundle` the place the weights of `models` are read from (its `Resources` folder or
    /// its root, `<resourceName>.weights`), wherever it lies. Called by a product that carries
    /// models, such as `ResearchModels.install()`; idempotent. O(models).
    public static func register(_ bundle: Bundle, for models: [ShippedModel]) {
        registry.register(bundle, for: models)
    }

    /// Whether the weights of `model` are linked into this process: the open model always, the
    /// research models where `InkIndexResearchModels` is linked (or installed). O(1) after the
    /// first call.
    ///
    /// ```swift
    /// ShippedModelResources.isAvailable(.research)   // false in an app without the research product
    /// ```
    public static func isAvailable(_ model: ShippedModel) -> Bool {
        registry.bundle(for: model) != nil
    }

    /// The URL of `model`'s weights file; `RecognitionError.modelNotLinked` where its product is
    /// not linked, `.modelUnavailable` where the bundle lacks the file.
    static func weightsURL(for model: ShippedModel) throws -> URL {
        try registry.weightsURL(for: model)
    }

    static let registry = Registry(builtIn: [.open: ModuleResources.bundle], discover: SiblingBundle.named)

    /// The bundles that hold each model's weights: registered, built in, or found as the bundle
    /// of the model's product (`ShippedModel.product`). Separate from the static entry points so
    /// that a test can see a registry that finds nothing, whatever this process links.
    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var bundles: [ShippedModel: Bundle]
        private let discover: @Sendable (String) -> Bundle?

        init(builtIn: [ShippedModel: Bundle] = [:], discover: @escaping @Sendable (String) -> Bundle? = { _ in nil }) {
            bundles = builtIn
            self.discover = discover
        }

        func register(_ bundle: Bundle, for models: [ShippedModel]) {
            lock.lock()
            defer { lock.unlock() }
            for model in models { bundles[model] = bundle }
        }

        func bundle(for model: ShippedModel) -> Bundle? {
            lock.lock()
            defer { lock.unlock() }
            if let bundle = bundles[model] { return bundle }
            guard let found = discover(model.product) else { return nil }
            bundles[model] = found
            return found
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
