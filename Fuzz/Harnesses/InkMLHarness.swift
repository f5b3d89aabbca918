import Foundation
@testable import InkCore

/// Any bytes: InkML.read must return a drawing or throw InkMLError. A drawing it returns must
/// survive write → read unchanged (when its numbers are finite, which the reader guarantees).
func fuzzInkML(_ bytes: UnsafeRawBufferPointer) {
    let limits = XMLLimits(maximumBytes: 1 << 20, maximumDepth: 64, maximumAttributes: 64)
    guard let result = try? InkML.read(Data(bytes), limits: limits) else { return }
    guard let text = try? InkML.write(result.drawing) else {
        fatalError("a drawing read from InkML could not be written back")
    }
    guard let again = try? InkML.read(text) else { fatalError("written InkML does not read back:\n\(text)") }
    if again.drawing != result.drawing { fatalError("InkML round trip changed the drawing:\n\(text)") }
}
