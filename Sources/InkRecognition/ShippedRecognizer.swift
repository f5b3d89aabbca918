import Foundation
import InkCore

public enum RecognitionError: Error, Equatable, CustomStringConvertible {
    /// The shipped model's weights could not be found or read.
    case modelUnavailable(String)
    public var description: String {
        switch self {
        case .modelUnavailable(let why): "the recognition model is unavailable: \(why)"
        }
    }
}

/// The recognizer that ships with InkIndex.
///
/// ```swift
/// let recognizer = try ShippedRecognizer.load()
/// let reading = try recognizer.recognize(line.strokes, maxCandidates: 5)
/// ```
public enum ShippedRecognizer {
    /// PLACEHOLDER until the trained model lands.
    public static func load() throws -> any LineRecognizing {
        throw RecognitionError.modelUnavailable("no model has been trained yet")
    }
}
