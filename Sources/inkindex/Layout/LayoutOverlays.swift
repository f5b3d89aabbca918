import Foundation
import InkIndex
import InkTools

/// A layout drawn over its ink through the shared renderers' overlay API (`RenderOptions`):
/// clusters as tinted boxes under the ink (body blue, margin note orange, heading purple), lines
/// outlined with their words, mark strokes in red with their kind, arrows' heads, and relations
/// as dashed green arrows from the mark (or an arrow's tail element) to what it relates to.
struct LayoutOverlays {
    let drawing: Drawing
    let layout: PageLayout

    private static func color(_ hex: String) -> Ink.Color { Ink.Color(hexString: hex)! }

    func options() -> RenderOptions {
        let bounds = drawing.bounds.isNull ? CGRect(x: 0, y: 0, width: 100, height: 100) : drawing.bounds
        let w = 0.0015 * max(bounds.width, bounds.height)
        var options = RenderOptions(margin: 0.04 * max(bounds.width, bounds.height))
        options.defaultInkWidth = 1.6 * w
        options.labelSize = 8 * w
        var overlays: [Overlay] = []
        let clusterColor: [LayoutCluster.Kind: String] = [.body: "#3070ff", .marginNote: "#ff8000", .heading: "#9030c0", .other: "#808080"]
        for cluster in layout.clusters {
            let c = Self.color(clusterColor[cluster.kind]!)
            var tint = c
            tint.alpha = 22
            overlays.append(Overlay(.rect(cluster.bounds.insetBy(dx: -3 * w, dy: -3 * w)), stroke: c, fill: tint, lineWidth: 2 * w,
                                    label: "\(cluster.kind.rawValue) \(cluster.id)", belowInk: true))
        }
        for line in layout.lines {
            overlays.append(Overlay(.rect(line.bounds), stroke: Self.color("#3070ffa0"), lineWidth: w, label: "L\(line.id)", belowInk: true))
            for word in line.words {
                overlays.append(Overlay(.rect(word.bounds), stroke: nil, fill: Self.color("#90b0ff40"), lineWidth: 0, belowInk: true))
            }
        }
        let red = Self.color("#e02020")
        for mark in layout.marks {
            overlays.append(Overlay(.rect(mark.bounds.insetBy(dx: -w, dy: -w)), stroke: Self.color("#e0202060"), lineWidth: 0.8 * w,
                                    dashed: true, label: "\(mark.kind.rawValue) \(mark.id)"))
            if let tail = mark.tail, let head = mark.head {
                overlays.append(Overlay(.circle(center: tail, radius: 4 * w), stroke: red, lineWidth: w))
                overlays.append(Overlay(.circle(center: head, radius: 4 * w), stroke: red, fill: red, lineWidth: w))
            }
        }
        let green = Self.color("#10a040")
        for relation in layout.relations {
            guard let from = center(relation.from) else { continue }
            for target in relation.to {
                guard let to = center(target) else { continue }
                overlays.append(Overlay(.arrow(from: from, to: to), stroke: green, lineWidth: 1.3 * w, dashed: true))
            }
        }
        options.overlays = overlays
        for id in layout.marks.flatMap(\.strokeIDs) { options.strokeColors[id] = red }
        for id in layout.drawingStrokeIDs { options.strokeColors[id] = Self.color("#a0a000") }
        return options
    }

    private func center(_ element: LayoutRelation.Element) -> CGPoint? {
        let b: CGRect?
        switch element {
        case .line(let id): b = layout.lines.indices.contains(id) ? layout.lines[id].bounds : nil
        case .word(let line, let index):
            b = layout.lines.indices.contains(line) && layout.lines[line].words.indices.contains(index) ? layout.lines[line].words[index].bounds : nil
        case .cluster(let id): b = layout.clusters.first { $0.id == id }?.bounds
        case .mark(let id): b = layout.marks.first { $0.id == id }?.bounds
        }
        return b.map { CGPoint(x: $0.midX, y: $0.midY) }
    }

    func svg() -> String { SVGRenderer(options: options()).svg(for: drawing) }
    func png(width: Int = 1600) throws -> Data { try PNGRenderer(width: width, options: options()).png(for: drawing) }
}
