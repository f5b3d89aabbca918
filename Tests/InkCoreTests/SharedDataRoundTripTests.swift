import Foundation
import Testing
@testable import InkCore

/// Every sample of the IAM-OnDB validation set survives InkML and binary round trips unchanged.
@Suite struct SharedDataRoundTripTests {
    @Test func everyValidationSampleRoundTripsThroughInkMLAndBinary() throws {
        guard let path = SharedData.path("iam-ondb/testset_v.jsonl.gz") else {
            print(SharedData.skipMessage)
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        var iterator = try DatasetReader(path: path).makeIterator()
        var samples = 0, points = 0, inkmlBytes = 0, binaryBytes = 0
        while let sample = try iterator.nextSample() {
            let drawing = sample.drawing
            let text = try InkML.write(drawing)
            let fromInkML = try InkML.read(text)
            #expect(fromInkML.drawing == drawing, "InkML round trip changed sample \(sample.id)")
            #expect(fromInkML.warnings.isEmpty)
            let bytes = BinaryDrawingCodec.encode(drawing)
            #expect(try BinaryDrawingCodec.decode(bytes) == drawing, "binary round trip changed sample \(sample.id)")
            samples += 1
            points += drawing.pointCount
            inkmlBytes += text.utf8.count
            binaryBytes += bytes.count
        }
        #expect(samples == 1438)
        print("testset_v: \(samples) samples, \(points) points; InkML \(inkmlBytes) bytes, binary \(binaryBytes) bytes (\(String(format: "%.2f", Double(binaryBytes) / Double(points))) bytes/point); \(clock.now - start)")
    }
}
