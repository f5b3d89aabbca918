import Foundation

/// Writes a note for people to look at: SVG with search hits highlighted.
///
/// ```swift
/// let svg = LibraryExport.svg(drawing, highlighting: hits)
/// ```
public enum LibraryExport {
    /// SVG of the drawing (InkCore's `SVGRenderer`) with a box behind each hit, labeled with the
    /// matched reading, and the hit's strokes drawn in a darker color. O(points + hits).
    public static func svg(_ drawing: Drawing, highlighting hits: [LibraryHit] = []) -> String {
        var options = RenderOptions()
        options.highlights = hits.map { Highlight(rect: $0.bounds.insetBy(dx: -4, dy: -4), label: $0.reading) }
        for id in hits.flatMap(\.strokeIDs) { options.strokeColors[id] = Ink.Color(red: 160, green: 40, blue: 0) }
        return SVGRenderer(options: options).svg(for: drawing)
    }
}
