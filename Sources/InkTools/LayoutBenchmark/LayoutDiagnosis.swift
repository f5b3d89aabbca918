import Foundation
import InkIndex
import InkCore

/// Explains, stroke by stroke, where a layout went wrong on a page with known lines: for tuning
/// the segmenter, not for users.
///
/// ```swift
/// for row in LayoutDiagnosis.explain(page, layout: PageSegmenter().layout(of: page.drawing)) { print(row) }
/// ```
public enum LayoutDiagnosis {
    /// One row per stroke that is not where the truth puts it (a true line's stroke outside the
    /// layout line holding most of that line, or any stroke of a mark put in a line), with its
    /// geometry in units of the page's x-height, measured from the true line's centre.
    public static func explain(_ page: StackedPage, marks: [MarkedPage.Mark] = [], layout: PageLayout) -> [String] {
        let shapes = page.drawing.strokes.enumerated().map { StrokeShape(order: $0.offset, stroke: $0.element) }
        let u = InkScale(shapes: shapes).unit
        let index = Dictionary(uniqueKeysWithValues: shapes.map { ($0.id, $0.order) })
        var truthLine: [UUID: Int] = [:]
        for (k, line) in page.lines.enumerated() { for id in line { truthLine[id] = k } }
        var markKind: [UUID: LayoutMark.Kind] = [:]
        for mark in marks { for id in mark.strokeIDs { markKind[id] = mark.kind } }
        var layoutLine: [UUID: Int] = [:]
        for line in layout.lines { for id in line.strokeIDs { layoutLine[id] = line.id } }
        let centers = page.lines.map { ids in median(ids.compactMap { index[$0] }.map { shapes[$0].medianY }) }
        var rows = [String(format: "unit %.1f; true line centres (units): %@", u,
                           centers.map { String(format: "%.1f", $0 / u) }.joined(separator: " "))]
        for (k, ids) in page.lines.enumerated() {
            var votes: [Int: Int] = [:]
            for id in ids { if let l = layoutLine[id] { votes[l, default: 0] += 1 } }
            let main = votes.max { $0.value < $1.value }?.key
            for id in ids where layoutLine[id] != main || main == nil { rows.append(row(id, truth: "line \(k) (main L\(main.map(String.init) ?? "-"))")) }
        }
        for (id, kind) in markKind.sorted(by: { index[$0.key]! < index[$1.key]! }) where layoutLine[id] != nil || layout.mark(containing: id)?.kind != kind {
            rows.append(row(id, truth: "mark \(kind.rawValue)"))
        }
        return rows

        func row(_ id: UUID, truth: String) -> String {
            let s = shapes[index[id]!]
            let got = layoutLine[id].map { "L\($0)" } ?? layout.mark(containing: id).map { "mark \($0.kind.rawValue)" } ?? "drawing"
            let nearest = centers.enumerated().min { abs($0.element - s.medianY) < abs($1.element - s.medianY) }!
            let primitive = "\(PrimitiveClassifier(unit: u).classify(s))".replacingOccurrences(of: "(", with: " ").prefix(24)
            return String(format: "#%d %@ → %@ [%@ closure %.2f turn %.1f]: x %.1f–%.1f y %.1f–%.1f (medianY %.1f, nearest true line %d at %+.2f) size %.2f straight %.2f chord %.2f pts %d",
                          s.order, truth, got, String(primitive), s.closureGap, s.totalTurning / .pi, s.bounds.minX / u, s.bounds.maxX / u, s.bounds.minY / u, s.bounds.maxY / u,
                          s.medianY / u, nearest.offset, (s.medianY - nearest.element) / u, s.size / u, s.straightness, s.chord / u, s.points.count)
        }
    }
}
