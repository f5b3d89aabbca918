import Foundation
import Testing
@testable import InkRecognition

/// Swift against the training pipeline (Training/golden.py), on synthetic ink.
@Suite struct GoldenTests {
    let fixture: GoldenFixture
    let weights: WeightsFile

    init() throws {
        fixture = try GoldenFixture.load()
        weights = try ShippedRecognizer.weights()
    }

    @Test func featuresMatchPythonWithin1e4() throws {
        let extractor = InkFeatureExtractor(config: weights.metadata.features)
        for golden in fixture.cases {
            let features = extractor.extract(golden.points)
            #expect(features.rowCount == golden.featureRows, "\(golden.name): rows")
            #expect(features.strokeIndices == golden.strokeIndices, "\(golden.name): stroke of each row")
            try #require(features.values.count == golden.features.count)
            let difference = maxAbsoluteDifference(features.values, golden.features)
            #expect(difference <= 1e-4, "\(golden.name): max |Δfeature| = \(difference)")
        }
    }

    /// Tolerance: max |Δ log-probability| ≤ 1e-3 (float32 arithmetic in another order).
    @Test func networkMatchesPyTorchWithin1e3() throws {
        let network = try InkNetwork(weights: weights)
        for golden in fixture.cases {
            #expect(network.classCount == golden.classes)
            #expect(network.frameCount(points: golden.featureRows) == golden.frames, "\(golden.name): frames")
            let output = network.run(golden.features, rows: golden.featureRows)
            try #require(output.count == golden.logProbabilities.count)
            let difference = maxAbsoluteDifference(output, golden.logProbabilities)
            #expect(difference <= 1e-3, "\(golden.name): max |Δlog p| = \(difference)")
        }
    }
}
