import Foundation

/// A Xournal++ notebook (or Xournal journal) as read: one `Drawing` per page, with what the
/// pages carried besides ink.
///
/// Page identifiers are derived from the caller's file identity and the page number
/// (`DrawingFile.pageID(fileIdentity:pageNumber:)`), so reading a changed notebook again gives
/// the same ids and a library updates its notes instead of adding new ones. `contentHash` lets a
/// folder sync skip a notebook whose bytes have not changed.
///
/// ```swift
/// let notebook = try Xournal.read(contentsOf: URL(fileURLWithPath: "lecture.xopp"))
/// for page in notebook.pages {
///     print(page.number, page.id, page.drawing.strokes.count, page.skipped.images, page.texts.map(\.text))
/// }
/// ```
public struct XournalNotebook: Sendable, Hashable {
    /// How the XML was packed.
    public enum Container: String, Sendable, Hashable {
        /// Gzip-compressed XML: `.xopp`, and every `.xoj`.
        case gzip
        /// A ZIP package holding `mimetype`, `content.xml` and attachments (newer `.xopp`).
        case zip
        /// Uncompressed XML, which Xournal++ also opens.
        case xml
    }

    /// A page's `<background>`: its kind and, for a plain one, its color and ruling.
    public struct Background: Sendable, Hashable {
        /// `solid`, `pixmap` or `pdf` (images and PDF pages are not read, only named here).
        public var type: String
        /// The paper color (`#rrggbbaa`, or Xournal's color names), where given and understood.
        public var color: Ink.Color?
        /// The ruling of a solid background: `plain`, `lined`, `ruled`, `graph`, `dotted`, ...
        public var style: String?
    }

    /// A `<text>` element: typed text, which is not ink, kept so that it can be searched.
    public struct TypedText: Sendable, Hashable {
        public var text: String
        /// Where the text box starts, in page coordinates.
        public var x: Double
        public var y: Double
        public var font: String?
        /// Font size in points.
        public var size: Double?
        public var color: Ink.Color?
    }

    /// What a page held that did not become strokes.
    public struct SkippedElements: Sendable, Hashable {
        /// `<text>` elements; their text is in `Page.texts` and the drawing's annotations.
        public var texts = 0
        /// `<image>` elements (pasted pictures).
        public var images = 0
        /// `<teximage>` elements (rendered LaTeX); their source is in the drawing's annotations.
        public var latex = 0
        /// Eraser strokes: the whiteout they paint is not ink.
        public var erasers = 0
        /// Strokes without points, and elements the reader does not know (named in the warnings).
        public var other = 0

        public init() {}

        public var total: Int { texts + images + latex + erasers + other }
    }

    /// One page: its ink as a `Drawing`, in page coordinates (points, `y` downward), with every
    /// layer's strokes in document order (bottom layer first).
    public struct Page: Sendable, Hashable, Identifiable {
        /// Stable for a given file identity and page number.
        public var id: UUID
        /// From 1, as Xournal++ numbers pages.
        public var number: Int
        /// Page size in points.
        public var width: Double
        public var height: Double
        public var background: Background?
        /// Pen and highlighter strokes. Typed text is in the annotations `Xournal.textKey`
        /// (`#2`, `#3`, ... for further boxes) and LaTeX source in `Xournal.latexKey`.
        public var drawing = Drawing()
        public var texts: [TypedText] = []
        /// How many of the drawing's strokes are highlighter strokes (ink tool `.marker`).
        public var highlighterStrokes = 0
        public var skipped = SkippedElements()

        init(id: UUID, number: Int, width: Double, height: Double) {
            self.id = id
            self.number = number
            self.width = width
            self.height = height
        }
    }

    public var pages: [Page]
    /// The `<title>`, which Xournal++ fills with its own name rather than the user's.
    public var title: String?
    /// The `creator` attribute (`Xournal++ 1.1.3`), or for old journals `Xournal <version>`.
    public var creator: String?
    /// The format version: `fileversion`, or a package's `META-INF/version`; nil for old journals.
    public var fileVersion: Int?
    public var container: Container
    /// CRC-32 of the file's bytes as given (before inflating): unchanged bytes, unchanged pages.
    public var contentHash: UInt32
    /// The identity the page ids were derived from.
    public var fileIdentity: String
    /// One line per kind of content the model could not carry (attributes, elements, widths).
    public var warnings: [String]
}
