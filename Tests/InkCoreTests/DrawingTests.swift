import Foundation
import Testing
@testable import InkCore

@Suite struct DrawingTests {
    @Test func boundsUnionStrokesAndApplyTransforms() {
        let a = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 10, y: 5)])
        let b = Stroke(points: [StrokePoint(x: 0, y: 0)], transform: .translation(x: 20, y: 30))
        let drawing = Drawing(strokes: [a, b])
        #expect(drawing.bounds == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(drawing.pointCount == 3)
    }

    @Test func emptyDrawingHasNullBoundsAndNoDuration() {
        #expect(Drawing().bounds.isNull)
        #expect(Drawing().duration == nil)
    }

    @Test func durationSpansAllTimestamps() {
        let s = Stroke(points: [StrokePoint(x: 0, y: 0, time: 0.5), StrokePoint(x: 1, y: 1, time: 2.0)])
        #expect(Drawing(strokes: [s]).duration == 1.5)
    }

    @Test func transformConcatenationAppliesInOrder() {
        let t = StrokeTransform.scale(x: 2, y: 2).concatenating(.translation(x: 1, y: 0))
        #expect(t.apply(to: CGPoint(x: 3, y: 4)) == CGPoint(x: 7, y: 8))
    }

    @Test func colorHexRoundTrips() {
        let c = Ink.Color(red: 0x12, green: 0xab, blue: 0xff, alpha: 0x80)
        #expect(Ink.Color(hexString: c.hexString) == c)
        #expect(Ink.Color(hexString: "#zzzzzz") == nil)
    }
}
