import Foundation

/// Pen paths widened into a band, on a grid of small squares, and the outlines of that band.
///
/// `HatchedOutline` draws one outline around a letter, as a person does, not one around each of
/// its pen strokes; where strokes cross or two letters touch, their bands merge. The union is
/// found on a grid rather than by clipping polygons: a square is inside when its centre lies
/// within the half width of some pen segment, and the outlines run along the squares' edges.
///
/// Cost: O(s·a) to fill, for s segments each covering a squares of its box; O(b) to trace, for b
/// boundary edges.
struct BandGrid {
    let cell: Double
    /// The top-left corner of square (0, 0).
    let origin: CGPoint
    let rows: Int
    let columns: Int
    private(set) var inside: [Bool]

    /// The squares within `halfWidth` of any of `paths` (a path of one point is a dot), with one
    /// empty square of margin all round; nil when there are no points.
    init?(paths: [[CGPoint]], halfWidth: Double, cell: Double) {
        let points = paths.flatMap { $0 }
        guard cell > 0, let minX = points.map(\.x).min(), let minY = points.map(\.y).min(),
              let maxX = points.map(\.x).max(), let maxY = points.map(\.y).max() else { return nil }
        self.cell = cell
        origin = CGPoint(x: minX - halfWidth - 2 * cell, y: minY - halfWidth - 2 * cell)
        columns = Int(((maxX + halfWidth + 2 * cell - origin.x) / cell).rounded(.up)) + 1
        rows = Int(((maxY + halfWidth + 2 * cell - origin.y) / cell).rounded(.up)) + 1
        inside = Array(repeating: false, count: rows * columns)
        for path in paths where !path.isEmpty {
            let segments = path.count == 1 ? [(path[0], path[0])] : (0..<(path.count - 1)).map { (path[$0], path[$0 + 1]) }
            for (a, b) in segments { fill(a, b, halfWidth) }
        }
    }

    subscript(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns && inside[row * columns + column]
    }

    /// Marks the squares whose centres lie within `r` of the segment a–b.
    private mutating func fill(_ a: CGPoint, _ b: CGPoint, _ r: Double) {
        let c0 = max(0, Int(((min(a.x, b.x) - r - origin.x) / cell).rounded(.down)))
        let c1 = min(columns - 1, Int(((max(a.x, b.x) + r - origin.x) / cell).rounded(.up)))
        let r0 = max(0, Int(((min(a.y, b.y) - r - origin.y) / cell).rounded(.down)))
        let r1 = min(rows - 1, Int(((max(a.y, b.y) + r - origin.y) / cell).rounded(.up)))
        guard c0 <= c1, r0 <= r1 else { return }
        let dx = b.x - a.x, dy = b.y - a.y, length2 = max(dx * dx + dy * dy, 1e-12)
        for row in r0...r1 {
            let y = origin.y + (Double(row) + 0.5) * cell
            for column in c0...c1 {
                let x = origin.x + (Double(column) + 0.5) * cell
                let t = min(1, max(0, ((x - a.x) * dx + (y - a.y) * dy) / length2))
                if hypot(x - a.x - t * dx, y - a.y - t * dy) <= r { inside[row * columns + column] = true }
            }
        }
    }

    /// A corner of the grid: square (row, column)'s top-left.
    private struct Corner: Hashable {
        var row: Int
        var column: Int
    }

    /// The closed loops along the edges between inside and outside squares, in page
    /// coordinates (first point not repeated), each run with the inside on its right (y down):
    /// an outer edge clockwise on the page, a hole the other way. Where two squares touch only
    /// at a corner the loop turns right there, so that they stay apart. Deterministic: loops
    /// start in the squares' reading order.
    func boundaryLoops() -> [[CGPoint]] {
        var outgoing: [Corner: [Corner]] = [:]
        var starts: [Corner] = []
        func edge(_ from: Corner, _ to: Corner) {
            if outgoing[from] == nil { starts.append(from) }
            outgoing[from, default: []].append(to)
        }
        for row in 0..<rows {
            for column in 0..<columns where self[row, column] {
                if !self[row - 1, column] { edge(Corner(row: row, column: column), Corner(row: row, column: column + 1)) }
                if !self[row, column + 1] { edge(Corner(row: row, column: column + 1), Corner(row: row + 1, column: column + 1)) }
                if !self[row + 1, column] { edge(Corner(row: row + 1, column: column + 1), Corner(row: row + 1, column: column)) }
                if !self[row, column - 1] { edge(Corner(row: row + 1, column: column), Corner(row: row, column: column)) }
            }
        }
        var loops: [[CGPoint]] = []
        for start in starts {
            while let first = outgoing[start]?.first {
                var loop = [start], here = start, next = first
                var heading: (row: Int, column: Int)? = nil
                while true {
                    var choices = outgoing[here] ?? []
                    if let h = heading, choices.count > 1 {
                        let right = Corner(row: here.row + h.column, column: here.column - h.row)
                        next = choices.contains(right) ? right : choices[0]
                    } else {
                        next = choices[0]
                    }
                    choices.remove(at: choices.firstIndex(of: next)!)
                    outgoing[here] = choices.isEmpty ? nil : choices
                    heading = (next.row - here.row, next.column - here.column)
                    here = next
                    if here == start { break }
                    loop.append(here)
                }
                loops.append(loop.map { CGPoint(x: origin.x + Double($0.column) * cell, y: origin.y + Double($0.row) * cell) })
            }
        }
        return loops
    }
}
