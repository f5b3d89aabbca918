import Foundation

/// Reads and writes drawings in the format named by a file's extension: `.inkml` (W3C InkML),
/// `.json` (the model's Codable form), `.ink` (the binary encoding) and, read-only, the dataset
/// format `.jsonl` / `.jsonl.gz` and other apps' notebooks: Xournal++ (`.xopp`, `.xoj`),
/// reMarkable (`.rm`, `.rmdoc`, `.rmn`, a tablet folder's `UUID.content`), Rnote (`.rnote`),
/// Saber (`.sbn2`, `.sbn`) and the ink annotations of PDFs (`.pdf`). Notebooks are also
/// recognized without their extension, by their first bytes.
///
/// A notebook holds many pages: `readPages(from:fileIdentity:)` gives each as a drawing with a
/// stable id, while `read(from:)` gives the first page (and says so in its warnings).
///
/// ```swift
/// let drawing = try DrawingFile.read(from: URL(fileURLWithPath: "note.inkml"))
/// try DrawingFile.write(drawing, to: URL(fileURLWithPath: "note.ink"))
/// let samples = try DrawingFile.readSamples(from: URL(fileURLWithPath: "testset_v.jsonl.gz"), limit: 10)
/// let pages = try DrawingFile.readPages(from: URL(fileURLWithPath: "lecture.xopp")).pages
/// ```
public enum DrawingFile {
    public enum Format: String, Sendable, CaseIterable {
        case json
        case inkml
        /// The binary encoding (`BinaryDrawingCodec`), extension `.ink`.
        case binary = "ink"
        /// Gzip (or plain) JSON Lines of labeled samples; read-only.
        case dataset = "jsonl.gz"
        /// Xournal++ notebooks (`.xopp`) and Xournal journals (`.xoj`), one drawing per page;
        /// read-only (`Xournal`).
        case xournal = "xopp"
        /// reMarkable page files (`.rm`), packages (`.rmdoc`, `.rmn`) and tablet notebook folders
        /// (named by their `UUID.content`); read-only (`Remarkable`).
        case remarkable = "rm"
        /// Rnote documents (`.rnote`); read-only (`Rnote`).
        case rnote
        /// Saber notes (`.sbn2`, the older `.sbn`, and `.sba` archives); read-only (`Saber`).
        case saber = "sbn2"
        /// The ink annotations of a PDF (`.pdf`), one drawing per page; read-only (`PDFInk`).
        case pdf

        /// The format for a path's extension, or nil where none matches.
        public init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".jsonl.gz") || lower.hasSuffix(".jsonl") { self = .dataset }
            else if lower.hasSuffix(".json") { self = .json }
            else if lower.hasSuffix(".inkml") { self = .inkml }
            else if lower.hasSuffix(".ink") { self = .binary }
            else if lower.hasSuffix(".xopp") || lower.hasSuffix(".xoj") { self = .xournal }
            else if [".rm", ".rmdoc", ".rmn", ".content"].contains(where: lower.hasSuffix) { self = .remarkable }
            else if lower.hasSuffix(".rnote") { self = .rnote }
            else if lower.hasSuffix(".sbn2") || lower.hasSuffix(".sbn") || lower.hasSuffix(".sba") { self = .saber }
            else if lower.hasSuffix(".pdf") { self = .pdf }
            else { return nil }
        }

        /// The format for a path's extension or, where none matches, for the file's first bytes
        /// (a notebook saved without its extension): nil where neither tells.
        ///
        /// ```swift
        /// let format = DrawingFile.Format(contentsOf: URL(fileURLWithPath: "Downloads/notebook"))  // .xournal
        /// ```
        public init?(contentsOf url: URL) {
            if let format = Format(path: url.path) {
                self = format
                return
            }
            // A tablet's notebook folder, named by its page folder beside the `.content`.
            if Remarkable.notebookFolder(of: url) != nil {
                self = .remarkable
                return
            }
            // Mapped, so that sniffing a large file reads only the pages it looks at.
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), let format = Format(sniffing: data) else { return nil }
            self = format
        }

        /// The notebook format the bytes are, by their first bytes (and for a ZIP, its directory;
        /// for gzip, the first kilobytes it inflates to): nil where none is recognized.
        ///
        /// ```swift
        /// let format = DrawingFile.Format(sniffing: uploadedBytes)  // .pdf
        /// ```
        public init?(sniffing data: Data) {
            if Xournal.isNotebook(data) { self = .xournal }
            else if Remarkable.isPageFile(data) || Remarkable.isPackage(data) { self = .remarkable }
            else if PDFInk.isPDF(data) { self = .pdf }
            else if Rnote.isRnote(data) { self = .rnote }
            else if Saber.isSaber(data) { self = .saber }
            else { return nil }
        }

        public var isWritable: Bool { self == .json || self == .inkml || self == .binary }

        /// Every extension read, for messages: ".json, .inkml, .ink, ...".
        public static let knownExtensions = ".json, .inkml, .ink, .jsonl, .jsonl.gz, .xopp, .xoj, .rm, .rmdoc, .rmn, .content, .rnote, .sbn2, .sbn, .sba, .pdf"

        /// Whether a file of this format holds pages (`readPages` gives them all).
        public var isNotebook: Bool {
            switch self {
            case .xournal, .remarkable, .rnote, .saber, .pdf: true
            case .json, .inkml, .binary, .dataset: false
            }
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownExtension(path: String)
        case readOnly(path: String, format: Format)
        /// A dataset file without samples, or without the one asked for.
        case noSuchSample(path: String, id: String?)
        /// The file's content is not valid JSON for a drawing.
        case invalidJSON(path: String, reason: String)

        public var description: String {
            switch self {
            case .unknownExtension(let path):
                "cannot tell the format of \(path) from its extension (known: \(Format.knownExtensions))"
            case .readOnly(let path, let format): "\(path): the \(format.rawValue) format is read-only"
            case .noSuchSample(let path, let id): id.map { "\(path): no sample with id '\($0)'" } ?? "\(path): no samples"
            case .invalidJSON(let path, let reason): "\(path): not a JSON drawing: \(reason)"
            }
        }
    }

    /// The drawing in a file; for a dataset file, its first sample's; for a notebook, its first
    /// page's. O(file size).
    public static func read(from url: URL) throws -> Drawing {
        try readWithWarnings(from: url).drawing
    }

    /// The drawing and what the format could not carry into the model (InkML's dropped channels,
    /// the pages of a notebook after the first).
    public static func readWithWarnings(from url: URL) throws -> (drawing: Drawing, warnings: [String]) {
        guard let format = Format(contentsOf: url) else { throw Failure.unknownExtension(path: url.path) }
        switch format {
        case .xournal, .remarkable, .rnote, .saber, .pdf:
            let (pages, notebookWarnings, _) = try readPagesAndTitle(from: url, format: format, fileIdentity: nil)
            var warnings = notebookWarnings
            if pages.count > 1 {
                warnings.append("the notebook has \(pages.count) pages; only page 1 was read (DrawingFile.readPages reads them all)")
            }
            return (pages.first?.drawing ?? Drawing(), warnings)
        case .dataset:
            return (try readSample(from: url, id: nil).drawing, [])
        case .json, .binary:
            return try drawing(Data(contentsOf: url), format: format, path: url.path)
        case .inkml:
            // Refused before reading, so that a huge file is never loaded into memory.
            let limit = XMLLimits().maximumBytes
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit {
                throw InkMLError.xml(line: 1, column: 1, reason: "document is \(size) bytes, more than the limit of \(limit)")
            }
            return try drawing(Data(contentsOf: url), format: format, path: url.path)
        }
    }

    /// The drawing in the bytes of a one-drawing format (JSON, InkML, binary).
    static func drawing(_ data: Data, format: Format, path: String) throws -> (drawing: Drawing, warnings: [String]) {
        switch format {
        case .json:
            do {
                let decoder = JSONDecoder()
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                return (try decoder.decode(Drawing.self, from: data), [])
            } catch let error as DecodingError {
                throw Failure.invalidJSON(path: path, reason: Self.describe(error))
            }
        case .inkml:
            let result = try InkML.read(data)
            return (result.drawing, result.warnings)
        case .binary:
            return (try BinaryDrawingCodec.decode(data), [])
        default:
            throw Failure.unknownExtension(path: path)
        }
    }

    /// Labeled samples: every sample of a dataset file (up to `limit`, streamed), one sample per
    /// page of a notebook (id `<file name>#<page number>`, up to `limit`), or for any other format
    /// one sample whose id is the file name. The text is the drawing's `text` annotation (empty
    /// where absent).
    public static func readSamples(from url: URL, limit: Int? = nil) throws -> [LabeledSample] {
        if Format(path: url.path) == .dataset {
            return try DatasetReader(path: url.path).readAll(limit: limit)
        }
        if Format(contentsOf: url)?.isNotebook == true {
            return try readPages(from: url).pages.prefix(limit ?? .max).map { page in
                LabeledSample(id: "\(url.lastPathComponent)#\(page.number)", writer: nil,
                              text: page.drawing.annotations["text"] ?? "", drawing: page.drawing)
            }
        }
        let drawing = try read(from: url)
        return [LabeledSample(id: url.lastPathComponent, writer: nil, text: drawing.annotations["text"] ?? "", drawing: drawing)]
    }

    /// The sample with the given id (the first sample where `id` is nil) of a dataset file,
    /// reading only as far as that sample; of any other file, the one `readSamples` names so.
    public static func readSample(from url: URL, id: String?) throws -> LabeledSample {
        guard Format(path: url.path) == .dataset else {
            let samples = try readSamples(from: url)
            let sample = if let id { samples.first { $0.id == id } } else { samples.first }
            guard let sample else { throw Failure.noSuchSample(path: url.path, id: id) }
            return sample
        }
        var iterator = try DatasetReader(path: url.path).makeIterator()
        while let sample = try iterator.nextSample() {
            if id == nil || sample.id == id { return sample }
        }
        throw Failure.noSuchSample(path: url.path, id: id)
    }

    /// One page of a file: a notebook has many, every other format one.
    public struct Page: Sendable, Hashable, Identifiable {
        /// `pageID(fileIdentity:pageNumber:)`: the same for every read of the same file identity.
        public var id: UUID
        /// From 1.
        public var number: Int
        public var drawing: Drawing

        public init(id: UUID, number: Int, drawing: Drawing) {
            self.id = id
            self.number = number
            self.drawing = drawing
        }
    }

    /// Every page of a file, each with a stable id: all pages of a Xournal++ notebook, or the one
    /// drawing of any other format (a dataset file's first sample) as page 1. The identity
    /// defaults to the file's standardized path; pass one that survives moves where files move.
    /// O(file size).
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "notes/lecture.xopp")
    /// for page in try DrawingFile.readPages(from: url, fileIdentity: "notes/lecture.xopp").pages {
    ///     try await library.save(page.drawing, id: page.id.uuidString, title: "lecture, page \(page.number)")
    /// }
    /// ```
    public static func readPages(from url: URL, fileIdentity: String? = nil) throws -> (pages: [Page], warnings: [String]) {
        let read = try readPagesAndTitle(from: url, format: Format(contentsOf: url), fileIdentity: fileIdentity)
        return (read.pages, read.warnings)
    }

    /// The identifier of page `pageNumber` (from 1) of the file known as `fileIdentity`: the same
    /// on every read, so that re-reading a changed file updates its notes instead of adding new
    /// ones. A page inserted before others shifts the numbers, and so the ids, of those after it.
    ///
    /// ```swift
    /// let id = DrawingFile.pageID(fileIdentity: "notes/lecture.xopp", pageNumber: 2)
    /// ```
    public static func pageID(fileIdentity: String, pageNumber: Int) -> UUID {
        UUID(deterministicFrom: "page \(pageNumber) of \(fileIdentity)")
    }

    /// CRC-32 of a file's bytes (`Xournal.contentHash(of:)`), so that a folder sync can skip a file
    /// that has not changed since it was last read. O(file size).
    ///
    /// ```swift
    /// if try DrawingFile.contentHash(of: url) != stored[url.path] { pages = try DrawingFile.readPages(from: url).pages }
    /// ```
    public static func contentHash(of url: URL) throws -> UInt32 {
        if Remarkable.notebookFolder(of: url) != nil { return try Remarkable.contentHash(ofNotebookAt: url) }
        let data = try Data(contentsOf: url, options: .mappedIfSafe)
        return Xournal.contentHash(of: data)
    }

    static func readNotebook(from url: URL, fileIdentity: String) throws -> XournalNotebook {
        // Refused before reading, so that a huge file is never loaded into memory.
        let limits = Xournal.Limits()
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumBytes {
            throw XournalError.tooLarge(what: "\(url.path) (\(size) bytes)", limit: limits.maximumBytes)
        }
        return try Xournal.read(Data(contentsOf: url), fileIdentity: fileIdentity, limits: limits)
    }

    public static func write(_ drawing: Drawing, to url: URL) throws {
        guard let format = Format(path: url.path) else { throw Failure.unknownExtension(path: url.path) }
        try data(drawing, format: format, path: url.path).write(to: url, options: .atomic)
    }

    /// A drawing encoded in a writable format.
    public static func data(_ drawing: Drawing, format: Format, path: String = "<memory>") throws -> Data {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return try encoder.encode(drawing)
        case .inkml: return Data(try InkML.write(drawing).utf8)
        case .binary: return BinaryDrawingCodec.encode(drawing)
        case .dataset, .xournal, .remarkable, .rnote, .saber, .pdf: throw Failure.readOnly(path: path, format: format)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            let path = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path.isEmpty ? "" : "at \(path): ") + c.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
