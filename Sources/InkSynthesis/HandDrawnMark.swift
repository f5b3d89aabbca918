import Foundation
import InkCore

/// A mark people draw around writing: what `InkSynthesizer.adding(_:to:)` can draw by hand.
/// Rectangles are the writing marked (for example a word's `bounds`); the mark is drawn around,
/// under or beside them.
///
/// ```swift
/// let marks: [HandDrawnMark] = [.underline(word.bounds), .circle(other.bounds),
///                               .arrow(from: noteCenter, to: wordCenter)]
/// ```
public enum HandDrawnMark: Sendable, Hashable, Codable {
    /// A line just below the rectangle.
    case underline(CGRect)
    /// A line through the middle of the rectangle.
    case strikeThrough(CGRect)
    /// An ellipse around the rectangle, closed with a little overlap.
    case circle(CGRect)
    /// A box around the rectangle, in one stroke.
    case box(CGRect)
    /// A line with a head at `to` (the head is a second stroke, as most people draw it). `bend`
    /// bows the shaft: the middle moves this fraction of the length to the left of the direction
    /// of travel as seen on the page (negative: to the right); a hand adds a little either way.
    case arrow(from: CGPoint, to: CGPoint, bend: Double = 0)
    /// A line without a head, bowed like an arrow's shaft.
    case connector(from: CGPoint, to: CGPoint, bend: Double = 0)
    /// A square bracket spanning the rectangle's height, on its left or right side.
    case bracket(CGRect, side: Side)
    /// A curly brace spanning the rectangle's height, on its left or right side.
    case brace(CGRect, side: Side)
    /// A check mark of the given height centred on the point.
    case check(at: CGPoint, size: Double)
    /// An X of the given height centred on the point (two strokes).
    case cross(at: CGPoint, size: Double)
    /// A loopy scribble filling the rectangle: drawing, not writing.
    case doodle(CGRect)

    public enum Side: String, Sendable, Hashable, Codable { case left, right }
}

/// A mark as drawn, with its strokes.
public struct SynthesizedMark: Sendable, Hashable, Codable {
    public var mark: HandDrawnMark
    public var strokeIDs: [UUID]
    public var bounds: CGRect
}

extension InkSynthesizer {
    /// `text` with `marks` drawn after the writing (time runs on, with a pause before each mark).
    /// Deterministic for the seed; mark strokes get IDs of their own. O(mark length / sampling).
    ///
    /// ```swift
    /// var page = synth.page(lines: ["For God so loved the world"])
    /// page = synth.adding([.underline(page.words[3].bounds)], to: page)
    /// ```
    public func adding(_ marks: [HandDrawnMark], to text: SynthesizedText) -> SynthesizedText {
        var result = text
        var rng = SeededRandom(seed: seed ^ 0x6D61_726B ^ UInt64(text.drawing.strokes.count))
        var clock = text.drawing.strokes.last?.points.last?.time ?? 0
        let cap = style.capHeight
        for mark in marks {
            let index = result.marks.count
            let paths = MarkShapes.paths(for: mark, cap: cap, rng: &rng)
            var ids: [UUID] = []
            var bounds = CGRect.null
            for (p, path) in paths.enumerated() {
                clock += (p == 0 ? 0.6 : 0.12) + 0.3 * rng.signed().magnitude
                let wobbled = MarkShapes.wobble(path, amount: style.variation * 0.02 * cap, seed: seed &+ UInt64(index * 8 + p), cap: cap)
                let points = PenPath.resampled(wobbled, spacing: style.sampleSpacing * cap)
                let times = PenPath.timestamps(points, start: clock, speed: style.penSpeed * cap * 1.3, rampLength: 0.3 * cap)
                clock = times.last ?? clock
                // Named by the text's first stroke, the mark's place and its first point, so that
                // different marks on the same text never share an ID.
                let start = points.first.map { "\(Int(($0.x * 100).rounded())),\(Int(($0.y * 100).rounded()))" } ?? ""
                let id = UUID(deterministicFrom:
                    "inksynth-mark/\(seed)/\(text.drawing.strokes.first?.id.uuidString ?? "")/\(text.drawing.strokes.count)/\(index)/\(p)/\(start)")
                let stroke = Stroke(id: id, points: zip(points, times).map { StrokePoint(location: $0, time: $1) }, ink: style.ink)
                result.drawing.strokes.append(stroke)
                ids.append(id)
                bounds = bounds.union(stroke.renderBounds)
            }
            result.marks.append(SynthesizedMark(mark: mark, strokeIDs: ids, bounds: bounds))
        }
        return result
    }
}

/// The pen paths of hand-drawn marks, before wobble and sampling.
enum MarkShapes {
    static func paths(for mark: HandDrawnMark, cap: Double, rng: inout SeededRandom) -> [[CGPoint]] {
        func jitter(_ scale: Double) -> Double { scale * rng.signed() }
        switch mark {
        case .underline(let r), .strikeThrough(let r):
            let y: Double
            if case .underline = mark { y = r.maxY + 0.15 * cap } else { y = r.midY }
            let overhang = 0.05 * r.width
            let start = CGPoint(x: r.minX - overhang + jitter(0.1 * cap), y: y + jitter(0.06 * cap))
            let end = CGPoint(x: r.maxX + overhang + jitter(0.1 * cap), y: y + jitter(0.06 * cap))
            let sag = CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 + jitter(0.08 * cap))
            return [curve(start, sag, end)]
        case .circle(let r):
            let center = CGPoint(x: r.midX, y: r.midY)
            let rx = r.width / 2 * 1.12 + 0.25 * cap, ry = r.height / 2 * 1.2 + 0.25 * cap
            let start = -2.0 + jitter(0.3)
            let sweep = 2 * Double.pi + 0.35 + jitter(0.15)
            let squash = 1 + jitter(0.06)
            return [(0...72).map { i in
                let a = start + sweep * Double(i) / 72
                let grow = 1 + 0.06 * Double(i) / 72  // the end overshoots the start, as hands do
                return CGPoint(x: center.x + rx * grow * cos(a) * squash, y: center.y + ry * grow * sin(a) / squash)
            }]
        case .box(let r):
            let pad = 0.25 * cap
            let a = CGPoint(x: r.minX - pad, y: r.minY - pad), b = CGPoint(x: r.maxX + pad, y: r.minY - pad)
            let c = CGPoint(x: r.maxX + pad, y: r.maxY + pad), d = CGPoint(x: r.minX - pad, y: r.maxY + pad)
            let close = CGPoint(x: a.x + 0.15 * cap, y: a.y + jitter(0.05 * cap))
            return [[a, b, c, d, close].map { CGPoint(x: $0.x + jitter(0.08 * cap), y: $0.y + jitter(0.08 * cap)) }]
        case .arrow(let from, let to, let bow), .connector(let from, let to, let bow):
            let dx = to.x - from.x, dy = to.y - from.y
            let length = max(hypot(dx, dy), 1e-9)
            // A quadratic's middle lies halfway to its control point, hence the factor 2.
            let offset = 2 * (bow + jitter(0.04)) * length
            let control = CGPoint(x: (from.x + to.x) / 2 + dy / length * offset, y: (from.y + to.y) / 2 - dx / length * offset)
            let shaft = curve(from, control, to)
            guard case .arrow = mark else { return [shaft] }
            // The head follows the shaft's final direction.
            let tail = shaft[max(shaft.count - 4, 0)]
            let angle = atan2(to.y - tail.y, to.x - tail.x)
            let size = min(max(0.35 * cap, 0.12 * length), 0.8 * cap)
            let spread = 0.45 + jitter(0.08)
            let left = CGPoint(x: to.x - size * cos(angle - spread), y: to.y - size * sin(angle - spread))
            let right = CGPoint(x: to.x - size * cos(angle + spread), y: to.y - size * sin(angle + spread))
            return [shaft, [left, to, right]]
        case .bracket(let r, let side):
            let arm = 0.3 * cap, gap = 0.2 * cap
            let x = side == .left ? r.minX - gap - arm : r.maxX + gap + arm  // the spine's x
            let out = side == .left ? arm : -arm
            return [[CGPoint(x: x + out, y: r.minY), CGPoint(x: x, y: r.minY + jitter(0.05 * cap)),
                     CGPoint(x: x + jitter(0.06 * cap), y: r.maxY), CGPoint(x: x + out, y: r.maxY + jitter(0.05 * cap))]]
        case .brace(let r, let side):
            let w = 0.35 * cap, gap = 0.2 * cap
            let sign: Double = side == .left ? 1 : -1
            let x = side == .left ? r.minX - gap - w : r.maxX + gap + w  // the nub's x
            let h = r.height
            let points = [
                CGPoint(x: x + sign * w, y: r.minY), CGPoint(x: x + sign * w / 2, y: r.minY + 0.08 * h),
                CGPoint(x: x + sign * w / 2, y: r.minY + 0.42 * h), CGPoint(x: x, y: r.midY),
                CGPoint(x: x + sign * w / 2, y: r.minY + 0.58 * h), CGPoint(x: x + sign * w / 2, y: r.minY + 0.92 * h),
                CGPoint(x: x + sign * w, y: r.maxY),
            ]
            return [PenPath.smoothed(points, passes: 3)]
        case .check(let c, let size):
            return [[CGPoint(x: c.x - 0.35 * size, y: c.y), CGPoint(x: c.x - 0.1 * size + jitter(0.03 * size), y: c.y + 0.35 * size),
                     CGPoint(x: c.x + 0.4 * size, y: c.y - 0.5 * size + jitter(0.05 * size))]]
        case .cross(let c, let size):
            let h = size / 2
            return [[CGPoint(x: c.x - h, y: c.y - h), CGPoint(x: c.x + h + jitter(0.05 * size), y: c.y + h)],
                    [CGPoint(x: c.x + h, y: c.y - h), CGPoint(x: c.x - h, y: c.y + h + jitter(0.05 * size))]]
        case .doodle(let r):
            // A looping curve (a few turns of a wandering spiral) inside the rectangle.
            let turns = 3 + Double.random(in: 0...2, using: &rng)
            let phase = jitter(.pi)
            return [(0...160).map { i in
                let t = Double(i) / 160
                let a = phase + 2 * .pi * turns * t
                let radius = 0.25 + 0.2 * sin(5 * t + phase)
                return CGPoint(x: r.minX + r.width * (t * 0.7 + 0.15 + radius * 0.3 * cos(a)),
                               y: r.midY + r.height * radius * sin(a))
            }]
        }
    }

    /// A quadratic curve through `control`'s pull, as a polyline.
    static func curve(_ a: CGPoint, _ control: CGPoint, _ b: CGPoint) -> [CGPoint] {
        (0...24).map { i in
            let t = Double(i) / 24, u = 1 - t
            return CGPoint(x: u * u * a.x + 2 * u * t * control.x + t * t * b.x, y: u * u * a.y + 2 * u * t * control.y + t * t * b.y)
        }
    }

    /// Densifies the path and displaces it by smooth noise, so straight marks look drawn.
    static func wobble(_ path: [CGPoint], amount: Double, seed: UInt64, cap: Double) -> [CGPoint] {
        let dense = PenPath.resampled(path, spacing: 0.02 * cap)
        let nx = SmoothNoise(seed: seed, channel: 901, frequency: 1 / (1.2 * cap))
        let ny = SmoothNoise(seed: seed, channel: 902, frequency: 1 / (1.2 * cap))
        var arc = 0.0
        return dense.enumerated().map { i, p in
            if i > 0 { arc += PenPath.distance(dense[i - 1], p) }
            return CGPoint(x: p.x + amount * nx(arc), y: p.y + amount * ny(arc))
        }
    }
}
