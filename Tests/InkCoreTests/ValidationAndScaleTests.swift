import Foundation
import Testing
@testable import InkCore

@Suite struct ValidationAndScaleTests {
    @Test func nonFiniteValuesAreReportedWithTheirPlace() {
        var drawing = Fixtures.everyField
        #expect(drawing.validate().isEmpty)
        drawing.strokes[2].points[1].location.y = .infinity
        drawing.strokes[0].transform?.tx = .nan
        let issues = drawing.validate()
        #expect(issues.map(\.description) == ["stroke 0: transform tx is nan", "stroke 2 point 1: y is inf"])
        #expect(!drawing.isValid)
    }

    @Test func emptyStrokesAndDrawingsAreValid() throws {
        let drawing = Drawing(strokes: [Stroke(points: [])])
        #expect(drawing.isValid && Drawing().isValid)
        #expect(try BinaryDrawingCodec.decode(BinaryDrawingCodec.encode(drawing)) == drawing)
        #expect(try InkML.read(InkML.write(drawing)).drawing == drawing)
    }

    /// Millions of points go through both codecs in linear time (a quadratic step would not
    /// finish); the figure printed is for information, not an assertion.
    @Test func twoMillionPointsRoundTrip() throws {
        let perStroke = 2_000
        let strokes = (0..<1_000).map { s in
            Stroke(id: UUID(deterministicFrom: "big#\(s)"), points: (0..<perStroke).map { i in
                StrokePoint(x: Double(s * 10 + i % 50), y: Double(i / 50), time: Double(s * perStroke + i) / 100)
            })
        }
        let drawing = Drawing(strokes: strokes)
        #expect(drawing.pointCount == 2_000_000)
        let clock = ContinuousClock()
        let start = clock.now
        let bytes = BinaryDrawingCodec.encode(drawing)
        let encoded = clock.now
        let back = try BinaryDrawingCodec.decode(bytes)
        print("binary: 2,000,000 points in \(bytes.count) bytes; encode \(encoded - start), decode \(clock.now - encoded)")
        #expect(back == drawing)
    }
}
