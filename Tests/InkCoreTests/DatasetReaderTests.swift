import Foundation
import Testing
@testable import InkCore

@Suite struct DatasetReaderTests {
    @Test func decodesOneSampleWithAndWithoutTimes() throws {
        let sample = try DatasetReader.decodeSample(
            #"{"id": "s1", "writer": null, "text": "Hi", "strokes": [[[1, 2, 0.0], [3, 4, 0.5]], [[5, 6, null]]]}"#)
        #expect(sample.id == "s1")
        #expect(sample.writer == nil)
        #expect(sample.drawing.strokes.count == 2)
        #expect(sample.drawing.strokes[0].points[1] == StrokePoint(x: 3, y: 4, time: 0.5))
        #expect(sample.drawing.strokes[1].points[0].time == nil)
    }

    @Test func strokeIDsAreStableAcrossReads() throws {
        let line = #"{"id": "s1", "writer": "w", "text": "a", "strokes": [[[1, 2, 0]]]}"#
        let a = try DatasetReader.decodeSample(line)
        let b = try DatasetReader.decodeSample(line)
        #expect(a.drawing.strokes[0].id == b.drawing.strokes[0].id)
    }

    @Test func malformedLinesAreReportedWithTheirLineNumber() {
        #expect(throws: DatasetReader.Failure.malformedSample(path: "f", line: 7, reason: "not valid JSON")) {
            try DatasetReader.decodeSample("{", path: "f", lineNumber: 7)
        }
        #expect(throws: DatasetReader.Failure.self) {
            try DatasetReader.decodeSample(#"{"id": "x", "text": "t", "strokes": [[[1]]]}"#)
        }
        #expect(throws: DatasetReader.Failure.self, "out-of-range numbers never become infinite values") {
            try DatasetReader.decodeSample(#"{"id": "x", "text": "t", "strokes": [[[1, 2, 1e999]]]}"#)
        }
        #expect(throws: DatasetReader.Failure.self) {
            try DatasetReader.decodeSample(#"{"id": "x", "text": "t", "strokes": [[[1e999, 2, 0]]]}"#)
        }
    }

    @Test func readsTheSharedValidationSet() throws {
        guard let path = SharedData.path("iam-ondb/testset_v.jsonl.gz") else {
            print(SharedData.skipMessage)
            return
        }
        let samples = try DatasetReader(path: path).readAll(limit: 5)
        #expect(samples.count == 5)
        #expect(samples.allSatisfy { !$0.text.isEmpty && $0.drawing.pointCount > 0 })
    }

    @Test func truncatedGzipIsReportedNotHidden() throws {
        guard let path = SharedData.path("iam-ondb/testset_v.jsonl.gz") else {
            print(SharedData.skipMessage)
            return
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(200_000)
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID()).jsonl.gz")
        try data.write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        var iterator = try DatasetReader(path: cut.path).makeIterator()
        #expect(throws: (any Error).self) {
            while try iterator.nextSample() != nil {}
        }
    }

    /// The fast scanner must agree with JSONSerialization wherever it answers.
    @Test func fastScannerAgreesWithTheGeneralPath() throws {
        var lines = [
            #"{"id": "a\u00e9\ud83d\ude00\n", "writer": null, "text": "q\"\\/", "strokes": [[[1, 2, 0.0], [-3.25, 4e0, null]], [], [[0, -0.0]]]}"#,
            #"{"strokes": [[[1.5, 2.25, 0.01]]], "text": "t", "id": "x", "writer": "w"}"#,
            #"{"id": "x", "text": "t", "strokes": [[[123456789012345678, 2]]]}"#,
            #"{"id": "x", "id": "y", "text": "t", "strokes": []}"#,
            // The usual shape, so that the fast path is exercised where ../shared is absent too.
            #"{"id": "s2", "writer": "w", "text": "ok", "strokes": [[[1, 2, 0.5], [3, 4, 0.52]]]}"#,
        ]
        if let path = SharedData.path("iam-ondb/testset_v.jsonl.gz") {
            let reader = try GzipLineReader(path: path)
            while lines.count < 200, let line = try reader.nextLine() { lines.append(line) }
        }
        var rng = MutationTests.SplitMix(state: 7)
        for _ in 0..<300 { lines.append(String(decoding: MutationTests.mutate(Array(lines[0].utf8), using: &rng), as: UTF8.self)) }
        var fast = 0
        for line in lines {
            let general = try? DatasetReader.decodeSampleWithJSONSerialization(line, path: "p", lineNumber: 1)
            guard DatasetLineScanner.scan(line) != nil else { continue }
            fast += 1
            #expect(try DatasetReader.decodeSample(line) == general, "\(line)")
        }
        #expect(fast >= 2)
    }
}
