import Testing
import Foundation

/// `Fixtures/golden.json`, written by `Training/golden.py` from synthetic ink: for each case the
/// strokes, the Python features and PyTorch's log-probabilities with the shipped weights.
struct GoldenFixture: Decodable {
    struct Case: Decodable {
        var name: String
        var strokes: [[[Double]]]
        var featureRows: Int
        var features: [Float]
        var strokeIndices: [Int]
        var frames: Int
        var classes: Int
        var logProbabilities: [Float]

        var points: [[SIMD2<Double>]] { strokes.map { $0.map { SIMD2($0[0], $0[1]) } } }
    }

    var cases: [Case]

    static func load(_ name: String = "golden") throws -> GoldenFixture {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(GoldenFixture.self, from: Data(contentsOf: url))
    }
}

func maxAbsoluteDifference(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}
