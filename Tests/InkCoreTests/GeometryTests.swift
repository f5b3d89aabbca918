import Foundation
import Testing
@testable import InkCore

@Suite struct GeometryTests {
    let line = Stroke(points: [StrokePoint(x: 0, y: 0, time: 0), StrokePoint(x: 10, y: 0, time: 1)])

    @Test func resamplingSpacesPointsEvenlyAndInterpolatesFields() {
        let r = line.resampled(spacing: 2.5)
        #expect(r.points.map(\.location.x) == [0, 2.5, 5, 7.5, 10])
        #expect(r.points.map(\.time) == [0, 0.25, 0.5, 0.75, 1])
        #expect(r.id == line.id)
    }

    @Test func resamplingFollowsCornersAndKeepsTheEnd() {
        let corner = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 3, y: 0), StrokePoint(x: 3, y: 3)])
        let r = corner.resampled(spacing: 2)
        #expect(r.points.map(\.location) == [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 3)])
        let gaps = zip(r.points, r.points.dropFirst()).map { hypot($1.location.x - $0.location.x, $1.location.y - $0.location.y) }
        #expect(abs(r.arcLength - corner.arcLength) < 1.0 + 1e-9)
        #expect(gaps.dropLast().allSatisfy { $0 <= 2 + 1e-9 })
    }

    @Test func resamplingMeasuresInDrawingUnits() {
        var scaled = line
        scaled.transform = .scale(x: 2, y: 2)  // 20 units long on the page
        let r = scaled.resampled(spacing: 5)
        #expect(r.points.count == 5)
        #expect(r.points[1].location.x == 2.5)  // stored in the stroke's own coordinates
        #expect(r.transform == scaled.transform)
    }

    @Test func degenerateResamplingReturnsTheStroke() {
        #expect(line.resampled(spacing: 0) == line)
        #expect(line.resampled(spacing: .nan) == line)
        let dot = Stroke(points: [StrokePoint(x: 1, y: 1)])
        #expect(dot.resampled(spacing: 1) == dot)
        let still = Stroke(points: [StrokePoint(x: 1, y: 1), StrokePoint(x: 1, y: 1)])
        #expect(still.resampled(spacing: 1).points.count == 2)
    }

    @Test func simplificationDropsOnlyPointsWithinTolerance() {
        let zigzag = Stroke(points: [
            StrokePoint(x: 0, y: 0), StrokePoint(x: 1, y: 0.1), StrokePoint(x: 2, y: -0.1),
            StrokePoint(x: 3, y: 5), StrokePoint(x: 4, y: 0.05), StrokePoint(x: 5, y: 0),
        ])
        #expect(zigzag.simplifiedIndices(tolerance: 0.5) == [0, 2, 3, 4, 5])
        #expect(zigzag.simplifiedIndices(tolerance: 10) == [0, 5])
        #expect(zigzag.simplifiedIndices(tolerance: 0) == Array(0..<6))
        let s = zigzag.simplified(tolerance: 0.5)
        #expect(s.points == [0, 2, 3, 4, 5].map { zigzag.points[$0] })
    }

    @Test func simplificationHandlesLongStrokesIteratively() {
        let straight = Stroke(points: (0..<300_000).map { StrokePoint(x: Double($0), y: 0) })
        #expect(straight.simplified(tolerance: 0.1).points.count == 2)
        // Alternating points are the worst case (every point kept, unbalanced splits).
        let zigzag = Stroke(points: (0..<2_000).map { StrokePoint(x: Double($0), y: Double($0 % 2)) })
        #expect(zigzag.simplified(tolerance: 0.25).points.count == zigzag.points.count)
        #expect(zigzag.simplified(tolerance: 2).points.count == 2)
    }

    @Test func drawingTransformsComposeWithoutTouchingPoints() {
        let drawing = Drawing(strokes: [line, Stroke(points: [StrokePoint(x: 1, y: 1)], transform: .scale(x: 2, y: 2))])
        let moved = drawing.translated(x: 5, y: -5).scaled(by: 2)
        #expect(moved.strokes.map(\.points) == drawing.strokes.map(\.points))
        #expect(moved.bounds == CGRect(x: 10, y: -10, width: 20, height: 4))
        #expect(moved.flattened().bounds == moved.bounds)
        #expect(moved.flattened().strokes.allSatisfy { $0.transform == nil })
        #expect(drawing.bounds.applying(.translation(x: 5, y: -5)).origin == CGPoint(x: 5, y: -5))
    }
}
