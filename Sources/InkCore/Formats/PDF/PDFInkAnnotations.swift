import Foundation

/// Turns a page's `/Annots` into strokes and counts (ISO 32000-1, 12.5): ink annotations
/// (12.5.6.13) become strokes, one per `/InkList` path, in page coordinates (y downward, from
/// the page box's top-left corner); markup that is not ink is counted in `Page.skipped`, typed
/// text kept. The page's own content (text, images, drawn paths) is never read.
///
/// ```swift
/// var reader = PDFAnnotationReader(document: document)
/// try reader.read(pdfPage, into: &notebookPage)
/// ```
struct PDFAnnotationReader {
    let document: PDFDocument
    /// Points read so far, all pages together, against `limits.maximumPoints`.
    private(set) var points = 0
    /// Annotation objects and indirect `/Annots` arrays read so far: an annotation belongs to one
    /// page, and reading one listed again (or a shared array) would only repeat work.
    private var seenAnnotations: Set<Int> = []
    private var seenArrays: Set<Int> = []

    init(document: PDFDocument) {
        self.document = document
    }

    /// Annotation flag bit 2 (12.5.3): not shown, not printed.
    static let hiddenFlag = 1 << 1
    /// Subtypes that are no markup of the page's content: ignored without a count.
    static let ignoredSubtypes: Set<String> = ["Link", "Widget", "Popup"]
    static let shapeSubtypes: Set<String> = ["Square", "Circle", "Line", "Polygon", "PolyLine"]
    /// Most a stroke's width may be: wider is taken for damage, and the default used.
    static let maximumWidth = 1000.0

    mutating func read(_ page: PDFPage, into notebookPage: inout InkNotebook.Page) throws(NotebookError) {
        guard let annotations = page.dictionary["Annots"] else { return }
        if let number = annotations.reference?.number, !seenArrays.insert(number).inserted {
            document.warn("an /Annots array shared by several pages was read for the first of them only (first repeat on page \(page.number))", kind: "shared annots")
            return
        }
        let resolved = try document.resolve(annotations)
        guard let items = resolved.array else {
            if !resolved.isNull {
                document.warn("an /Annots that is not an array was ignored, first on page \(page.number)", kind: "annots type")
            }
            return
        }
        var ids = NotebookStrokeIDs(pageID: notebookPage.id, format: .pdf)
        var usedIDs: Set<UUID> = []
        for item in items {
            let objectNumber = item.reference?.number
            if let objectNumber, !seenAnnotations.insert(objectNumber).inserted {
                document.warn("annotations listed twice (on one page or several) were read once, first on page \(page.number)", kind: "annot twice")
                continue
            }
            // A reference to a deleted annotation reads as null: nothing to count.
            guard let annotation = try document.dictionary(item) else { continue }
            let subtype = annotation.name("Subtype")
            if let subtype, Self.ignoredSubtypes.contains(subtype) { continue }
            let flags = try document.resolve(annotation["F"]).integer ?? 0
            if flags & Self.hiddenFlag != 0 {
                notebookPage.skip("hidden")
                continue
            }
            switch subtype {
            case "Ink"?:
                try readInk(annotation, objectNumber: objectNumber, page: page, into: &notebookPage, ids: &ids, used: &usedIDs)
            case "Highlight"?:
                notebookPage.skip("highlight")
            case "FreeText"?:
                notebookPage.skip("text")
                if let text = try document.resolve(annotation["Contents"]).text { notebookPage.keepText(text) }
            case "Text"?:
                notebookPage.skip("note")
                if let text = try document.resolve(annotation["Contents"]).text { notebookPage.keepText(text) }
            case let shape? where Self.shapeSubtypes.contains(shape):
                notebookPage.skip("shape")
            case let other?:
                notebookPage.skip(other.lowercased())
                document.warn("/\(other) annotations are not read; they are counted as skipped", kind: "subtype \(other)")
            case nil:
                notebookPage.skip("unknown")
                document.warn("annotations without a /Subtype were counted as skipped (\"unknown\")", kind: "no subtype")
            }
        }
    }

    // MARK: Ink

    private mutating func readInk(_ annotation: PDFDictionary, objectNumber: Int?, page: PDFPage,
                                  into notebookPage: inout InkNotebook.Page, ids: inout NotebookStrokeIDs,
                                  used: inout Set<UUID>) throws(NotebookError) {
        guard let paths = try document.resolve(annotation["InkList"]).array else {
            notebookPage.skip("empty stroke")
            document.warn("ink annotations without an /InkList array were counted as empty strokes", kind: "no inklist")
            return
        }
        let ink = Ink(tool: .pen, color: try color(annotation), width: try width(annotation))
        let name = try document.resolve(annotation["NM"]).text?.trimmingCharacters(in: .whitespacesAndNewlines)
        for (pathIndex, pathObject) in paths.enumerated() {
            guard let values = try coordinates(pathObject, page: page) else {
                notebookPage.skip("damaged stroke")
                continue
            }
            guard values.count >= 2 else {
                notebookPage.skip("empty stroke")
                continue
            }
            let count = values.count / 2
            guard count <= document.limits.maximumPoints - points else {
                throw NotebookError(.pdf, .tooLarge, "the ink has more than \(document.limits.maximumPoints) points")
            }
            points += count
            var strokePoints: [StrokePoint] = []
            strokePoints.reserveCapacity(count)
            let box = page.box
            for index in 0..<count {
                strokePoints.append(StrokePoint(x: values[2 * index] - box.minX, y: box.maxY - values[2 * index + 1]))
            }
            // Stable ids: from the annotation's name (/NM) where it has one, else its object
            // number, with the path's index; from the points where neither is there or the name
            // is used twice on the page.
            var id: UUID
            if let name, !name.isEmpty {
                id = ids.id(named: "NM \(name) #\(pathIndex)")
            } else if let objectNumber {
                id = ids.id(named: "object \(objectNumber) #\(pathIndex)")
            } else {
                id = ids.next(points: strokePoints)
            }
            if !used.insert(id).inserted {
                id = ids.next(points: strokePoints)
                used.insert(id)
            }
            notebookPage.drawing.strokes.append(Stroke(id: id, points: strokePoints, ink: ink))
        }
    }

    /// A path's numbers `x1 y1 x2 y2 ...`, an odd last one dropped; nil (with a warning) where one
    /// is not a finite number within `PDFBox.maximumCoordinate`.
    private func coordinates(_ object: PDFObject, page: PDFPage) throws(NotebookError) -> [Double]? {
        guard let items = try document.resolve(object).array else {
            document.warn("ink paths that are not arrays were skipped, first on page \(page.number)", kind: "path type")
            return nil
        }
        var values: [Double] = []
        values.reserveCapacity(items.count)
        for item in items {
            let value: Double?
            switch item {
            case .integer(let number): value = Double(number)
            case .real(let number): value = number
            case .reference: value = try document.resolve(item).number
            default: value = nil
            }
            guard let value, value.isFinite, abs(value) <= PDFBox.maximumCoordinate else {
                document.warn("ink paths with a value that is not a finite number within ±10⁶ were skipped, first on page \(page.number)",
                              kind: "path value")
                return nil
            }
            values.append(value)
        }
        if values.count % 2 == 1 {
            values.removeLast()
            document.warn("ink paths with an odd count of numbers lost their last number, first on page \(page.number)", kind: "odd path")
        }
        return values
    }

    /// `/C` (0 components: transparent, left black; 1 gray, 3 RGB, 4 CMYK converted naively)
    /// with `/CA` as alpha.
    private func color(_ annotation: PDFDictionary) throws(NotebookError) -> Ink.Color {
        var color = Ink.Color.black
        if let items = try document.resolve(annotation["C"]).array {
            var components: [Double] = []
            for item in items {
                guard let value = try document.resolve(item).number, value.isFinite else {
                    components = []
                    document.warn("annotation colours (/C) that are not numbers were ignored", kind: "color value")
                    break
                }
                components.append(min(max(value, 0), 1))
            }
            switch components.count {
            case 0:
                break
            case 1:
                color = Self.color(components[0], components[0], components[0])
            case 3:
                color = Self.color(components[0], components[1], components[2])
            case 4:
                let (c, m, y, k) = (components[0], components[1], components[2], components[3])
                color = Self.color((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
            default:
                document.warn("annotation colours (/C) with \(components.count) components were ignored", kind: "color count")
            }
        }
        if let alpha = try document.resolve(annotation["CA"]).number, alpha.isFinite {
            color.alpha = Self.byte(alpha)
        }
        return color
    }

    private static func color(_ red: Double, _ green: Double, _ blue: Double) -> Ink.Color {
        Ink.Color(red: byte(red), green: byte(green), blue: byte(blue))
    }

    private static func byte(_ unit: Double) -> UInt8 {
        UInt8((min(max(unit, 0), 1) * 255).rounded())
    }

    /// `/BS /W`, else the third number of `/Border`, else 1 (the default of both).
    private func width(_ annotation: PDFDictionary) throws(NotebookError) -> Double {
        var width: Double?
        if let style = try document.dictionary(annotation["BS"]) {
            width = try document.resolve(style["W"]).number
        }
        if width == nil, let border = try document.resolve(annotation["Border"]).array, border.count >= 3 {
            width = try document.resolve(border[2]).number
        }
        guard let width else { return 1 }
        guard width.isFinite, width >= 0, width <= Self.maximumWidth else {
            document.warn("stroke widths that are not numbers from 0 to \(Int(Self.maximumWidth)) were taken as 1", kind: "width")
            return 1
        }
        return width
    }
}
