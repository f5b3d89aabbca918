import Foundation
import Testing
import InkCore
@testable import InkSynthesis

@Suite struct HatchedOutlineTests {
    /// Even-odd: whether `p` is inside the region the closed polygons bound together.
    func inside(_ p: CGPoint, _ polygons: [[CGPoint]]) -> Bool {
        var result = false
        for polygon in polygons {
            for k in polygon.indices {
                let a = polygon[k], b = polygon[(k + 1) % polygon.count]
                if (a.y <= p.y) != (b.y <= p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { result.toggle() }
            }
        }
        return result
    }

    /// A ring of radius 20 round (0, 0), as an O is drawn.
    let ring = (0...48).map { k in CGPoint(x: 20 * cos(Double(k) * .pi / 24), y: 20 * sin(Double(k) * .pi / 24)) }

    @Test func strokesThatCrossShareOneOutlineHeldWithinTheWidth() throws {
        let outline = HatchedOutline(halfWidth: 4, hatchSpacing: 3)
        // A plus drawn in two strokes is one letter: one outline, not two.
        let across = [CGPoint(x: -30, y: 0), CGPoint(x: 30, y: 0)], down = [CGPoint(x: 0, y: -30), CGPoint(x: 0, y: 30)]
        let shapes = outline.shapes(around: [across, down])
        try #require(shapes.count == 1)
        let shape = shapes[0]
        #expect(shape.holes.isEmpty)
        #expect(HatchedOutline.signedArea(shape.outer) > 0)
        // Every point of either pen path is inside; a point twice the width from both is not.
        for t in stride(from: -1.0, through: 1.0, by: 0.1) {
            #expect(inside(CGPoint(x: 30 * t, y: 0), [shape.outer]))
            #expect(inside(CGPoint(x: 0, y: 30 * t), [shape.outer]))
        }
        #expect(!inside(CGPoint(x: 15, y: 8), [shape.outer]))
        #expect(!inside(CGPoint(x: -8, y: -15), [shape.outer]))
        // The outline runs about half a width from the nearer path (the smoothing rounds the
        // inner corners).
        for p in shape.outer {
            let d = min(hypot(max(abs(p.x) - 30, 0), p.y), hypot(p.x, max(abs(p.y) - 30, 0)))
            #expect(d > 4 * 0.6 && d < 4 * 1.3)
        }
    }

    @Test func aRingKeepsItsHoleAndTheHatchesStayOutOfIt() throws {
        let outline = HatchedOutline(halfWidth: 4, hatchSpacing: 2, hatchAngle: .pi / 4)
        let shapes = outline.shapes(around: [ring])
        try #require(shapes.count == 1)
        try #require(shapes[0].holes.count == 1)
        let hole = shapes[0].holes[0]
        #expect(HatchedOutline.signedArea(hole) < 0)
        #expect(inside(.zero, [hole]) && !inside(.zero, [shapes[0].outer] + shapes[0].holes))
        let hatches = outline.hatches(inside: [shapes[0].outer, hole])
        // The band is 8 wide round a circle of radius 20: about 48 / √2·2 scan lines on each
        // side cross it twice, so far more hatches than lines.
        #expect(hatches.count > 30)
        for h in hatches {
            #expect(h.count == 2)
            let mid = CGPoint(x: (h[0].x + h[1].x) / 2, y: (h[0].y + h[1].y) / 2)
            // Each lies in the band, never across the hole, at the hatch angle.
            #expect(abs(hypot(mid.x, mid.y) - 20) <= 4.5)
            let angle = abs(atan2(h[1].y - h[0].y, h[1].x - h[0].x))
            #expect(abs(angle - .pi / 4) < 1e-6 || abs(angle - 3 * .pi / 4) < 1e-6)
        }
    }

    @Test func lettersComeLeftToRightEachWithItsOutlinesThenItsHatches() {
        let outline = HatchedOutline(halfWidth: 3, hatchSpacing: 4)
        let bar = [CGPoint(x: 100, y: -20), CGPoint(x: 100, y: 20)]
        // The bar is given first but stands right of the ring: it comes second.
        let drawn = outline.paths(outlining: [bar, ring])
        let closed = drawn.indices.filter { drawn[$0].count > 2 && drawn[$0].first == drawn[$0].last }
        #expect(closed.count == 3)  // ring, its hole, bar
        #expect(closed[0] == 0 && closed[1] == 1)
        #expect(drawn[0].allSatisfy { $0.x < 40 } && drawn[closed[2]].allSatisfy { $0.x > 90 })
        #expect(drawn[2..<closed[2]].allSatisfy { $0.count == 2 })
        #expect(drawn.count > closed[2] + 1)  // the bar's hatches follow it
        // Hollow letters: the outlines alone. A dot: a small disc. No ink: nothing.
        #expect(HatchedOutline(halfWidth: 3, hatchSpacing: 0).paths(outlining: [bar, ring]).count == 3)
        let dot = outline.paths(outlining: [[CGPoint(x: 5, y: 5)]])
        #expect(dot.count >= 1 && dot[0].allSatisfy { abs(hypot($0.x - 5, $0.y - 5) - 3) < 1.5 })
        #expect(outline.paths(outlining: [[]]).isEmpty)
        #expect(outline.paths(outlining: []).isEmpty)
    }

    @Test func theSameInkDrawsTheSameOutlines() {
        let letters = InkSynthesizer(seed: 3).drawing(for: "BOB")
        let paths = letters.strokes.map { $0.points.map(\.location) }
        let outline = HatchedOutline(halfWidth: 3, hatchSpacing: 4)
        #expect(outline.paths(outlining: paths) == outline.paths(outlining: paths))
        // B has two holes and O one, as a person outlining them draws them.
        let holes = outline.shapes(around: paths).map(\.holes.count)
        #expect(holes.reduce(0, +) >= 4)
    }
}
