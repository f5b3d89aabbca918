import Foundation
import Testing
import InkCore
@testable import InkSynthesis

@Suite struct HatchedOutlineTests {
    /// Even-odd: whether `p` is inside the closed polygon.
    func inside(_ p: CGPoint, _ polygon: [CGPoint]) -> Bool {
        var result = false
        for k in polygon.indices {
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            if (a.y <= p.y) != (b.y <= p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { result.toggle() }
        }
        return result
    }

    @Test func theBandRunsHalfAWidthAroundThePathAndHoldsIt() {
        let outline = HatchedOutline(halfWidth: 4, hatchSpacing: 3)
        let path = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 40)]  // an L turned
        let band = outline.band(around: path)
        // Every point of the pen path is inside; a point twice the width away is not.
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(inside(CGPoint(x: 30 * t, y: 0), band))
            #expect(inside(CGPoint(x: 30, y: 40 * t), band))
        }
        #expect(!inside(CGPoint(x: 15, y: 8), band))
        #expect(!inside(CGPoint(x: 15, y: -8), band))
        // The outline stays within the width of the path (twice it at the turn's mitre).
        for p in band {
            let d = min(abs(p.y) + max(0, p.x - 30) + max(0, -p.x), abs(p.x - 30) + max(0, p.y - 40) + max(0, -p.y))
            #expect(d <= 2 * 4 + 1e-9)
        }
    }

    @Test func hatchesLieInsideTheBandAndSpanIt() {
        let outline = HatchedOutline(halfWidth: 5, hatchSpacing: 2, hatchAngle: .pi / 4)
        let band = outline.band(around: [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0)])
        let hatches = outline.hatches(inside: band)
        // A band 60 long (with its round ends) and 10 wide spans (60 + 10) / √2 ≈ 49 across the
        // hatches' direction: about 24 hatches 2 apart.
        #expect(hatches.count >= 20 && hatches.count <= 28)
        for h in hatches {
            #expect(h.count == 2)
            let mid = CGPoint(x: (h[0].x + h[1].x) / 2, y: (h[0].y + h[1].y) / 2)
            #expect(inside(mid, band))
            // Each runs at the hatch angle, from one side of the band to the other.
            #expect(abs(abs(atan2(h[1].y - h[0].y, h[1].x - h[0].x)) - .pi / 4) < 1e-6 || abs(abs(atan2(h[1].y - h[0].y, h[1].x - h[0].x)) - 3 * .pi / 4) < 1e-6)
            #expect(abs(h[0].y) <= 5.01 && abs(h[1].y) <= 5.01)
        }
    }

    @Test func eachStrokeGivesItsOutlineThenItsHatches() {
        let letters = InkSynthesizer(seed: 3).drawing(for: "HI")
        let paths = letters.strokes.map { $0.points.map(\.location) }
        let outline = HatchedOutline(halfWidth: 3, hatchSpacing: 4)
        let drawn = outline.paths(outlining: paths)
        // Closed outlines (first point repeated last), one per pen path, and hatches between.
        let closed = drawn.filter { $0.count > 2 && $0.first == $0.last }
        #expect(closed.count == paths.count)
        #expect(drawn.count > 2 * paths.count)
        #expect(drawn.first.map { $0.count > 2 } == true)
        // A dot is a small circle, unhatched; no path, nothing.
        let dot = outline.paths(outlining: [[CGPoint(x: 5, y: 5)]])
        #expect(dot.count == 1 && dot[0].allSatisfy { abs(hypot($0.x - 5, $0.y - 5) - 3) < 1e-9 })
        #expect(outline.paths(outlining: [[]]).isEmpty)
        #expect(HatchedOutline(halfWidth: 3, hatchSpacing: 0).paths(outlining: paths).count == paths.count)
    }
}
