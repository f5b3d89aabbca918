import Foundation
import InkLayout

/// The JSON form of a layout printed by `inkindex layout --json`: every element with the stroke
/// IDs it holds, and relations naming elements as short strings ("word 2.3", "line 4").
struct LayoutJSON: Encodable {
    struct Box: Encodable {
        var x, y, width, height: Double
        init(_ r: CGRect) { x = r.minX; y = r.minY; width = r.width; height = r.height }
    }
    struct Word: Encodable { var index: Int; var strokeIDs: [UUID]; var bounds: Box }
    struct Line: Encodable { var id: Int; var cluster: Int; var strokeIDs: [UUID]; var bounds: Box; var words: [Word] }
    struct Cluster: Encodable { var id: Int; var kind: String; var lines: [Int]; var bounds: Box }
    struct Point: Encodable { var x, y: Double }
    struct Mark: Encodable { var id: Int; var kind: String; var strokeIDs: [UUID]; var bounds: Box; var tail: Point?; var head: Point? }
    struct Relation: Encodable { var kind: String; var mark: Int?; var from: String; var to: [String] }

    var lines: [Line]
    var clusters: [Cluster]
    var marks: [Mark]
    var relations: [Relation]
    var drawingStrokeIDs: [UUID]

    init(_ layout: PageLayout) {
        lines = layout.lines.map { line in
            Line(id: line.id, cluster: line.clusterID, strokeIDs: line.strokeIDs, bounds: Box(line.bounds),
                 words: line.words.enumerated().map { Word(index: $0.offset, strokeIDs: $0.element.strokeIDs, bounds: Box($0.element.bounds)) })
        }
        clusters = layout.clusters.map { Cluster(id: $0.id, kind: $0.kind.rawValue, lines: $0.lineIDs, bounds: Box($0.bounds)) }
        marks = layout.marks.map { m in
            Mark(id: m.id, kind: m.kind.rawValue, strokeIDs: m.strokeIDs, bounds: Box(m.bounds),
                 tail: m.tail.map { Point(x: $0.x, y: $0.y) }, head: m.head.map { Point(x: $0.x, y: $0.y) })
        }
        relations = layout.relations.map { Relation(kind: $0.kind.rawValue, mark: $0.mark, from: Self.name($0.from), to: $0.to.map(Self.name)) }
        drawingStrokeIDs = layout.drawingStrokeIDs
    }

    static func name(_ element: LayoutRelation.Element) -> String {
        switch element {
        case .line(let id): "line \(id)"
        case .word(let line, let index): "word \(line).\(index)"
        case .cluster(let id): "cluster \(id)"
        case .mark(let id): "mark \(id)"
        }
    }
}
