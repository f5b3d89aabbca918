import Foundation

/// The writing on a page as marks and relations see it: lines with their fitted centre lines,
/// vertical bands and words, by stroke index.
struct PageGeometry: Sendable {
    struct Line: Sendable {
        var id: Int
        var clusterID: Int
        var clusterKind: LayoutCluster.Kind
        var members: [Int]
        var bounds: CGRect
        var fit: LineFit
        /// Quantiles (20%, 80%) of the points' offsets from the fitted centre: the body of the
        /// letters, without ascenders and descenders.
        var coreTop: Double
        var coreBottom: Double
        var words: [[Int]]
        var wordBounds: [CGRect]
    }

    var lines: [Line]
    var shapes: [StrokeShape]
    var unit: Double
    var pitch: Double
    /// The line each writing stroke is in, by drawing order.
    var lineOfStroke: [Int: Int]

    init(lines: [Line], shapes: [StrokeShape], unit: Double, pitch: Double) {
        self.lines = lines
        self.shapes = shapes
        self.unit = unit
        self.pitch = pitch
        var map: [Int: Int] = [:]
        for line in lines { for m in line.members { map[shapes[m].order] = line.id } }
        lineOfStroke = map
    }

    /// The element an arrow's end points at: the first word (or note) whose box the ray from
    /// `point` along `direction` enters within `reach`, so that an arrow ending in the gap
    /// between two words names the one it aims at rather than the nearer neighbour; the nearest
    /// element where the ray meets none (a curved arrow). O(words · reach / unit).
    func element(pointedAt point: CGPoint, direction: CGPoint, reach: Double) -> LayoutRelation.Element? {
        let norm = hypot(direction.x, direction.y)
        guard norm > 0 else { return element(near: point, reach: reach) }
        let dx = direction.x / norm, dy = direction.y / norm
        let nearby = lines.filter { distance(point, $0.bounds) <= reach }
        let step = 0.2 * unit
        for k in 0...Int(reach / step) {
            let p = CGPoint(x: point.x + Double(k) * step * dx, y: point.y + Double(k) * step * dy)
            for line in nearby {
                if let w = line.wordBounds.firstIndex(where: { $0.contains(p) }) {
                    return line.clusterKind == .marginNote ? .cluster(line.clusterID) : .word(line: line.id, index: w)
                }
            }
        }
        return element(near: point, reach: reach)
    }

    /// The element of the page nearest to `point` within `reach`: a word of the body, or the
    /// cluster of a margin note or heading. O(words).
    func element(near point: CGPoint, reach: Double) -> LayoutRelation.Element? {
        var best: LayoutRelation.Element?, bestDistance = reach
        for line in lines {
            guard distance(point, line.bounds) <= reach else { continue }
            for (k, b) in line.wordBounds.enumerated() {
                let d = distance(point, b)
                if d <= bestDistance {
                    bestDistance = d
                    best = line.clusterKind == .marginNote ? .cluster(line.clusterID) : .word(line: line.id, index: k)
                }
            }
        }
        return best
    }
}
