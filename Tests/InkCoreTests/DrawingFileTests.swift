import Foundation
import Testing
@testable import InkCore

@Suite struct DrawingFileTests {
    private func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("drawingfile-\(UUID().uuidString)-\(name)")
    }

    @Test func formatsFollowTheExtension() {
        #expect(DrawingFile.Format(path: "a.INKML") == .inkml)
        #expect(DrawingFile.Format(path: "a.ink") == .binary)
        #expect(DrawingFile.Format(path: "a.json") == .json)
        #expect(DrawingFile.Format(path: "a.jsonl") == .dataset)
        #expect(DrawingFile.Format(path: "a.jsonl.gz") == .dataset)
        #expect(DrawingFile.Format(path: "a.svg") == nil)
    }

    @Test(arguments: ["inkml", "ink", "json"])
    func everyWritableFormatRoundTripsThroughAFile(_ ext: String) throws {
        let url = temporary("d.\(ext)")
        defer { try? FileManager.default.removeItem(at: url) }
        try DrawingFile.write(Fixtures.everyField, to: url)
        #expect(try DrawingFile.read(from: url) == Fixtures.everyField)
    }

    @Test func jsonKeepsNonFiniteValues() throws {
        var drawing = Fixtures.minimal
        drawing.strokes[0].points[0].force = .infinity
        let url = temporary("d.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try DrawingFile.write(drawing, to: url)
        #expect(try DrawingFile.read(from: url) == drawing)
    }

    @Test func datasetFilesAreReadOnlyAndGiveSamples() throws {
        let url = temporary("d.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("""
            {"id": "s1", "writer": "w", "text": "Hi", "strokes": [[[1, 2, 0.0]]]}
            {"id": "s2", "writer": null, "text": "Yo", "strokes": [[[3, 4, null]], []]}

            """.utf8).write(to: url)
        #expect(try DrawingFile.readSamples(from: url).map(\.id) == ["s1", "s2"])
        #expect(try DrawingFile.readSamples(from: url, limit: 1).count == 1)
        #expect(try DrawingFile.read(from: url).pointCount == 1)
        #expect(try DrawingFile.readSample(from: url, id: "s2").drawing.strokes.count == 2)
        #expect(throws: DrawingFile.Failure.noSuchSample(path: url.path, id: "s3")) { try DrawingFile.readSample(from: url, id: "s3") }
        #expect(throws: DrawingFile.Failure.readOnly(path: url.path, format: .dataset)) { try DrawingFile.write(Drawing(), to: url) }
    }

    @Test func errorsAreTyped() throws {
        #expect(throws: DrawingFile.Failure.unknownExtension(path: "/tmp/x.svg")) { try DrawingFile.read(from: URL(fileURLWithPath: "/tmp/x.svg")) }
        let url = temporary("bad.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"strokes": 3}"#.utf8).write(to: url)
        #expect(throws: DrawingFile.Failure.self) { try DrawingFile.read(from: url) }
        let single = temporary("one.inkml")
        defer { try? FileManager.default.removeItem(at: single) }
        var drawing = Fixtures.minimal
        drawing.annotations["text"] = "grace"
        try DrawingFile.write(drawing, to: single)
        let samples = try DrawingFile.readSamples(from: single)
        #expect(samples.map(\.text) == ["grace"])
    }
}
