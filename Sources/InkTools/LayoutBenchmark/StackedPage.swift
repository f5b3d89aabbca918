import Foundation
import InkIndex
import InkCore

/// A real multi-line page rebuilt from dataset lines that share one writing surface (IAM-OnDB
/// forms: ids `<form>-01`, `<form>-02`, ...), with its true line membership.
///
/// ```swift
/// let pages = StackedPage.pages(from: try DatasetReader(path: path).readAll())
/// print(pages[0].form, pages[0].lines.count)
/// ```
public struct StackedPage: Sendable {
    public var form: String
    public var drawing: Drawing
    /// The true lines, top to bottom, as stroke identifiers.
    public var lines: [[UUID]]
    public var texts: [String]

    public init(form: String, drawing: Drawing, lines: [[UUID]], texts: [String]) {
        self.form = form
        self.drawing = drawing
        self.lines = lines
        self.texts = texts
    }

    /// Groups samples by form (the id up to its last `-`), in line-number order; times are
    /// shifted so that each line follows the previous one. Forms with one line are skipped.
    public static func pages(from samples: [LabeledSample]) -> [StackedPage] {
        var forms: [String: [LabeledSample]] = [:]
        var order: [String] = []
        for sample in samples {
            guard let dash = sample.id.lastIndex(of: "-") else { continue }
            let form = String(sample.id[..<dash])
            if forms[form] == nil { order.append(form) }
            forms[form, default: []].append(sample)
        }
        return order.compactMap { form in
            let lines = forms[form]!.sorted { $0.id < $1.id }
            guard lines.count >= 2 else { return nil }
            var page = StackedPage(form: form, drawing: Drawing(), lines: [], texts: [])
            for line in lines { page.append(line.drawing, text: line.text) }
            return page
        }
    }

    /// Adds a line of writing after everything on the page, in time as in drawing order.
    public mutating func append(_ line: Drawing, text: String) {
        let offset = (drawing.strokes.lazy.flatMap(\.points).compactMap(\.time).max() ?? -1) + 1
        var strokes = line.strokes
        for s in strokes.indices {
            for p in strokes[s].points.indices { strokes[s].points[p].time = strokes[s].points[p].time.map { $0 + offset } }
        }
        drawing.strokes += strokes
        lines.append(strokes.map(\.id))
        texts.append(text)
    }

    /// Pages of about `lineCount` lines made by stacking consecutive pages one under another.
    public static func tall(from pages: [StackedPage], lineCount: Int) -> [StackedPage] {
        var result: [StackedPage] = []
        var current: StackedPage?
        var bottom = 0.0
        for page in pages {
            var pageLines = page.lines.map { Set($0) }
            let top = page.drawing.bounds.minY
            let shift = current == nil ? 0 : bottom - top + (page.drawing.bounds.height / Double(max(page.lines.count, 1))) * 0.2
            for (k, ids) in pageLines.enumerated() {
                var strokes = page.drawing.strokes.filter { ids.contains($0.id) }
                for s in strokes.indices {
                    for p in strokes[s].points.indices { strokes[s].points[p].location.y += shift }
                }
                if current == nil { current = StackedPage(form: page.form, drawing: Drawing(), lines: [], texts: []) }
                current!.append(Drawing(strokes: strokes), text: page.texts[k])
                if current!.lines.count == lineCount {
                    result.append(current!)
                    current = nil
                    pageLines = []
                    break
                }
            }
            bottom = current.map { Double($0.drawing.bounds.maxY) } ?? 0
        }
        return result
    }
}
