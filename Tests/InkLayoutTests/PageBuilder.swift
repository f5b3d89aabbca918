import Foundation
import InkCore
@testable import InkLayout
@testable import InkTools

/// Builds test pages by hand: words as wavy cursive-like strokes at given positions, dots,
/// and hand-drawn marks, each stroke with a readable name so failures say which went wrong.
struct PageBuilder {
    /// x-height in drawing units; tests vary it to show that no units are assumed.
    var unit: Double
    var strokes: [Stroke] = []
    var pen: HandDrawn
    private var counter = 0

    init(unit: Double = 10, seed: UInt64 = 7) {
        self.unit = unit
        pen = HandDrawn(unit: unit, seed: seed)
    }

    var drawing: Drawing { Drawing(strokes: strokes) }

    @discardableResult
    mutating func add(_ points: [CGPoint], _ name: String) -> UUID {
        counter += 1
        let stroke = pen.stroke(points, time: Double(counter), name: name)
        strokes.append(stroke)
        return stroke.id
    }

    /// A word of `letters` printed letters with its baseline at `y`, starting at `x`, rising by
    /// `slope` per unit of x: one stroke per letter (a loop one unit high, every fourth letter
    /// with an ascender), letters 0.8 units wide and 0.25 apart. Returns the letters' IDs.
    @discardableResult
    mutating func word(at x: Double, baseline y: Double, letters: Int, slope: Double = 0, name: String) -> [UUID] {
        let u = unit
        var ids: [UUID] = []
        for k in 0..<letters {
            let left = x + Double(k) * 1.05 * u
            let tall = k % 4 == 1 ? 1.0 : 0
            var points: [CGPoint] = []
            for i in 0...12 {
                let t = Double(i) / 12
                let px = left + 0.8 * u * (0.5 - 0.5 * cos(.pi * t))
                let py = y - (0.5 + 0.5 * sin(2 * .pi * t + 0.4)) * u - (tall > 0 && i < 4 ? tall * u * (1 - Double(i) / 4) : 0)
                points.append(CGPoint(x: px, y: py - slope * (px - x)))
            }
            ids.append(add(points, "\(name).\(k)"))
        }
        return ids
    }

    /// A line of words separated by word gaps; returns each word's letter IDs.
    mutating func line(at x: Double, baseline y: Double, words: [Int], slope: Double = 0, name: String) -> [[UUID]] {
        var ids: [[UUID]] = []
        var cx = x
        for (k, letters) in words.enumerated() {
            ids.append(word(at: cx, baseline: y - slope * (cx - x), letters: letters, slope: slope, name: "\(name).w\(k)"))
            cx += (Double(letters) * 1.05 + 1.2) * unit
        }
        return ids
    }

    /// A small dot (an i's).
    @discardableResult
    mutating func dot(at p: CGPoint, name: String) -> UUID {
        add([p, CGPoint(x: p.x + 0.1 * unit, y: p.y + 0.1 * unit)], name)
    }

    /// The bounds of strokes already added.
    func bounds(_ ids: [UUID]) -> CGRect {
        strokes.filter { ids.contains($0.id) }.reduce(CGRect.null) { $0.union($1.renderBounds) }
    }
}
