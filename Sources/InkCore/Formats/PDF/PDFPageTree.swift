import Foundation

/// One page of the document as the page tree gives it.
struct PDFPage {
    /// From 1, in page-tree order (the order viewers show).
    var number: Int
    var dictionary: PDFDictionary
    /// The page object's number, where it is an indirect object (as it should be).
    var objectNumber: Int?
    /// The visible area in user space: the crop box clipped to the media box, or the media box.
    var box: PDFBox
    /// `/Rotate`, normalized to 0, 90, 180 or 270.
    var rotation: Int
}

/// A rectangle in PDF user space (y upward), normalized so that `minX <= maxX`, `minY <= maxY`.
struct PDFBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    /// US Letter, which viewers assume for a page without a usable `/MediaBox`.
    static let letter = PDFBox(minX: 0, minY: 0, maxX: 612, maxY: 792)

    /// Farthest a coordinate may lie from the origin: 10⁶ points (about 350 m), far beyond the
    /// largest page PDF allows (200 inches at `/UserUnit` 75 000 aside).
    static let maximumCoordinate = 1_000_000.0

    func intersection(_ other: PDFBox) -> PDFBox? {
        let box = PDFBox(minX: max(minX, other.minX), minY: max(minY, other.minY),
                         maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.minX < box.maxX && box.minY < box.maxY ? box : nil
    }
}

/// The page tree (ISO 32000-1, 7.7.3): `/Root /Pages`, its `/Kids` depth first, with the
/// inheritable `/MediaBox`, `/CropBox` and `/Rotate`. A node reached twice (a loop, or a page
/// listed twice) is skipped with a warning; nesting beyond `limits.maximumDepth` and more pages
/// than `limits.maximumPages` are `.tooLarge`.
extension PDFDocument {
    private struct Inherited {
        var mediaBox: PDFObject?
        var cropBox: PDFObject?
        var rotate: PDFObject?
    }

    func pages() throws(NotebookError) -> [PDFPage] {
        guard let catalog = try dictionary(trailer["Root"]) else {
            throw NotebookError(.pdf, .damaged, "no document catalog (/Root) was found")
        }
        guard let rootNode = catalog["Pages"], try dictionary(rootNode) != nil else {
            throw NotebookError(.pdf, .damaged, "the catalog has no page tree (/Pages)")
        }
        var pages: [PDFPage] = []
        var visited: Set<Int> = []
        var sharedKids: Set<Int> = []
        // Depth first, kids in order: a stack with each node's kids pushed in reverse.
        var stack: [(node: PDFObject, inherited: Inherited, depth: Int)] = [(rootNode, Inherited(), 0)]
        while let (node, inheritedFromParent, depth) = stack.popLast() {
            let objectNumber = node.reference?.number
            if let objectNumber {
                guard visited.insert(objectNumber).inserted else {
                    warn("a page tree node reached twice (a loop, or a page listed twice) was skipped", kind: "page tree revisit")
                    continue
                }
            }
            guard let dictionary = try dictionary(node) else {
                warn("page tree entries that are not dictionaries (missing or damaged objects) were skipped", kind: "page tree entry")
                continue
            }
            var inherited = inheritedFromParent
            if let value = dictionary["MediaBox"] { inherited.mediaBox = value }
            if let value = dictionary["CropBox"] { inherited.cropBox = value }
            if let value = dictionary["Rotate"] { inherited.rotate = value }

            // A /Kids array shared by two nodes would be walked once per node: only the first.
            if let shared = dictionary["Kids"]?.reference?.number, !sharedKids.insert(shared).inserted {
                warn("a /Kids array shared by several page tree nodes was read once", kind: "shared kids")
                continue
            }
            let kids = try resolve(dictionary["Kids"]).array
            let type = dictionary.name("Type")
            if type == "Pages" || (type != "Page" && kids != nil) {
                guard depth < limits.maximumDepth else {
                    throw NotebookError(.pdf, .tooLarge, "the page tree nests deeper than \(limits.maximumDepth) levels")
                }
                for kid in (kids ?? []).reversed() {
                    stack.append((kid, inherited, depth + 1))
                }
                continue
            }
            guard pages.count < limits.maximumPages else {
                throw NotebookError(.pdf, .tooLarge, "the document has more than \(limits.maximumPages) pages")
            }
            let number = pages.count + 1
            pages.append(PDFPage(number: number, dictionary: dictionary, objectNumber: objectNumber,
                                 box: try box(inherited, page: number), rotation: try rotation(inherited.rotate, page: number)))
        }
        return pages
    }

    private func box(_ inherited: Inherited, page: Int) throws(NotebookError) -> PDFBox {
        var media = PDFBox.letter
        if let given = try rectangle(inherited.mediaBox) {
            media = given
        } else {
            warn("pages without a usable /MediaBox were taken as US Letter (612 × 792 points), first page \(page)", kind: "media box")
        }
        guard inherited.cropBox != nil else { return media }
        guard let crop = try rectangle(inherited.cropBox), let visible = crop.intersection(media) else {
            warn("unusable /CropBox entries were ignored (the /MediaBox is used), first on page \(page)", kind: "crop box")
            return media
        }
        return visible
    }

    /// Four finite numbers of sensible size, normalized; nil for anything else.
    func rectangle(_ object: PDFObject?) throws(NotebookError) -> PDFBox? {
        guard let items = try resolve(object).array, items.count == 4 else { return nil }
        var values: [Double] = []
        for item in items {
            guard let value = try resolve(item).number, value.isFinite, abs(value) <= PDFBox.maximumCoordinate else { return nil }
            values.append(value)
        }
        let box = PDFBox(minX: min(values[0], values[2]), minY: min(values[1], values[3]),
                         maxX: max(values[0], values[2]), maxY: max(values[1], values[3]))
        return box.width > 0 && box.height > 0 ? box : nil
    }

    private func rotation(_ object: PDFObject?, page: Int) throws(NotebookError) -> Int {
        guard let value = try resolve(object).integer else { return 0 }
        let normalized = ((value % 360) + 360) % 360
        guard normalized % 90 == 0 else {
            warn("a /Rotate that is not a multiple of 90 was ignored, first on page \(page)", kind: "rotate invalid")
            return 0
        }
        return normalized
    }
}
