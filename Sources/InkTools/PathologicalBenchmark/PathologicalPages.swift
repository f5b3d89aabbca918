import Foundation
import InkIndex
import InkSynthesis

/// Pages whose ink is not writing, as hatching, a dashed rule or a scribbled fill come out, and
/// one enormous stroke: the inputs every stage must take in time near-linear in their ink
/// (issue 21). Deterministic for a name.
///
/// ```swift
/// let page = PathologicalPages.page(.row(strokes: 2_000))
/// ```
public enum PathologicalPages {
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A row of short vertical strokes (hatching), 6 units apart, 3 points each.
        case row(strokes: Int)
        /// A long dashed rule: dashes 10 units long with 6-unit gaps.
        case dashedRule(dashes: Int)
        /// A scribbled fill: random short strokes of 20 points in a 400 × 200 box.
        case scribble(strokes: Int)
        /// One stroke of `points` points, a wandering scrawl.
        case longStroke(points: Int)

        public var description: String {
            switch self {
            case .row(let n): "row of \(n) short strokes"
            case .dashedRule(let n): "dashed rule of \(n) dashes"
            case .scribble(let n): "scribbled fill of \(n) strokes"
            case .longStroke(let n): "one stroke of \(n) points"
            }
        }

        /// The name `bench-pathological --case` takes: "row2000", "dashes3000", "scribble300", "stroke10000".
        public var name: String {
            switch self {
            case .row(let n): "row\(n)"
            case .dashedRule(let n): "dashes\(n)"
            case .scribble(let n): "scribble\(n)"
            case .longStroke(let n): "stroke\(n)"
            }
        }

        public init?(name: String) {
            for (prefix, make) in [("row", Kind.row), ("dashes", Kind.dashedRule), ("scribble", Kind.scribble),
                                   ("stroke", Kind.longStroke)] as [(String, (Int) -> Kind)] {
                if name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)), n > 0 { self = make(n); return }
            }
            return nil
        }
    }

    /// The cases the benchmark reports by default.
    public static let standard: [Kind] = [.row(strokes: 500), .row(strokes: 2_000), .row(strokes: 10_000),
                                          .dashedRule(dashes: 3_000), .scribble(strokes: 300), .scribble(strokes: 1_000),
                                          .longStroke(points: 10_000)]

    public static func page(_ kind: Kind) -> Drawing {
        var random = SeededRandom(seed: 21)
        var strokes: [Stroke] = []
        func stroke(_ points: [(Double, Double)], _ k: Int) -> Stroke {
            Stroke(id: UUID(deterministicFrom: "patho \(kind.name) \(k)"),
                   points: points.enumerated().map { StrokePoint(x: $0.element.0, y: $0.element.1, time: Double(k) * 0.2 + Double($0.offset) * 0.01) })
        }
        switch kind {
        case .row(let n):
            for k in 0..<n {
                let x = Double(k) * 6
                strokes.append(stroke([(x, 0), (x + 0.5, 8), (x + 1, 16)], k))
            }
        case .dashedRule(let n):
            for k in 0..<n {
                let x = Double(k) * 16
                strokes.append(stroke([(x, 0), (x + 5, 0.3), (x + 10, 0)], k))
            }
        case .scribble(let n):
            for k in 0..<n {
                var x = random.unit() * 400, y = random.unit() * 200
                var points: [(Double, Double)] = []
                for _ in 0..<20 {
                    points.append((x, y))
                    x = min(400, max(0, x + random.gaussian(6)))
                    y = min(200, max(0, y + random.gaussian(6)))
                }
                strokes.append(stroke(points, k))
            }
        case .longStroke(let n):
            var x = 0.0, y = 0.0, points: [(Double, Double)] = []
            for k in 0..<n {
                points.append((x, y))
                x += 0.8 + random.gaussian(0.3)
                y = 30 * sin(Double(k) / 7) + random.gaussian(1)
            }
            strokes.append(stroke(points, 0))
        }
        return Drawing(strokes: strokes)
    }
}
