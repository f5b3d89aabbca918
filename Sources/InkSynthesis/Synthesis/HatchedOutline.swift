import Foundation

/// Letters drawn as people draw a heading in outline capitals: the pen paths widened into a
/// band, one closed outline drawn around each letter's band (and one around each hole in it, as
/// in A, B or O), then the letter filled with parallel hatching, one stroke a hatch.
///
/// Real pages carry such headings (lecture notes, posters); a recognizer trained on pen paths
/// sees an outline and a comb of short strokes where a letter's strokes were. This draws them
/// from any ink (`InkSynthesizer`'s Hershey letters), so that layout and recognition can be
/// measured on them. Strokes that cross, and letters whose bands touch, share one outline, as
/// they do when a person draws them; Training/outline.py takes the same steps for training.
///
/// ```swift
/// let word = InkSynthesizer(seed: 3).drawing(for: "GRACE")
/// let outline = HatchedOutline(halfWidth: 5, hatchSpacing: 6)
/// let strokes = outline.paths(outlining: word.strokes.map { $0.points.map(\.location) })
/// // letter by letter, left to right: its outline, its holes' outlines, its hatches
/// ```
/// Cost: O(s·a + b) for the outlines (s pen segments each covering a grid squares, b boundary
/// edges on a grid of squares a quarter of the half width), and O(h·e) for h hatches across
/// outlines of e points.
public struct HatchedOutline: Sendable, Hashable {
    /// Half the band's width: how far the outline runs from the pen path.
    public var halfWidth: Double
    /// Distance between hatches; 0 leaves the letters hollow.
    public var hatchSpacing: Double
    /// Direction of the hatches, radians from the x axis (y down: π/4 falls to the right).
    public var hatchAngle: Double

    public init(halfWidth: Double, hatchSpacing: Double, hatchAngle: Double = .pi / 4) {
        self.halfWidth = halfWidth
        self.hatchSpacing = hatchSpacing
        self.hatchAngle = hatchAngle
    }

    /// One letter's outline: the closed path round its band, and those round its holes.
    public struct Shape: Sendable, Hashable {
        /// Clockwise on the page (y down), first point not repeated.
        public var outer: [CGPoint]
        /// Counter-clockwise, each inside `outer`.
        public var holes: [[CGPoint]]
    }

    /// The connected parts of the band `halfWidth` around `penPaths`, left to right by their
    /// leftmost point. A path of one point (a dot) is a disc.
    public func shapes(around penPaths: [[CGPoint]]) -> [Shape] {
        guard halfWidth > 0, let grid = BandGrid(paths: penPaths, halfWidth: halfWidth, cell: halfWidth / 4) else { return [] }
        // Each loop's area and bounds, computed once.
        let loops = grid.boundaryLoops().map(Self.smoothed).map { (points: $0, area: Self.signedArea($0), box: Self.bounds($0)) }
        var holes = loops.filter { $0.area <= 0 }
        let outers = loops.filter { $0.area > 0 }.sorted { $0.box.minX < $1.box.minX }
        return outers.map { outer in
            let mine = holes.filter { outer.box.contains($0.box) && -$0.area < outer.area }
            holes.removeAll { hole in mine.contains { $0.points == hole.points } }
            return Shape(outer: outer.points, holes: mine.map(\.points))
        }
    }

    /// For each letter in order: its outline closed (first point repeated last), its holes'
    /// outlines closed, then its hatches (each a segment of two points).
    public func paths(outlining penPaths: [[CGPoint]]) -> [[CGPoint]] {
        shapes(around: penPaths).flatMap { shape -> [[CGPoint]] in
            ([shape.outer] + shape.holes).map { $0 + [$0[0]] } + hatches(inside: [shape.outer] + shape.holes)
        }
    }

    /// A staircase loop of grid corners made smooth: a circular moving average of three points,
    /// twice, then every third point (the grid's squares are a quarter of the half width, so
    /// the outline keeps a point about every three quarters of it).
    static func smoothed(_ loop: [CGPoint]) -> [CGPoint] {
        var p = loop
        let n = p.count
        for _ in 0..<2 {
            p = (0..<n).map { k in
                let a = p[(k + n - 1) % n], b = p[k], c = p[(k + 1) % n]
                return CGPoint(x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3)
            }
        }
        return n >= 9 ? stride(from: 0, to: n, by: 3).map { p[$0] } : p
    }

    /// The shoelace area: positive for a loop clockwise on the page (y down).
    static func signedArea(_ polygon: [CGPoint]) -> Double {
        polygon.indices.reduce(0) { sum, k in
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            return sum + (a.x * b.y - b.x * a.y) / 2
        }
    }

    /// The smallest rectangle holding the polygon.
    private static func bounds(_ polygon: [CGPoint]) -> CGRect {
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Parallel segments `hatchSpacing` apart across the region the closed `polygons` bound
    /// together, clipped to its inside (even-odd, so holes stay empty): each scan line's
    /// crossings with all their edges, paired in order.
    public func hatches(inside polygons: [[CGPoint]]) -> [[CGPoint]] {
        let polygons = polygons.filter { $0.count >= 3 }
        guard hatchSpacing > 0, !polygons.isEmpty else { return [] }
        // In a frame turned so that the hatches run along x.
        let c = cos(hatchAngle), s = sin(hatchAngle)
        let turned = polygons.map { $0.map { CGPoint(x: $0.x * c + $0.y * s, y: -$0.x * s + $0.y * c) } }
        let ys = turned.flatMap { $0.map(\.y) }
        guard let low = ys.min(), let high = ys.max() else { return [] }
        var result: [[CGPoint]] = []
        var y = (low / hatchSpacing).rounded(.down) * hatchSpacing + hatchSpacing / 2
        while y < high {
            var xs: [Double] = []
            for polygon in turned {
                for k in polygon.indices {
                    let a = polygon[k], b = polygon[(k + 1) % polygon.count]
                    // Half-open in y, so that a vertex on the scan line counts once.
                    if (a.y <= y) != (b.y <= y) { xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)) }
                }
            }
            xs.sort()
            for pair in stride(from: 0, to: xs.count - 1, by: 2) where xs[pair + 1] - xs[pair] > 1e-9 {
                result.append([xs[pair], xs[pair + 1]].map { x in CGPoint(x: x * c - y * s, y: x * s + y * c) })
            }
            y += hatchSpacing
        }
        return result
    }
}
