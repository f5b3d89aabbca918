import Foundation
@testable import InkCore

/// Any bytes as one JSON line of the dataset format: a sample or a typed error. Where the fast
/// scanner answers, the general JSONSerialization path must give the same sample. A sample's
/// drawing has finite coordinates, so it must also go through InkML.
func fuzzDatasetLine(_ bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self)
    guard let sample = try? DatasetReader.decodeSample(line) else { return }
    if DatasetLineScanner.scan(line) != nil,
       (try? DatasetReader.decodeSampleWithJSONSerialization(line, path: "fuzz", lineNumber: 1)) != sample {
        fatalError("the fast scanner and JSONSerialization disagree on: \(line)")
    }
    guard let text = try? InkML.write(sample.drawing), let back = try? InkML.read(text) else {
        fatalError("a dataset sample does not go through InkML")
    }
    if back.drawing != sample.drawing { fatalError("dataset sample changed through InkML") }
}
