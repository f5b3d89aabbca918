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
    /// The model's weights are in a product this app does not link, or has not installed: the
    /// research models are in `InkIndexResearchModels` (non-commercial research only), which an
    /// app adds by name and installs with `ResearchModels.install()`.
    case modelNotLinked(model: String, product: String)

    public var description: String {
        switch self {
        case .modelUnavailable(let why):
            "the recognition model is unavailable: \(why)"
        case .modelNotLinked(let model, let product):
            "the \(model) model is not linked into this app: its weights are in the product \(product) "
                + "(IAM-OnDB's terms: non-commercial research only). A non-commercial app adds \(product) to its "
                + "target's dependencies and calls ResearchModels.install() once at launch; any app may use .open."
        }
    }
}
