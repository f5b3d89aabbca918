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
        self.init(unit: estimate > 0 ? estimate : typical)
    }
}
