import Foundation
import InkIndex

/// Draws search hits with what spatial search knows of them: each hit boxed and labeled with
/// its reading, cluster and marks ("grace · underline"), the page's marks in red, and each of its
/// relations as a dashed green arrow to the other end, labeled with the relation and the other
/// end's reading. For the README's picture (`inkindex bench-spatial --picture OUT.svg`).
///
/// ```swift
/// let svg = SpatialPicture(drawing: page.drawing, hits: await recognizer.search("grace")).svg()
/// ```
public struct SpatialPicture: Sendable {
    public var drawing: Drawing
    public var hits: [SearchHit]
    /// Strokes of marks, drawn in red.
    public var markStrokeIDs: [UUID]

    public init(drawing: Drawing, hits: [SearchHit], markStrokeIDs: [UUID] = []) {
        self.drawing = drawing
        self.hits = hits
        self.markStrokeIDs = markStrokeIDs
    }

    /// The caption of a hit: its reading, where it stands and what marks it.
    public static func caption(_ hit: SearchHit) -> String {
        guard let context = hit.context else { return hit.reading }
        var parts = [hit.reading]
        if context.cluster != .body { parts.append(context.cluster.rawValue) }
        parts += context.marks.map(\.rawValue)
        return parts.joined(separator: ", ")
    }

    public func svg() -> String { SVGRenderer(options: options()).svg(for: drawing) }

    public func png(width: Int = 1600) throws -> Data { try PNGRenderer(width: width, options: options()).png(for: drawing) }

    private func options() -> RenderOptions {
        let bounds = drawing.bounds.isNull ? CGRect(x: 0, y: 0, width: 100, height: 100) : drawing.bounds
        let w = 0.0015 * max(bounds.width, bounds.height)
        var options = RenderOptions(margin: 0.06 * max(bounds.width, bounds.height))
        options.defaultInkWidth = 1.6 * w
        options.labelSize = 9 * w
        let red = Ink.Color(hexString: "#e02020")!, green = Ink.Color(hexString: "#10a040")!, blue = Ink.Color(hexString: "#3070ff")!
        var tint = blue
        tint.alpha = 30
        var overlays: [Overlay] = []
        var seen = Set<[UUID]>(), targets = Set<[UUID]>()
        for hit in hits where seen.insert(hit.strokeIDs).inserted {
            overlays.append(Overlay(.rect(hit.bounds.insetBy(dx: -3 * w, dy: -3 * w)), stroke: blue, fill: tint, lineWidth: 1.5 * w,
                                    label: Self.caption(hit), belowInk: true))
            for relation in hit.context?.relations ?? [] {
                let target = drawing.strokes(withIDs: Set(relation.strokeIDs)).reduce(CGRect.null) { $0.union($1.renderBounds) }
                guard !target.isNull else { continue }
                let from = CGPoint(x: hit.bounds.midX, y: hit.bounds.midY), to = CGPoint(x: target.midX, y: target.midY)
                overlays.append(Overlay(.arrow(from: from, to: to), stroke: green, lineWidth: 1.3 * w, dashed: true))
                guard targets.insert(relation.strokeIDs).inserted else { continue }
                let name = relation.mark.map { "\($0.rawValue)" } ?? relation.kind.rawValue
                // A word's reading fits beside it; a line's or a note's would cover the hits above it.
                let short = !relation.reading.isEmpty && !relation.reading.contains(" ")
                overlays.append(Overlay(.rect(target.insetBy(dx: -2 * w, dy: -2 * w)), stroke: green, lineWidth: w, dashed: true,
                                        label: short ? "\(name): \(relation.reading)" : name))
            }
        }
        options.overlays = overlays
        for id in markStrokeIDs { options.strokeColors[id] = red }
        return options
    }
}

extension SpatialPicture {
    /// The README's picture: `SyntheticMarkedPage.sermon()` read from its transcript
    /// (`TranscriptRecognizer`: no model), with the hits of "grace", "hope", "peace", "Jesus" and
    /// "Romans" drawn with their marks and links.
    public static func sermonExample() async -> SpatialPicture {
        let page = SyntheticMarkedPage.sermon()
        let recognizer = StrokeRecognizer(recognizer: TranscriptRecognizer())
        await recognizer.updateDrawing(page.drawing)
        var hits: [SearchHit] = []
        for query in ["grace", "hope", "peace", "Jesus", "Romans"] { hits += await recognizer.search(query, fullWordsOnly: true) }
        return SpatialPicture(drawing: page.drawing, hits: hits, markStrokeIDs: page.marks.flatMap(\.strokeIDs))
    }
}
