import Foundation
import InkServer
import Testing

/// The one-pass reader of the HTTP API's strokes reads what `JSONDecoder` reads, the same way,
/// and hands every other shape back to it.
@Suite struct WireStrokesScannerTests {
    @Test func itReadsWhatTheDecoderReads() throws {
        let body = """
            { "title": "Sunday \\u00e9\\"x\\"", "strokes": [
              {"id": "0A3E1D8C-1111-4A56-9D38-6E1C9F6B7F01", "points": [[1, 2], [3.5, -4.25, 0.1], [5, 6, null, 0.5], [7, 8, 0.2, null]],
               "annotations": {"pen": "blue"}},
              {"points": []}, {"id": null, "points": [[0.000001, 123456789.25]], "annotations": null}
            ] }
            """
        let data = Data(body.utf8)
        let scanned = try #require(WireStrokesScanner.scan(data))
        let decoded = try JSONDecoder().decode(WireNoteBody.self, from: data)
        #expect(scanned.title == decoded.title)
        #expect(scanned.strokes == decoded.strokes)
        #expect(scanned.strokes[0].points[2] == WirePoint(x: 5, y: 6, t: nil, pressure: 0.5))
        #expect(scanned.id == nil)
        #expect(WireStrokesScanner.scan(Data(#"{"id": "n1", "strokes": []}"#.utf8))?.id == "n1")
    }

    @Test(arguments: [
        #"{"strokes": [{"points": [[1e3, 2]]}]}"#,            // an exponent: the decoder's
        #"{"strokes": [{"points": [[1, 2]], "ink": {}}]}"#,    // a key it does not know
        #"{"strokes": [], "strokes": []}"#,                    // a key twice
        #"{"strokes": [{"points": [[1, 2, 3, 4, 5]]}]}"#,      // five values
        #"{"strokes": [{"points": [[1, 2]]}]} x"#,             // something after
        #"{"title": "t"}"#,                                    // no strokes
        #"{"strokes": [{"id": "not-a-uuid", "points": []}]}"#,
        "[]", "",
    ])
    func otherShapesAreLeftToTheDecoder(body: String) {
        #expect(WireStrokesScanner.scan(Data(body.utf8)) == nil)
    }

    @Test func aPageOfManyPointsReadsAsTheDecoderReadsIt() throws {
        var strokes: [String] = []
        for s in 0..<200 {
            let points = (0..<50).map { p in
                String(format: "[%.3f, %.2f, %.4f]", Double(s * 50 + p) / 7, -Double(p) * 1.1, Double(p) / 240)
            }
            strokes.append(#"{"points": [\#(points.joined(separator: ","))]}"#)
        }
        let data = Data(#"{"strokes": [\#(strokes.joined(separator: ","))]}"#.utf8)
        let scanned = try #require(WireStrokesScanner.scan(data))
        #expect(scanned.strokes == (try JSONDecoder().decode(WireStrokes.self, from: data)).strokes)
    }
}
