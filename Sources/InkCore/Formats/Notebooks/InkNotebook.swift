import Foundation

/// A notebook as read from another app's files: pages of ink with stable ids, and what the pages
/// held that did not become strokes. Every notebook reader but Xournal++'s gives one
/// (reMarkable, Rnote, Saber, PDF ink annotations); `DrawingFile.readPages` gives any of them as
/// `DrawingFile.Page`s.
///
/// Page ids derive from the caller's file identity and, where the format names its pages (a
/// reMarkable page's UUID), that name, else the page number: reading a changed notebook again
/// gives the same ids, so a library updates its notes instead of adding new ones. Stroke ids
/// derive from the page id and the stroke's own id or points (`NotebookStrokeIDs`).
///
/// ```swift
/// let notebook = try Rnote.read(data, fileIdentity: "notes/lecture.rnote")
/// for page in notebook.pages {
///     print(page.number, page.drawing.strokes.count, page.highlighterStrokes, page.skipped)
/// }
/// ```
public struct InkNotebook: Sendable, Hashable {
    /// The app whose files were read.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case remarkable, rnote, saber, pdf

        /// The name people know it by, for messages.
        public var displayName: String {
            switch self {
            case .remarkable: "reMarkable"
            case .rnote: "Rnote"
            case .saber: "Saber"
            case .pdf: "PDF"
            }
        }
    }

    /// One page: its ink as a `Drawing` in page coordinates, `y` downward, in the format's own
    /// unit (reMarkable screen pixels, Rnote and Saber document units, PDF points).
    public struct Page: Sendable, Hashable, Identifiable {
        public var id: UUID
        /// From 1, in the order the app shows the pages.
        public var number: Int
        /// Page size in the drawing's unit, where the format gives one (0 where it does not).
        public var width: Double
        public var height: Double
        /// Pen and pencil strokes (ink tool `.pen`, `.pencil`, ...) and highlighter strokes (ink
        /// tool `.marker`), in the order they were drawn where the format keeps it, bottom layer first.
        public var drawing = Drawing()
        /// How many of the drawing's strokes are highlighter strokes (ink tool `.marker`).
        public var highlighterStrokes = 0
        /// Typed text boxes and highlighted document text, kept so that they can be searched; also
        /// in the drawing's annotations under `InkNotebook.textKey` (`#2`, `#3`, ... for further ones).
        public var texts: [String] = []
        /// What did not become strokes, by kind: `"eraser"`, `"text"`, `"image"`, `"shape"`,
        /// `"highlight"`, `"empty stroke"`, ... with how many of each.
        public var skipped: [String: Int] = [:]

        public init(id: UUID, number: Int, width: Double = 0, height: Double = 0) {
            self.id = id
            self.number = number
            self.width = width
            self.height = height
        }

        /// Adds a typed text to `texts` and to the drawing's annotations.
        mutating func keepText(_ text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return }
            texts.append(trimmed)
            let key = texts.count == 1 ? InkNotebook.textKey : "\(InkNotebook.textKey)#\(texts.count)"
            drawing.annotations[key] = trimmed
        }

        /// Counts an element of `kind` that did not become a stroke.
        mutating func skip(_ kind: String, count: Int = 1) {
            skipped[kind, default: 0] += count
        }
    }

    public var format: Format
    public var pages: [Page]
    /// The notebook's own name, where the format keeps one (a reMarkable notebook's visible name).
    public var title: String?
    /// The format version as the file states it (`"6"` for a v6 reMarkable page, `"0.9.2"` for
    /// Rnote, `"1.7"` for a PDF), where it does.
    public var formatVersion: String?
    /// CRC-32 of the bytes read: unchanged bytes, unchanged pages.
    public var contentHash: UInt32
    /// The identity the page ids were derived from.
    public var fileIdentity: String
    /// One line per kind of content the model could not carry, and per part of the file that was
    /// damaged but skipped.
    public var warnings: [String]

    public init(format: Format, pages: [Page], title: String? = nil, formatVersion: String? = nil,
                contentHash: UInt32, fileIdentity: String, warnings: [String] = []) {
        self.format = format
        self.pages = pages
        self.title = title
        self.formatVersion = formatVersion
        self.contentHash = contentHash
        self.fileIdentity = fileIdentity
        self.warnings = warnings
    }

    /// Drawing annotation holding a page's typed text.
    public static let textKey = "notebook:text"

    /// The id of a page named `pageName` (a format's own page id) in the file known as
    /// `fileIdentity`; where the format has no page names, `DrawingFile.pageID(fileIdentity:pageNumber:)`.
    public static func pageID(fileIdentity: String, pageName: String) -> UUID {
        UUID(deterministicFrom: "page \(pageName) of \(fileIdentity)")
    }

    /// Bounds on what a notebook may ask of memory and time. Every reader checks them before it
    /// allocates.
    public struct Limits: Sendable, Hashable {
        /// Largest file, and largest inflated stream or entry, in bytes.
        public var maximumBytes: Int
        /// Most pages read from one notebook.
        public var maximumPages: Int
        /// Most points in one notebook, all pages together.
        public var maximumPoints: Int
        /// Deepest nesting of JSON, BSON or PDF objects.
        public var maximumDepth: Int

        public init(maximumBytes: Int = 512 << 20, maximumPages: Int = 100_000, maximumPoints: Int = 50_000_000,
                    maximumDepth: Int = 256) {
            self.maximumBytes = maximumBytes
            self.maximumPages = maximumPages
            self.maximumPoints = maximumPoints
            self.maximumDepth = maximumDepth
        }
    }
}
