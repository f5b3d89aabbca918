import Foundation

/// Where the cross-reference data says an object lies (ISO 32000-1, 7.5.4 and 7.5.8.3).
enum PDFXrefEntry: Equatable {
    case free
    /// At a byte offset of the file (the generation is not checked against references).
    case offset(Int, generation: Int)
    /// The `index`th object of the object stream numbered `stream`.
    case compressed(stream: Int, index: Int)
}

/// A decoded object stream (7.5.7): the objects' numbers and where each begins.
struct PDFObjectStream {
    var bytes: [UInt8]
    /// Object number and offset (from `/First`) of each object, in the stream's order.
    var objects: [(number: Int, offset: Int)]
    var first: Int
    /// Every object's offset, sorted: each object ends where the next begins.
    var starts: [Int]
}

/// A PDF file opened for reading: its cross-reference data and trailer, and objects parsed on
/// demand by number (each at most once, then cached). Everything the file says is checked
/// before use; damage in one object is a warning and that object reads as null, while what is
/// too large or encrypted throws.
///
/// ```swift
/// let document = try PDFDocument(bytes: Array(data), limits: InkNotebook.Limits())
/// for page in try document.pages() { print(page.number, page.box) }
/// ```
final class PDFDocument {
    let bytes: [UInt8]
    let limits: InkNotebook.Limits
    /// Where `%PDF-` starts: offsets are from the file's start, but files with bytes before the
    /// header sometimes count from the header.
    let headerOffset: Int
    /// The header's version, `"1.7"`.
    let version: String?

    var entries: [Int: PDFXrefEntry] = [:]
    var trailer = PDFDictionary()
    /// Objects found by scanning the whole file, once one was needed.
    var scan: PDFScan?
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []

    private var cache: [Int: PDFObject] = [:]
    private var objectStreams: [Int: PDFObjectStream?] = [:]
    /// Objects being parsed, to break reference cycles.
    private var resolving: Set<Int> = []
    /// Nesting of resolutions (an indirect `/Length` of a stream inside an object stream, ...).
    private var resolutionDepth = 0
    /// Bytes inflated so far: all streams together may inflate to `limits.maximumBytes`.
    private var inflated = 0
    /// Where each of a few keywords occurs in the file, found once when first needed.
    private var keywordPositions: [String: [Int]] = [:]
    /// Every offset the entries give, sorted: an object ends where the next begins. Rebuilt
    /// when the entries change.
    private var boundaries: [Int]?

    static let maximumResolutionDepth = 16
    /// Most hops an object whose value is a reference to another may take.
    static let maximumReferenceHops = 32

    init(bytes: [UInt8], limits: InkNotebook.Limits) throws(NotebookError) {
        self.bytes = bytes
        self.limits = limits
        guard let header = PDFBytes.firstIndex(of: Array("%PDF-".utf8), in: Array(bytes.prefix(1024)), from: 0) else {
            throw NotebookError(.pdf, .notThisFormat, "no '%PDF-' header in the first 1024 bytes")
        }
        headerOffset = header
        var end = header + 5
        while end < bytes.count, end < header + 16, bytes[end] == UInt8(ascii: ".") || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) {
            end += 1
        }
        let written = String(decoding: bytes[(header + 5)..<end], as: UTF8.self)
        version = written.split(separator: ".").count == 2 && !written.hasPrefix(".") && !written.hasSuffix(".") ? written : nil
        if version == nil { warn("the header does not state a version ('%PDF-\(written)')") }
        try loadCrossReference()
    }

    /// Adds a warning, once per `kind` (the message itself where none is given), so that a
    /// damage repeated on every page is one line.
    func warn(_ message: String, kind: String? = nil) {
        if warned.insert(kind ?? message).inserted { warnings.append(message) }
    }

    // MARK: Objects

    /// The object a reference names, following references; other objects as they are.
    func resolve(_ object: PDFObject?) throws(NotebookError) -> PDFObject {
        guard var current = object else { return .null }
        var hops = 0
        while case .reference(let reference) = current {
            hops += 1
            guard hops <= Self.maximumReferenceHops else {
                warn("a chain of references longer than \(Self.maximumReferenceHops) read as null")
                return .null
            }
            current = try self.object(reference.number)
        }
        return current
    }

    /// A dictionary (or a stream's dictionary) where `object` is or names one.
    func dictionary(_ object: PDFObject?) throws(NotebookError) -> PDFDictionary? {
        try resolve(object).dictionary
    }

    /// Indirect object `number`: null where it is free, missing or damaged (with a warning).
    func object(_ number: Int) throws(NotebookError) -> PDFObject {
        if let cached = cache[number] { return cached }
        guard !resolving.contains(number), resolutionDepth < Self.maximumResolutionDepth else { return .null }
        resolving.insert(number)
        resolutionDepth += 1
        defer {
            resolving.remove(number)
            resolutionDepth -= 1
        }
        let value: PDFObject
        do {
            value = try load(number)
        } catch where error.kind == .damaged || error.kind == .unsupported {
            warn("damaged objects were read as null; the first, object \(number): \(error.reason)", kind: "object skipped")
            value = .null
        }
        cache[number] = value
        return value
    }

    private func load(_ number: Int) throws(NotebookError) -> PDFObject {
        switch entries[number] {
        case nil, .free?:
            return .null
        case .compressed(let stream, let index)?:
            return try compressedObject(number, stream: stream, index: index)
        case .offset(let offset, _)?:
            var failure: NotebookError?
            var candidates = [offset]
            if headerOffset > 0, offset <= Int.max - headerOffset { candidates.append(offset + headerOffset) }
            for candidate in candidates {
                do {
                    if let value = try parseDirect(number, at: candidate, end: objectEnd(after: candidate)) { return value }
                } catch where error.kind == .damaged {
                    failure = failure ?? error
                }
            }
            // The cross-reference offset is wrong (or the object runs past the next one listed):
            // the object where scanning the file finds its header, up to the next header.
            let found = scanned()
            if let object = found.objects[number],
               let value = try parseDirect(number, at: object.offset, end: found.end(after: object.offset, in: bytes.count)) {
                if object.offset != offset {
                    warn("some cross-reference offsets are wrong; those objects were found by scanning the file")
                }
                return value
            }
            throw failure ?? NotebookError(.pdf, .damaged, "no object \(number) at byte \(offset)")
        }
    }

    /// The object whose `n g obj` header is at `offset`, where that header names `number`,
    /// read no further than `end`.
    private func parseDirect(_ number: Int, at offset: Int, end: Int) throws(NotebookError) -> PDFObject? {
        guard offset >= 0, offset < bytes.count else { return nil }
        var parser = PDFParser(bytes: bytes, position: offset, end: end, maximumDepth: limits.maximumDepth)
        guard let header = parser.parseObjectHeader(), header.number == number else { return nil }
        return try parser.parseIndirectValue(length: streamLength, endstream: { self.endstream(after: $0) })
    }

    /// An indirect `/Length`: an integer object, parsed without its own streams' lengths.
    func streamLength(_ reference: PDFReference) -> Int? {
        (try? object(reference.number))?.integer
    }

    /// The first `endstream` at or after `position`, from an index built once. O(log n).
    func endstream(after position: Int) -> Int? {
        let found = next("endstream", after: position - 1)
        return found < bytes.count ? found : nil
    }

    /// Where `keyword` next occurs after `position` (or the end of the file), from an index of
    /// its occurrences built once: bounds for parses that cannot know where their object ends.
    /// O(log n) after the first call.
    func next(_ keyword: String, after position: Int) -> Int {
        if keywordPositions[keyword] == nil {
            keywordPositions[keyword] = PDFBytes.allIndices(of: Array(keyword.utf8), in: bytes)
        }
        return PDFScan.next(after: position, in: keywordPositions[keyword] ?? [], or: bytes.count)
    }

    /// Where the object at `offset` must end: the next offset the cross-reference entries give,
    /// or the end of the file. Bounds what a damaged object (an unclosed string, say) can make
    /// the parser read, so that reading stays linear in the file's size. O(log n) after the
    /// first call.
    func objectEnd(after offset: Int) -> Int {
        if boundaries == nil {
            var all: Set<Int> = []
            for entry in entries.values {
                if case .offset(let start, _) = entry { all.insert(start) }
            }
            boundaries = all.sorted()
        }
        return PDFScan.next(after: offset, in: boundaries ?? [], or: bytes.count)
    }

    /// Forgets objects that read as missing, once entries were added (by a scan of the file).
    func forgetMissingObjects() {
        cache = cache.filter { !$0.value.isNull }
        objectStreams = objectStreams.filter { $0.value != nil }
        boundaries = nil
    }

    // MARK: Object streams

    private func compressedObject(_ number: Int, stream: Int, index: Int) throws(NotebookError) -> PDFObject {
        guard let container = try objectStream(stream) else {
            throw NotebookError(.pdf, .damaged, "its object stream \(stream) cannot be read")
        }
        var slot = index >= 0 && index < container.objects.count && container.objects[index].number == number ? index : nil
        if slot == nil { slot = container.objects.firstIndex { $0.number == number } }
        guard let slot else { throw NotebookError(.pdf, .damaged, "object stream \(stream) does not hold it") }
        let (offset, overflow) = container.first.addingReportingOverflow(container.objects[slot].offset)
        guard !overflow, offset >= 0, offset < container.bytes.count else {
            throw NotebookError(.pdf, .damaged, "its offset in object stream \(stream) is outside the stream")
        }
        let relativeEnd = PDFScan.next(after: container.objects[slot].offset, in: container.starts, or: container.bytes.count)
        let end = relativeEnd == container.bytes.count ? relativeEnd : min(container.bytes.count, container.first &+ relativeEnd)
        var parser = PDFParser(bytes: container.bytes, position: offset, end: end, maximumDepth: limits.maximumDepth)
        return try parser.parseObject()
    }

    /// Object stream `number`, decoded and its header read; nil (with a warning) where it cannot be.
    func objectStream(_ number: Int) throws(NotebookError) -> PDFObjectStream? {
        if let known = objectStreams[number] { return known }
        objectStreams[number] = .some(nil)  // a stream that names itself reads as missing
        let decoded: PDFObjectStream?
        do {
            decoded = try decodeObjectStream(number)
        } catch where error.kind == .damaged || error.kind == .unsupported {
            warn("object streams that cannot be read were skipped (their objects read as null); the first, object \(number): \(error.reason)",
                 kind: "object stream skipped")
            decoded = nil
        }
        objectStreams[number] = .some(decoded)
        return decoded
    }

    private func decodeObjectStream(_ number: Int) throws(NotebookError) -> PDFObjectStream? {
        // An object stream must itself lie uncompressed in the file.
        guard case .offset? = entries[number], case .stream(let stream) = try object(number) else {
            throw NotebookError(.pdf, .damaged, "it is not a stream in the file")
        }
        let data = try decode(stream)
        guard let count = stream.dictionary["N"]?.integer, count >= 0,
              let first = stream.dictionary["First"]?.integer, first >= 0, first <= data.count else {
            throw NotebookError(.pdf, .damaged, "its /N or /First is missing or out of range")
        }
        var lexer = PDFLexer(bytes: data)
        var objects: [(number: Int, offset: Int)] = []
        // Each pair takes at least four bytes, so a count larger than the header allows is cut.
        objects.reserveCapacity(min(count, first / 4 + 1))
        while objects.count < count {
            guard case .integer(let objectNumber)? = try? lexer.next(), objectNumber >= 0,
                  case .integer(let offset)? = try? lexer.next(), offset >= 0, lexer.position <= first else {
                warn("object streams listing fewer objects than their /N says were read as far as they go, first object \(number)", kind: "object stream short")
                break
            }
            objects.append((objectNumber, offset))
        }
        return PDFObjectStream(bytes: data, objects: objects, first: first, starts: objects.map(\.offset).sorted())
    }

    /// A stream's decoded bytes (`/Filter` and `/DecodeParms` may be indirect), counted against
    /// the limit on all inflated bytes.
    func decode(_ stream: PDFStream) throws(NotebookError) -> [UInt8] {
        var direct = stream
        for key in ["Filter", "DecodeParms"] {
            guard let value = stream.dictionary[key] else { continue }
            var resolved = try resolve(value)
            if case .array(let items) = resolved {
                var flat: [PDFObject] = []
                for item in items { flat.append(try resolve(item)) }
                resolved = .array(flat)
            }
            direct.dictionary.entries[key] = resolved
        }
        let budget = limits.maximumBytes - inflated
        guard budget > 0 else {
            throw NotebookError(.pdf, .tooLarge, "the file's streams decode to more than \(limits.maximumBytes) bytes")
        }
        let data = try PDFFilters.decode(direct, in: bytes, limit: budget)
        inflated += data.count
        return data
    }
}
