import Foundation
import InkRecognition

/// The research models' weights, trained on IAM-OnDB, whose terms allow non-commercial research
/// only: `ShippedModel.research` and `ShippedModel.researchAlternate`.
///
/// They are a product of their own, `InkIndexResearchModels`, so that an app that links only
/// `InkIndex` carries nothing it may not ship. A non-commercial app adds this product by name;
/// its bundle is then found beside InkIndex's, and the research models load:
///
/// ```swift
/// // Package.swift
/// .product(name: "InkIndexResearchModels", package: "InkIndex"),
///
/// // in the app
/// import InkIndex
/// let recognizer = StrokeRecognizer(model: .research)
/// ```
///
/// Without it, loading a research model throws `RecognitionError.modelNotLinked`, which names
/// this product, and `StrokeRecognizer(model: .research)` reports that error as `lastError`.
public enum ResearchModels {
    /// The models this product carries.
    public static let models: [ShippedModel] = [.research, .researchAlternate]

    /// Registers this product's bundle as the home of the research models' weights, for an app
    /// whose bundles do not lie side by side (InkIndex inside a framework of its own, say); where
    /// they do, linking the product is enough. Idempotent and cheap (the weights are read on
    /// first use); call it before any recognizer or library names a research model.
    public static func install() {
        ShippedModelResources.register(Bundle.module, for: models)
    }
}
