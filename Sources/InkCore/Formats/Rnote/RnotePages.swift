import Foundation

/// Cuts Rnote's one document into pages of the format's size, as Rnote does when it exports or
/// prints (`Document::pages_bounds`: format-sized tiles aligned to the origin, row by row):
///
/// - fixed-size: every page of the document (its height is a whole number of pages), empty
///   ones included;
/// - continuous-vertical: the pages from the top down to the last one holding anything (Rnote
///   keeps a page of blank space below the content, which is left out);
/// - semi-infinite and infinite: only the tiles holding anything.
///
/// An element goes to the tile holding its anchor (a stroke's bounding-box centre), also where
/// that lies outside the document; its coordinates become relative to that page's top-left
/// corner. Pages are numbered from 1 in row-major order (top row first, left to right).
///
/// ```swift
/// let pages = try RnotePages.lay(items, document: document, fileIdentity: "a.rnote", reader: &reader)
/// ```
enum RnotePages {
    struct Tile: Hashable, Comparable {
        var row: Int
        var column: Int

        static func < (lhs: Tile, rhs: Tile) -> Bool { (lhs.row, lhs.column) < (rhs.row, rhs.column) }
    }

    /// Tiles further than this from the origin are not pages: content out there is dropped.
    static let farthestTile = 1 << 40

    static func lay(_ items: [RnoteReader.Item], document: RnoteDocument, fileIdentity: String,
                    reader: inout RnoteReader) throws(NotebookError) -> [InkNotebook.Page] {
        let width = document.formatWidth, height = document.formatHeight
        let limit = reader.limits.maximumPages
        func tooMany(_ count: String) -> NotebookError {
            NotebookError(.rnote, .tooLarge, "\(count) pages; at most \(limit) are read")
        }
        func index(_ value: Double, _ size: Double) -> Int? {
            let tile = (value / size).rounded(.down)
            guard tile.isFinite, abs(tile) <= Double(farthestTile) else { return nil }
            return Int(exactly: tile)
        }

        // The document's own pages: a grid over its bounds (fixed size, continuous vertical).
        var tiles = Set<Tile>()
        var first = Tile(row: 0, column: 0)
        var gridColumns: ClosedRange<Int>?
        if document.layout == .fixedSize || document.layout == .continuousVertical {
            guard let rows = span(document.y, document.height, height), let columns = span(document.x, document.width, width) else {
                throw tooMany("a document of too many")
            }
            // A continuous document's height is its content and a page of blank space: its
            // pages are counted from the content instead (below).
            let lastRow = document.layout == .fixedSize ? rows.upperBound : rows.lowerBound
            guard Double(lastRow - rows.lowerBound + 1) * Double(columns.count) <= Double(limit) else {
                throw tooMany("\(lastRow - rows.lowerBound + 1) × \(columns.count)")
            }
            for row in rows.lowerBound...lastRow {
                for column in columns { tiles.insert(Tile(row: row, column: column)) }
            }
            first = Tile(row: rows.lowerBound, column: columns.lowerBound)
            gridColumns = columns
        }

        // Each element's tile.
        var placed: [(tile: Tile, item: RnoteReader.Item)] = []
        placed.reserveCapacity(items.count)
        for item in items {
            var tile = first
            if let anchor = item.anchor {
                guard let row = index(anchor.y, height), let column = index(anchor.x, width) else {
                    reader.warn("content too far from the document's origin to be on a page dropped")
                    continue
                }
                tile = Tile(row: row, column: column)
            }
            tiles.insert(tile)
            guard tiles.count <= limit else { throw tooMany("more than \(limit)") }
            placed.append((tile, item))
        }
        if document.layout == .continuousVertical, let columns = gridColumns {
            // Every page from the top down to the lowest one with content, blank ones included.
            let bottom = placed.lazy.filter { columns.contains($0.tile.column) }.map(\.tile.row).max() ?? first.row
            if bottom > first.row {
                guard Double(bottom - first.row + 1) * Double(columns.count) <= Double(limit) else {
                    throw tooMany("\(bottom - first.row + 1) × \(columns.count)")
                }
                for row in first.row...bottom {
                    for column in columns { tiles.insert(Tile(row: row, column: column)) }
                }
                guard tiles.count <= limit else { throw tooMany("more than \(limit)") }
            }
        }
        if tiles.isEmpty { tiles.insert(first) }  // an empty infinite document: one blank page

        // Pages in row-major order, then their content in Rnote's drawing order.
        let ordered = tiles.sorted()
        var number: [Tile: Int] = [:]
        var pages: [InkNotebook.Page] = []
        pages.reserveCapacity(ordered.count)
        for (k, tile) in ordered.enumerated() {
            number[tile] = k
            pages.append(InkNotebook.Page(id: DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: k + 1),
                                          number: k + 1, width: width, height: height))
        }
        var ids = pages.map { NotebookStrokeIDs(pageID: $0.id, format: .rnote) }
        placed.sort { $0.item.order < $1.item.order }
        for (tile, item) in placed {
            guard let k = number[tile] else { continue }
            let dx = Double(tile.column) * width, dy = Double(tile.row) * height
            switch item.content {
            case .ink(var points, let ink, let highlighter):
                for p in points.indices {
                    points[p].location = CGPoint(x: points[p].location.x - dx, y: points[p].location.y - dy)
                }
                guard points.allSatisfy({ $0.location.x.isFinite && $0.location.y.isFinite }) else {
                    reader.warn("points whose position is not a finite number dropped")
                    continue
                }
                pages[k].drawing.strokes.append(Stroke(id: ids[k].next(points: points), points: points, ink: ink))
                if highlighter { pages[k].highlighterStrokes += 1 }
            case .text(let text):
                pages[k].keepText(text)
                pages[k].skip("text")
            case .skipped(let kind):
                pages[k].skip(kind)
            }
        }
        return pages
    }

    /// The tile indices that cover `[origin, origin + length)` with tiles of `size`, at least one;
    /// nil where they are too many to count.
    private static func span(_ origin: Double, _ length: Double, _ size: Double) -> ClosedRange<Int>? {
        let start = (origin / size).rounded(.down)
        // Rnote rounds sizes to three decimals: a document 2 × 1587.0004 high is two pages.
        let end = ((origin + length) / size - 1e-6).rounded(.up) - 1
        guard start.isFinite, end.isFinite, abs(start) <= Double(farthestTile), abs(end) <= Double(farthestTile),
              let low = Int(exactly: start), let high = Int(exactly: end) else { return nil }
        return low...max(low, high)
    }
}
