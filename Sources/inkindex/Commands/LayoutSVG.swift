import Foundation
import InkIndex

/// Draws a layout over its ink for `inkindex layout --svg`: clusters as tinted boxes (body blue,
/// margin note orange, heading purple), lines as outlines with their words, marks in red with
/// their kind, relations as dashed green links from the mark to what it marks.
struct LayoutSVG {
    let drawing: Drawing
    let layout: PageLayout

    func render() -> String {
        let bounds = drawing.bounds.isNull ? CGRect(x: 0, y: 0, width: 1, height: 1) : drawing.bounds
        let pad = 0.03 * max(bounds.width, bounds.height)
        let view = bounds.insetBy(dx: -pad, dy: -pad)
        let w = 0.0015 * max(view.width, view.height)
        var out = [String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%.1f %.1f %.1f %.1f\" width=\"1600\" height=\"%.0f\">",
                          view.minX, view.minY, view.width, view.height, 1600 * view.height / view.width)]
        out.append(String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"white\"/>", view.minX, view.minY, view.width, view.height))
        let clusterColor: [LayoutCluster.Kind: String] = [.body: "#3070ff", .marginNote: "#ff8000", .heading: "#9030c0", .other: "#808080"]
        // Pale tints rather than opacity, which some SVG rasterizers ignore.
        let clusterTint: [LayoutCluster.Kind: String] = [.body: "#f2f6ff", .marginNote: "#fff3e6", .heading: "#f7ecfb", .other: "#f4f4f4"]
        for cluster in layout.clusters {
            out.append(rect(cluster.bounds.insetBy(dx: -2 * w, dy: -2 * w), stroke: clusterColor[cluster.kind]!, width: 2 * w, fill: clusterTint[cluster.kind]!))
            out.append(text(cluster.kind.rawValue, at: CGPoint(x: cluster.bounds.minX, y: cluster.bounds.minY - 4 * w), size: 14 * w, color: clusterColor[cluster.kind]!))
        }
        for line in layout.lines {
            out.append(rect(line.bounds, stroke: "#3070ff", width: w, fill: "none"))
            out.append(text("L\(line.id)", at: CGPoint(x: line.bounds.minX - 24 * w, y: line.bounds.midY), size: 12 * w, color: "#3070ff"))
            for word in line.words { out.append(rect(word.bounds, stroke: "#90b0ff", width: 0.6 * w, fill: "#e4ecff")) }
        }
        let markIDs = Set(layout.marks.flatMap(\.strokeIDs)), drawingIDs = Set(layout.drawingStrokeIDs)
        for stroke in drawing.strokes {
            let color = markIDs.contains(stroke.id) ? "#e02020" : drawingIDs.contains(stroke.id) ? "#a0a000" : "#202020"
            out.append(path(stroke.transformedLocations, color: color, width: 1.5 * w))
        }
        for mark in layout.marks {
            out.append(text(mark.kind.rawValue, at: CGPoint(x: mark.bounds.maxX + 2 * w, y: mark.bounds.minY), size: 12 * w, color: "#e02020"))
            if let tail = mark.tail, let head = mark.head {
                out.append(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#e02020\"/>", head.x, head.y, 4 * w))
                out.append(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#e02020\" stroke-width=\"%.1f\"/>", tail.x, tail.y, 4 * w, w))
            }
        }
        for relation in layout.relations {
            guard let from = center(relation.from) else { continue }
            for target in relation.to {
                guard let to = center(target) else { continue }
                out.append(String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#10a040\" stroke-width=\"%.1f\" stroke-dasharray=\"%.1f %.1f\"/>",
                                  from.x, from.y, to.x, to.y, 1.2 * w, 6 * w, 4 * w))
                out.append(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#10a040\"/>", to.x, to.y, 3 * w))
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n")
    }

    private func center(_ element: LayoutRelation.Element) -> CGPoint? {
        let b: CGRect?
        switch element {
        case .line(let id): b = layout.lines.indices.contains(id) ? layout.lines[id].bounds : nil
        case .word(let line, let index): b = layout.lines.indices.contains(line) && layout.lines[line].words.indices.contains(index) ? layout.lines[line].words[index].bounds : nil
        case .cluster(let id): b = layout.clusters.first { $0.id == id }?.bounds
        case .mark(let id): b = layout.marks.first { $0.id == id }?.bounds
        }
        return b.map { CGPoint(x: $0.midX, y: $0.midY) }
    }

    private func rect(_ r: CGRect, stroke: String, width: Double, fill: String) -> String {
        String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" stroke=\"%@\" stroke-width=\"%.1f\" fill=\"%@\"/>",
               r.minX, r.minY, r.width, r.height, stroke, width, fill)
    }

    private func text(_ s: String, at p: CGPoint, size: Double, color: String) -> String {
        String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-family=\"sans-serif\" fill=\"%@\">%@</text>", p.x, p.y, size, color, s)
    }

    private func path(_ points: [CGPoint], color: String, width: Double) -> String {
        guard let first = points.first else { return "" }
        var d = String(format: "M%.1f %.1f", first.x, first.y)
        for p in points.dropFirst() { d += String(format: " L%.1f %.1f", p.x, p.y) }
        if points.count == 1 { d += String(format: " L%.1f %.1f", first.x + 0.1, first.y) }
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\(String(format: "\"%.1f\"", width)) stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    }
}
