import Foundation

extension PageLayout {
    /// The strokes an element holds: a line's, a word's, a cluster's lines' or a mark's. O(size
    /// of the page) for clusters, O(1) lookups otherwise; empty for an element that is not here.
    ///
    /// ```swift
    /// for relation in layout.relations { print(relation.to.flatMap(layout.strokeIDs(of:))) }
    /// ```
    public func strokeIDs(of element: LayoutRelation.Element) -> [UUID] {
        switch element {
        case .line(let id):
            return lines.indices.contains(id) ? lines[id].strokeIDs : []
        case .word(let line, let index):
            guard lines.indices.contains(line), lines[line].words.indices.contains(index) else { return [] }
            return lines[line].words[index].strokeIDs
        case .cluster(let id):
            guard let cluster = clusters.first(where: { $0.id == id }) else { return [] }
            return cluster.lineIDs.flatMap { lines.indices.contains($0) ? lines[$0].strokeIDs : [] }
        case .mark(let id):
            return marks.first(where: { $0.id == id })?.strokeIDs ?? []
        }
    }

    /// The marks that apply to any of the given strokes (writing): underlines, enclosures and
    /// strike-throughs of their words, brackets over their lines, checks beside them, arrows
    /// pointing at or from them. Lets a search hit say "underlined" or "circled". O(relations ×
    /// their size).
    ///
    /// ```swift
    /// let kinds = layout.marksAffecting(strokeIDs: hitStrokes).map(\.kind)   // [.underline]
    /// ```
    public func marksAffecting(strokeIDs: some Sequence<UUID>) -> [LayoutMark] {
        let wanted = Set(strokeIDs)
        guard !wanted.isEmpty else { return [] }
        var found = Set<Int>()
        for relation in relations {
            guard let markID = relation.mark else { continue }
            let elements = relation.to + (relation.from == .mark(markID) ? [] : [relation.from])
            if elements.contains(where: { element in self.strokeIDs(of: element).contains(where: wanted.contains) }) {
                found.insert(markID)
            }
        }
        return marks.filter { found.contains($0.id) }
    }

    /// The marks on one word (see `marksAffecting(strokeIDs:)`).
    ///
    /// ```swift
    /// if layout.marks(onWord: 2, inLine: 0).contains(where: { $0.kind == .circle }) { print("circled") }
    /// ```
    public func marks(onWord index: Int, inLine line: Int) -> [LayoutMark] {
        marksAffecting(strokeIDs: strokeIDs(of: .word(line: line, index: index)))
    }

    /// The line that holds a stroke of writing, if any. O(strokes on the page).
    public func line(containing strokeID: UUID) -> LayoutLine? {
        lines.first { $0.strokeIDs.contains(strokeID) }
    }

    /// The mark a stroke belongs to, if any. O(strokes on the page).
    public func mark(containing strokeID: UUID) -> LayoutMark? {
        marks.first { $0.strokeIDs.contains(strokeID) }
    }
}
