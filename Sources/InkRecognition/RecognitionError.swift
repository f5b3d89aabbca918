import Foundation

/// Why a shipped model could not be loaded.
///
/// ```swift
/// do { _ = try ShippedRecognizer.load(.research) }
/// catch RecognitionError.modelNotLinked(let model, let product) { print("\(model) needs \(product)") }
/// ```
public enum RecognitionError: Error, Equatable, CustomStringConvertible {
    /// The shipped model's weights could not be found or read.
    case modelUnavailable(String)
    /// The model's weights are in a product this app does not link: the research models are in
    /// `InkIndexResearchModels` (non-commercial research only), which an app adds by name.
    case modelNotLinked(model: String, product: String)

    public var description: String {
        switch self {
        case .modelUnavailable(let why):
            "the recognition model is unavailable: \(why)"
        case .modelNotLinked(let model, let product):
            "the \(model) model is not linked into this app: its weights are in the product \(product) "
                + "(IAM-OnDB's terms: non-commercial research only), which a non-commercial app adds to its target's "
                + "dependencies (where its bundle is not beside InkIndex's, call ResearchModels.install()). "
                + "Any app may use .open."
        }
    }
}
