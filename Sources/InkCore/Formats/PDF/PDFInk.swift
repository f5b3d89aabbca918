import Foundation

/// Reads the ink annotations of a PDF file (the pen strokes that viewers such as Acrobat,
/// Preview, Okular and Xodo save as `/Ink` annotations): every page of the document becomes an
/// `InkNotebook.Page`, so page numbers match the document, most of them empty where few pages
/// carry ink. Read-only.
///
/// Mapping (details in Docs/PDF.md):
/// - Page tree order gives page numbers from 1; ids are `DrawingFile.pageID(fileIdentity:pageNumber:)`.
///   Width and height are the page's crop box (clipped to its media box) or, without one, its
///   media box, in points, inherited from the page tree where the page does not say.
/// - `/Ink` annotation → one `Stroke` (ink tool `.pen`) per `/InkList` path, coordinates turned
///   from PDF user space (y upward) into page coordinates with y downward from the box's
///   top-left corner: `x' = x − box.minX`, `y' = box.maxY − y`. `/C` → colour (gray, RGB or
///   naive CMYK), `/CA` → alpha, `/BS /W` (or `/Border`) → `Ink.width`. Stroke ids derive
///   from the page id and the annotation's `/NM` (else its object number) and the path index,
///   so an annotation untouched by a later save keeps its strokes' ids.
/// - `/FreeText` and `/Text` notes → `Page.texts` (their `/Contents`), counted as `"text"` and
///   `"note"`; `/Highlight` → `"highlight"`; `/Square`, `/Circle`, `/Line`, `/Polygon`,
///   `/PolyLine` → `"shape"`; hidden annotations → `"hidden"`; `/Link`, `/Widget` and `/Popup`
///   are ignored. The page's own content (text, images, drawings) is not read.
/// - `formatVersion` is the header's version (`%PDF-1.7` → `"1.7"`), not the catalog's
///   `/Version`; `title` is the document information's `/Title`.
///
/// The file's structure is read as ISO 32000-1 describes it: cross-reference tables and
/// streams, object streams, hybrid files and incremental updates (the newest revision wins,
/// deleted objects stay deleted); a missing or broken cross-reference is rebuilt by scanning
/// the file, with a warning. Only objects the pages and their annotations need are parsed.
/// Encrypted files are refused (`.encrypted`).
///
/// ```swift
/// let url = URL(fileURLWithPath: "handouts/week1.pdf")
/// let notebook = try PDFInk.read(contentsOf: url, fileIdentity: "handouts/week1.pdf")
/// for page in notebook.pages where !page.drawing.strokes.isEmpty {
///     try await library.save(page.drawing, id: page.id.uuidString, title: "week 1, page \(page.number)")
/// }
/// ```
public enum PDFInk {
    /// Whether the bytes start like a PDF: `%PDF-` within the first 1024 bytes (as viewers
    /// accept). Reads nothing else.
    ///
    /// ```swift
    /// if PDFInk.isPDF(try Data(contentsOf: url, options: .mappedIfSafe)) { ... }
    /// ```
    public static func isPDF(_ data: Data) -> Bool {
        PDFBytes.firstIndex(of: Array("%PDF-".utf8), in: Array(data.prefix(1024)), from: 0) != nil
    }

    /// Reads a PDF held in memory; page ids derive from `fileIdentity` (a path, say). O(bytes)
    /// at worst; usually only the cross-reference data, the page tree and the annotations are
    /// parsed. `limits` bound the file, everything its streams inflate to (together), the
    /// pages, the points and the nesting of objects and of the page tree.
    ///
    /// ```swift
    /// let notebook = try PDFInk.read(data, fileIdentity: "scans/lecture-3.pdf")
    /// print(notebook.pages.count, notebook.pages.map(\.drawing.strokes.count))
    /// ```
    public static func read(_ data: Data, fileIdentity: String,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        guard data.count <= limits.maximumBytes else {
            throw NotebookError(.pdf, .tooLarge, "the file is \(data.count) bytes, more than the limit of \(limits.maximumBytes)")
        }
        guard !data.isEmpty else { throw NotebookError(.pdf, .notThisFormat, "the file is empty") }
        let document = try PDFDocument(bytes: [UInt8](data), limits: limits)
        var reader = PDFAnnotationReader(document: document)
        var pages: [InkNotebook.Page] = []
        for pdfPage in try document.pages() {
            let id = DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: pdfPage.number)
            var page = InkNotebook.Page(id: id, number: pdfPage.number, width: pdfPage.box.width, height: pdfPage.box.height)
            if let unit = try document.resolve(pdfPage.dictionary["UserUnit"]).number, unit != 1 {
                document.warn("pages with a /UserUnit other than 1 have their ink in their own units, not points", kind: "user unit")
            }
            try reader.read(pdfPage, into: &page)
            if pdfPage.rotation != 0 { page = Self.turned(page, clockwise: pdfPage.rotation) }
            pages.append(page)
        }
        if pages.isEmpty { document.warn("the document has no pages") }
        var title: String?
        if let info = try document.dictionary(document.trailer["Info"]),
           let text = try document.resolve(info["Title"]).text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            title = text
        }
        return InkNotebook(format: .pdf, pages: pages, title: title, formatVersion: document.version,
                           contentHash: Xournal.contentHash(of: data), fileIdentity: fileIdentity, warnings: document.warnings)
    }

    /// The page as a viewer shows it: `/Rotate` turns it `degrees` (90, 180 or 270) clockwise,
    /// so its ink is turned with it (lines written across a landscape page shown upright read
    /// left to right, as the layout and the recognizer expect), and a quarter turn swaps its
    /// width and height. Points are in the page's top-left, y-down coordinates before and after.
    static func turned(_ page: InkNotebook.Page, clockwise degrees: Int) -> InkNotebook.Page {
        let (width, height) = (page.width, page.height)
        let turn: (CGPoint) -> CGPoint = switch degrees {
        case 90: { CGPoint(x: height - $0.y, y: $0.x) }
        case 180: { CGPoint(x: width - $0.x, y: height - $0.y) }
        case 270: { CGPoint(x: $0.y, y: width - $0.x) }
        default: { $0 }
        }
        var page = page
        if degrees == 90 || degrees == 270 { (page.width, page.height) = (height, width) }
        for s in page.drawing.strokes.indices {
            for p in page.drawing.strokes[s].points.indices {
                page.drawing.strokes[s].points[p].location = turn(page.drawing.strokes[s].points[p].location)
            }
        }
        return page
    }

    /// Reads a PDF file; the identity defaults to its standardized path, so pass one that
    /// survives moves (a path relative to a synced folder) where files move. A file larger than
    /// `limits.maximumBytes` is refused before it is loaded.
    ///
    /// ```swift
    /// let notebook = try PDFInk.read(contentsOf: folder.appendingPathComponent(name), fileIdentity: name)
    /// ```
    public static func read(contentsOf url: URL, fileIdentity: String? = nil,
                            limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw NotebookError(.pdf, .tooLarge, "\(url.path) is \(size) bytes, more than the limit of \(limits.maximumBytes)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotebookError(.pdf, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
        return try read(data, fileIdentity: fileIdentity ?? url.standardizedFileURL.path, limits: limits)
    }
}
