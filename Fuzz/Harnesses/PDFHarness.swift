import Foundation
@testable import InkCore

/// Any bytes as a PDF: an `InkNotebook` or a `NotebookError`, never a crash, hang or trap. Small
/// limits (1 MiB of file and inflated streams, 1 000 pages, 100 000 points, depth 64) keep every
/// run short. Reading the same bytes twice gives the same notebook (page and stroke ids
/// included); every page's size and every point are finite, and each page goes through InkML.
func fuzzPDF(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    let limits = InkNotebook.Limits(maximumBytes: 1 << 20, maximumPages: 1000, maximumPoints: 100_000, maximumDepth: 64)
    guard let notebook = try? PDFInk.read(data, fileIdentity: "fuzz", limits: limits) else { return }
    guard let again = try? PDFInk.read(data, fileIdentity: "fuzz", limits: limits), again == notebook else {
        fatalError("reading the same PDF twice gave another notebook")
    }
    guard notebook.format == .pdf, notebook.pages.map(\.number) == Array(0..<notebook.pages.count).map({ $0 + 1 }) else {
        fatalError("PDF pages are not numbered 1, 2, 3, ...")
    }
    for page in notebook.pages {
        guard page.width.isFinite, page.height.isFinite, page.width >= 0, page.height >= 0 else {
            fatalError("a PDF page has a size that is not a finite, non-negative number")
        }
        guard page.drawing.strokes.allSatisfy({ $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } }) else {
            fatalError("a PDF page has a point that is not finite")
        }
        guard Set(page.drawing.strokes.map(\.id)).count == page.drawing.strokes.count else {
            fatalError("two strokes of a PDF page share an id")
        }
        guard (try? InkML.write(page.drawing)) != nil else { fatalError("a PDF page does not go through InkML") }
    }
}
