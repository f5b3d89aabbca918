import Foundation
import InkIndex
import InkCore
import InkSynthesis

/// Turns ideal shapes into plausible hand-drawn strokes: points spaced like a pen sample, a slow
/// wobble along the path, jitter, and times that follow the page's last one.
public struct HandDrawn: Sendable {
    /// The page's x-height, which scales every wobble and spacing.
    public var unit: Double
    public var random: SeededRandom

    public init(unit: Double, seed: UInt64) {
        self.unit = unit
        self.random = SeededRandom(seed: seed)
    }

    /// Samples a path through `vertices` (straight between them) as pen points, with wobble
    /// perpendicular to the path.
    public mutating func polyline(_ vertices: [CGPoint]) -> [CGPoint] {
        var result: [CGPoint] = []
        let phase = Double.random(in: 0..<(2 * .pi), using: &random)
        let wobble = 0.06 * unit
        var travelled = 0.0
        for k in 1..<vertices.count {
            let a = vertices[k - 1], b = vertices[k]
            let length = a.distance(to: b)
            let steps = max(2, Int(length / (0.25 * unit)))
            let nx = -(b.y - a.y) / max(length, 1e-9), ny = (b.x - a.x) / max(length, 1e-9)
            for s in 0..<steps where !(k > 1 && s == 0) {
                let t = Double(s) / Double(steps - 1)
                let d = wobble * sin(phase + (travelled + t * length) / (3 * unit))
                result.append(CGPoint(
                    x: a.x + t * (b.x - a.x) + nx * d + random.gaussian(0.02 * unit),
                    y: a.y + t * (b.y - a.y) + ny * d + random.gaussian(0.02 * unit)))
            }
            travelled += length
        }
        return result
    }

    /// An ellipse around `center`, starting at a random angle and sweeping a little short of or
    /// past a full turn, with the radius breathing as a hand's does.
    public mutating func ellipse(center: CGPoint, rx: Double, ry: Double) -> [CGPoint] {
        let start = Double.random(in: 0..<(2 * .pi), using: &random)
        let sweep = 2 * .pi * Double.random(in: 0.93...1.1, using: &random)
        let tilt = Double.random(in: -0.1...0.1, using: &random)
        let breathe = Double.random(in: 0.02...0.06, using: &random)
        let direction: Double = Bool.random(using: &random) ? 1 : -1
        let steps = max(24, Int(2 * .pi * max(rx, ry) / (0.25 * unit)))
        return (0..<steps).map { i in
            let t = Double(i) / Double(steps - 1)
            let angle = start + direction * sweep * t
            let r = 1 + breathe * sin(3 * angle + start) + 0.04 * t
            let x = rx * r * cos(angle), y = ry * r * sin(angle)
            return CGPoint(x: center.x + x * cos(tilt) - y * sin(tilt) + random.gaussian(0.02 * unit),
                           y: center.y + x * sin(tilt) + y * cos(tilt) + random.gaussian(0.02 * unit))
        }
    }

    /// Moves a point by up to `amount` units in each direction.
    public mutating func nudge(_ p: CGPoint, _ amount: Double) -> CGPoint {
        CGPoint(x: p.x + Double.random(in: -amount...amount, using: &random) * unit,
                y: p.y + Double.random(in: -amount...amount, using: &random) * unit)
    }

    /// Stroke with times starting at `time`, at about 40 units a second.
    public func stroke(_ points: [CGPoint], time: Double, name: String) -> Stroke {
        var t = time
        var previous = points.first ?? .zero
        let pts = points.map { p -> StrokePoint in
            t += p.distance(to: previous) / (40 * unit) + 0.005
            previous = p
            return StrokePoint(location: p, time: t)
        }
        return Stroke(id: UUID(deterministicFrom: name), points: pts)
    }
}
