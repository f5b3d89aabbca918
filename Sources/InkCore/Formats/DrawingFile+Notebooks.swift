import Foundation

/// Notebooks as notes: every format's pages with ids and titles, from a file or from bytes
/// received (an upload), with the same rules wherever a file is taken (the CLI, the HTTP API,
/// the C library).
extension DrawingFile {
    /// A page of a file as a note: `readNotes(from:fileIdentity:)`.
    public struct Note: Sendable, Hashable, Identifiable {
        public var id: UUID
        /// The page's number in its file, from 1.
        public var number: Int
        public var title: String
        public var drawing: Drawing
    }

    /// A file's pages as notes to store: each page's id, number, drawing and a title, the file's
    /// (or notebook's) name alone for a single page, "name, page n" otherwise. A reMarkable
    /// notebook's own name is used (its files are named by UUID), else the file's name.
    /// A PDF's pages without ink or typed annotations are left out: the document's pages are
    /// not the writer's notes, and a page that gains ink later becomes a note then.
    ///
    /// ```swift
    /// let read = try DrawingFile.readNotes(from: url, fileIdentity: "notes/lecture.rnote")
    /// for note in read.notes { try await library.save(note.drawing, id: note.id.uuidString, title: note.title) }
    /// ```
    public static func readNotes(from url: URL, fileIdentity: String? = nil) throws -> (notes: [Note], warnings: [String]) {
        // Told once: a file without its extension is known by its bytes, which are not read again.
        let format = Format(contentsOf: url)
        let read = try readPagesAndTitle(from: url, format: format, fileIdentity: fileIdentity)
        return notes(read, format: format, name: url.lastPathComponent)
    }

    /// The same for a file's bytes, as received: the format from `fileName`'s extension, else
    /// from the bytes. Page ids derive from `fileIdentity` (by default the file name), so sending
    /// the same file again names the same notes. A reMarkable tablet folder cannot come as bytes;
    /// its `.rmdoc` can. A dataset file is refused (`Failure.readOnly`).
    ///
    /// ```swift
    /// let read = try DrawingFile.readNotes(body, fileName: "handout.pdf", fileIdentity: "uploads/42/handout.pdf")
    /// ```
    public static func readNotes(_ data: Data, fileName: String, fileIdentity: String? = nil) throws -> (notes: [Note], warnings: [String]) {
        guard let format = Format(path: fileName) ?? Format(sniffing: data) else {
            throw Failure.unknownExtension(path: fileName)
        }
        let identity = fileIdentity ?? fileName
        let read: (pages: [Page], warnings: [String], title: String?)
        switch format {
        case .xournal:
            let notebook = try Xournal.read(data, fileIdentity: identity)
            read = (notebook.pages.map { Page(id: $0.id, number: $0.number, drawing: $0.drawing) }, notebook.warnings, nil)
        case .remarkable, .rnote, .saber, .pdf:
            read = pages(of: try readInkNotebook(data, format: format, fileIdentity: identity))
        case .dataset:
            throw Failure.readOnly(path: fileName, format: format)
        case .json, .inkml, .binary:
            let (drawing, warnings) = try drawing(data, format: format, path: fileName)
            read = ([Page(id: pageID(fileIdentity: identity, pageNumber: 1), number: 1, drawing: drawing)], warnings, nil)
        }
        return notes(read, format: format, name: fileName)
    }

    /// A notebook of another app (reMarkable, Rnote, Saber, PDF), as its reader gives it: the
    /// pages with their sizes, typed text and what was skipped.
    ///
    /// ```swift
    /// let notebook = try DrawingFile.readInkNotebook(from: url)
    /// print(notebook.format, notebook.pages.count, notebook.warnings)
    /// ```
    public static func readInkNotebook(from url: URL, fileIdentity: String? = nil,
                                       limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        try readInkNotebook(from: url, format: Format(contentsOf: url), fileIdentity: fileIdentity ?? Xournal.defaultFileIdentity(of: url),
                            limits: limits)
    }

    private static func readInkNotebook(from url: URL, format: Format?, fileIdentity identity: String,
                                        limits: InkNotebook.Limits) throws(NotebookError) -> InkNotebook {
        if format == .remarkable { return try Remarkable.read(contentsOf: url, fileIdentity: identity, limits: limits) }
        let notebookFormat = format.flatMap(InkNotebook.Format.init) ?? .pdf
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw NotebookError(notebookFormat, .tooLarge, "\(url.path) is \(size) bytes, more than the limit of \(limits.maximumBytes)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotebookError(notebookFormat, .cannotRead, "\(url.path): \(error.localizedDescription)")
        }
        return try readInkNotebook(data, format: format, fileIdentity: identity, limits: limits)
    }

    /// The same for bytes held in memory, in `format` (sniffed where nil).
    public static func readInkNotebook(_ data: Data, format: Format?, fileIdentity: String,
                                       limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
        switch format ?? Format(sniffing: data) {
        case .remarkable: try Remarkable.read(data, fileIdentity: fileIdentity, limits: limits)
        case .rnote: try Rnote.read(data, fileIdentity: fileIdentity, limits: limits)
        case .saber: try Saber.read(data, fileIdentity: fileIdentity, limits: limits)
        case .pdf: try PDFInk.read(data, fileIdentity: fileIdentity, limits: limits)
        default: throw NotebookError(.pdf, .notThisFormat, "not a notebook of reMarkable, Rnote, Saber or a PDF")
        }
    }

    /// The pages of a file in `format` (`Format(contentsOf:)`, which the caller has told).
    static func readPagesAndTitle(from url: URL, format: Format?, fileIdentity: String?) throws -> (pages: [Page], warnings: [String], title: String?) {
        let identity = fileIdentity ?? Xournal.defaultFileIdentity(of: url)
        switch format {
        case .xournal:
            let notebook = try readNotebook(from: url, fileIdentity: identity)
            return (notebook.pages.map { Page(id: $0.id, number: $0.number, drawing: $0.drawing) }, notebook.warnings, nil)
        case .remarkable, .rnote, .saber, .pdf:
            return pages(of: try readInkNotebook(from: url, format: format, fileIdentity: identity, limits: InkNotebook.Limits()))
        default:
            let (drawing, warnings) = try readWithWarnings(from: url)
            return ([Page(id: pageID(fileIdentity: identity, pageNumber: 1), number: 1, drawing: drawing)], warnings, nil)
        }
    }

    private static func pages(of notebook: InkNotebook) -> (pages: [Page], warnings: [String], title: String?) {
        // A tablet names its files by UUID, so its notebook's own name is the one people know;
        // elsewhere the file's name is (a PDF's /Title is often a word processor's leftover).
        let title = notebook.format == .remarkable
            ? notebook.title.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 } : nil
        return (notebook.pages.map { Page(id: $0.id, number: $0.number, drawing: $0.drawing) }, notebook.warnings, title)
    }

    private static func notes(_ read: (pages: [Page], warnings: [String], title: String?), format: Format?,
                              name: String) -> (notes: [Note], warnings: [String]) {
        let name = read.title ?? name
        var pages = read.pages
        var warnings = read.warnings
        if format == .pdf {
            pages = pages.filter { !$0.drawing.strokes.isEmpty || $0.drawing.annotations[InkNotebook.textKey] != nil }
            if pages.count < read.pages.count {
                warnings.append("\(read.pages.count - pages.count) of the PDF's \(read.pages.count) pages hold no ink and were left out")
            }
        }
        let notes = pages.map { page in
            Note(id: page.id, number: page.number, title: read.pages.count == 1 ? name : "\(name), page \(page.number)",
                 drawing: page.drawing)
        }
        return (notes, warnings)
    }
}

extension InkNotebook.Format {
    /// The notebook format of a drawing-file format, where it is one.
    init?(_ format: DrawingFile.Format) {
        switch format {
        case .remarkable: self = .remarkable
        case .rnote: self = .rnote
        case .saber: self = .saber
        case .pdf: self = .pdf
        default: return nil
        }
    }
}
