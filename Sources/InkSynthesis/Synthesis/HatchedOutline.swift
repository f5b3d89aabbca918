import Foundation

/// Letters drawn as people draw a heading in outline capitals: each pen path widened into a band
/// whose outline is drawn as one closed stroke, then filled with parallel hatching, one stroke a
/// hatch.
///
/// Real pages carry such headings (lecture notes, posters); a recognizer trained on pen paths
/// sees two parallel lines and a comb of short strokes where a letter's one stroke was. This
/// draws them from any single-stroke ink (`InkSynthesizer`'s Hershey letters), so that layout and
/// recognition can be measured on them.
///
/// ```swift
/// let word = InkSynthesizer(seed: 3).drawing(for: "GRACE")
/// let outline = HatchedOutline(halfWidth: 5, hatchSpacing: 6)
/// let strokes = outline.paths(outlining: word.strokes.map { $0.points.map(\.location) })
/// // per letter stroke: its outline, then its hatches
/// ```
/// Cost: O(p + h·e) per path of p points, with h hatches across it and e = 2p + caps edges.
public struct HatchedOutline: Sendable, Hashable {
    /// Half the band's width: how far the outline runs from the pen path.
    public var halfWidth: Double
    /// Distance between hatches; 0 leaves the bands hollow.
    public var hatchSpacing: Double
    /// Direction of the hatches, radians from the x axis (y down: π/4 falls to the right).
    public var hatchAngle: Double
    /// Points on each round end of a band.
    public var capPoints: Int = 5

    public init(halfWidth: Double, hatchSpacing: Double, hatchAngle: Double = .pi / 4) {
        self.halfWidth = halfWidth
        self.hatchSpacing = hatchSpacing
        self.hatchAngle = hatchAngle
    }

    /// For each pen path in order: its band's closed outline, then its hatches (each a segment of
    /// two points). A path of one point (a dot) becomes a small circle, unhatched.
    public func paths(outlining penPaths: [[CGPoint]]) -> [[CGPoint]] {
        penPaths.flatMap { path -> [[CGPoint]] in
            let outline = band(around: path)
            guard outline.count >= 3 else { return [] }
            return [outline + [outline[0]]] + (Self.distinct(path).count >= 2 ? hatches(inside: outline) : [])
        }
    }

    /// The path without points that repeat the one before.
    private static func distinct(_ path: [CGPoint]) -> [CGPoint] {
        var points: [CGPoint] = []
        for p in path where points.last.map({ hypot($0.x - p.x, $0.y - p.y) > 1e-9 }) ?? true { points.append(p) }
        return points
    }

    /// The closed outline (first point not repeated) `halfWidth` around `path`: its left side
    /// forward, a round end, its right side back, a round start.
    public func band(around path: [CGPoint]) -> [CGPoint] {
        let points = Self.distinct(path)
        guard let first = points.first else { return [] }
        let r = halfWidth
        guard points.count >= 2 else {
            return (0..<(2 * capPoints + 2)).map { k in
                let a = 2 * Double.pi * Double(k) / Double(2 * capPoints + 2)
                return CGPoint(x: first.x + r * cos(a), y: first.y + r * sin(a))
            }
        }
        // Each vertex is offset along the mean of its segments' normals (a mitre, bounded so
        // that a sharp turn does not throw the outline far out).
        func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let d = max(hypot(b.x - a.x, b.y - a.y), 1e-12)
            return CGPoint(x: -(b.y - a.y) / d, y: (b.x - a.x) / d)
        }
        let normals: [CGPoint] = points.indices.map { k in
            let before = k > 0 ? normal(points[k - 1], points[k]) : nil
            let after = k + 1 < points.count ? normal(points[k], points[k + 1]) : nil
            guard let b = before, let a = after else { return before ?? after! }
            let m = CGPoint(x: a.x + b.x, y: a.y + b.y), n = hypot(m.x, m.y)
            guard n > 1e-6 else { return a }
            let cosHalf = max(n / 2, 0.5)  // at most twice the width at a turn
            return CGPoint(x: m.x / n / cosHalf, y: m.y / n / cosHalf)
        }
        let left = points.indices.map { CGPoint(x: points[$0].x + r * normals[$0].x, y: points[$0].y + r * normals[$0].y) }
        let right = points.indices.reversed().map { CGPoint(x: points[$0].x - r * normals[$0].x, y: points[$0].y - r * normals[$0].y) }
        return left + cap(at: points.last!, from: normals.last!) + right + cap(at: first, from: CGPoint(x: -normals[0].x, y: -normals[0].y))
    }

    /// Half a circle round `center`, from the side `normal` points to, to the opposite side.
    private func cap(at center: CGPoint, from normal: CGPoint) -> [CGPoint] {
        let start = atan2(normal.y, normal.x)
        return (1...capPoints).map { k in
            let a = start - Double.pi * Double(k) / Double(capPoints + 1)
            return CGPoint(x: center.x + halfWidth * cos(a), y: center.y + halfWidth * sin(a))
        }
    }

    /// Parallel segments `hatchSpacing` apart across the closed polygon, clipped to its inside
    /// (even-odd): each scan line's crossings with the edges, paired in order.
    public func hatches(inside polygon: [CGPoint]) -> [[CGPoint]] {
        guard hatchSpacing > 0, polygon.count >= 3 else { return [] }
        // In a frame turned so that the hatches run along x.
        let c = cos(hatchAngle), s = sin(hatchAngle)
        let turned = polygon.map { CGPoint(x: $0.x * c + $0.y * s, y: -$0.x * s + $0.y * c) }
        let ys = turned.map(\.y)
        guard let low = ys.min(), let high = ys.max() else { return [] }
        var result: [[CGPoint]] = []
        var y = (low / hatchSpacing).rounded(.down) * hatchSpacing + hatchSpacing / 2
        while y < high {
            var xs: [Double] = []
            for k in turned.indices {
                let a = turned[k], b = turned[(k + 1) % turned.count]
                // Half-open in y, so that a vertex on the scan line counts once.
                if (a.y <= y) != (b.y <= y) { xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)) }
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
