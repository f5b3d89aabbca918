import Foundation

/// The size of the writing on a page, estimated from the strokes themselves.
///
/// Devices differ in units by 100× or more, so every threshold in layout is a multiple of
/// `unit`: roughly the x-height, taken as the median height of the strokes that are not dots.
package struct InkScale: Sendable {
    /// About one x-height in drawing units; never zero.
    package let unit: Double

    package init(unit: Double) { self.unit = unit > 0 && unit.isFinite ? unit : 1 }

    /// Estimates the unit from strokes. O(n log n).
    package init(shapes: [StrokeShape]) {
        let sizes = shapes.map(\.size).filter { $0 > 0 }
        guard !sizes.isEmpty else { self.init(unit: 1); return }
        let typical = median(sizes)
        // Dots and commas would drag the median toward zero on pages written in print.
        let heights = shapes.filter { $0.size >= 0.4 * typical }.map(\.height)
        let estimate = median(heights)
        // A word written in one stroke outnumbered by its i-dots and t-bars would get a dot's
        // size as its unit, and then read as a doodle or a bracket. The strokes that carry most
        // of the ink span at most about four x-heights (ascender to descender), so the unit is
        // at least a quarter of their height; on a page of many strokes this bound stays lower.
        let inkHeight = Self.lengthWeightedMedian(shapes.map { ($0.height, $0.length) })
        self.init(unit: max(estimate > 0 ? estimate : typical, inkHeight / 4))
    }

    /// The value at which half of the total weight lies below. O(n log n).
    static func lengthWeightedMedian(_ items: [(value: Double, weight: Double)]) -> Double {
        let sorted = items.filter { $0.weight > 0 && $0.weight.isFinite }.sorted { $0.value < $1.value }
        let total = sorted.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return 0 }
        var running = 0.0
        for item in sorted {
            running += item.weight
            if running >= 0.5 * total { return item.value }
        }
        return sorted[sorted.count - 1].value
    }
}
