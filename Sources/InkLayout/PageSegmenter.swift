import Foundation
import InkCore

/// Computes a `PageLayout` from a drawing.
///
/// ```swift
/// let layout = PageSegmenter().layout(of: drawing)
/// for line in layout.lines { print(line.id, line.strokeIDs.count) }
/// ```
public struct PageSegmenter: Sendable {
    public init() {}

    /// Placeholder segmentation: strokes grouped into lines by vertical overlap of their bounds.
    /// Complexity: O(n log n) in strokes.
    public func layout(of drawing: Drawing) -> PageLayout {
        var lines: [(bounds: CGRect, ids: [UUID])] = []
        for stroke in drawing.strokes where !stroke.points.isEmpty {
            let b = stroke.renderBounds
            if let i = lines.firstIndex(where: { overlap($0.bounds, b) > 0.5 }) {
                lines[i].bounds = lines[i].bounds.union(b)
                lines[i].ids.append(stroke.id)
            } else {
                lines.append((b, [stroke.id]))
            }
        }
        lines.sort { $0.bounds.midY < $1.bounds.midY }
        let layoutLines = lines.enumerated().map { LayoutLine(id: $0.offset, strokeIDs: $0.element.ids, bounds: $0.element.bounds) }
        let cluster = LayoutCluster(id: 0, kind: .body, lineIDs: layoutLines.map(\.id), bounds: drawing.bounds)
        return PageLayout(lines: layoutLines, clusters: layoutLines.isEmpty ? [] : [cluster])
    }

    private func overlap(_ a: CGRect, _ b: CGRect) -> Double {
        let inter = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        let shorter = max(min(a.height, b.height), 1e-9)
        return inter / shorter
    }
}
