import Foundation

/// What scanning the whole file for `n g obj` headers found: the last definition of each object
/// (later revisions are appended), and the dictionaries that can stand for a trailer.
struct PDFScan {
    /// Each object's last header in the file.
    var objects: [Int: (offset: Int, generation: Int)] = [:]
    /// `trailer` dictionaries and cross-reference stream dictionaries, with where they start,
    /// in file order.
    var trailers: [(offset: Int, dictionary: PDFDictionary)] = []
    /// Object streams (`/Type /ObjStm`), by object number, in file order.
    var objectStreams: [(offset: Int, number: Int)] = []
    /// The last `/Type /Catalog` object, for a file without any trailer.
    var catalog: PDFReference?
    /// Where every header found starts, sorted.
    var headers: [Int] = []

    /// Where the object whose header is at `offset` must end: at the next header.
    func end(after offset: Int, in count: Int) -> Int {
        Self.next(after: offset, in: headers, or: count)
    }

    /// The first of the sorted `positions` greater than `offset`, else `fallback`. O(log n).
    static func next(after offset: Int, in positions: [Int], or fallback: Int) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low < positions.count ? positions[low] : fallback
    }
}

/// Reading the cross-reference sections (ISO 32000-1, 7.5.4–7.5.8): from `startxref` back
/// through every `/Prev`, classic tables and cross-reference streams alike, a hybrid file's
/// `/XRefStm` after its table; the newest entry for an object wins, free entries included. Where
/// the sections are missing or broken, the file is scanned for its objects instead.
extension PDFDocument {
    static let maximumSections = 100_000

    func loadCrossReference() throws(NotebookError) {
        let (readAny, problem) = try readSections()
        try refuseEncrypted()
        // Objects looked up while sections were still being read may have been missed.
        forgetMissingObjects()
        if readAny, problem == nil, try dictionary(trailer["Root"]) != nil { return }
        // Some sections were read: keep them (they know which objects were freed) and add what
        // the scan finds for the objects they do not list.
        let reason = problem ?? (readAny ? "the trailer names no readable catalog" : "no cross-reference section was found")
        warn("the cross-reference data is damaged (\(reason)); objects were found by scanning the file")
        adoptScan(replacing: !readAny)
        try refuseEncrypted()
        guard try dictionary(trailer["Root"]) != nil else {
            throw NotebookError(.pdf, .damaged, "no document catalog (/Root) was found")
        }
    }

    private func refuseEncrypted() throws(NotebookError) {
        if trailer["Encrypt"] != nil {
            throw NotebookError(.pdf, .encrypted, "the trailer has /Encrypt (password or certificate security)")
        }
    }

    // MARK: Sections

    /// Reads every section from the last `startxref`: whether any was read, and why the chain
    /// stopped early where it did (the entries read so far are kept).
    private func readSections() throws(NotebookError) -> (readAny: Bool, problem: String?) {
        guard let keyword = PDFBytes.lastIndex(of: Array("startxref".utf8), in: bytes, before: bytes.count) else {
            return (false, nil)
        }
        var lexer = PDFLexer(bytes: bytes, position: keyword + 9)
        guard case .integer(let start)? = try? lexer.next() else {
            return (false, "'startxref' is not followed by an offset")
        }
        var next: Int? = start
        var visited: Set<Int> = []
        var readAny = false
        while let offset = next {
            guard visited.insert(offset).inserted, visited.count <= Self.maximumSections else {
                warn("the cross-reference sections' /Prev entries loop; the loop was cut")
                break
            }
            let sectionTrailer: PDFDictionary
            do {
                sectionTrailer = try readSection(at: offset)
            } catch where error.kind == .damaged {
                return (readAny, error.reason)
            }
            readAny = true
            merge(sectionTrailer)
            next = sectionTrailer["Prev"]?.integer
        }
        return (readAny, nil)
    }

    /// Newer trailer entries win.
    private func merge(_ sectionTrailer: PDFDictionary) {
        for (key, value) in sectionTrailer.entries where trailer.entries[key] == nil && key != "Prev" && key != "XRefStm" {
            trailer.entries[key] = value
        }
    }

    /// The section at `offset` (or `offset` counted from the header): its entries added where
    /// no newer section gave one; its trailer returned.
    private func readSection(at offset: Int) throws(NotebookError) -> PDFDictionary {
        var candidates = [offset]
        if headerOffset > 0, offset <= Int.max - headerOffset { candidates.append(offset + headerOffset) }
        for candidate in candidates where candidate >= 0 && candidate < bytes.count {
            var lexer = PDFLexer(bytes: bytes, position: candidate)
            lexer.skipWhitespace()
            if PDFParser.matches(Array("xref".utf8), in: bytes, at: lexer.position) {
                return try readTable(at: lexer.position + 4)
            }
            if let (streamTrailer, streamEntries) = try readXrefStream(at: candidate) {
                add(streamEntries)
                return streamTrailer
            }
        }
        throw NotebookError(.pdf, .damaged, "no cross-reference section at byte \(offset)")
    }

    /// A classic table (7.5.4): subsections `first count` of `offset generation n|f` lines, then
    /// `trailer` and its dictionary.
    private func readTable(at position: Int) throws(NotebookError) -> PDFDictionary {
        // A section ends at its `startxref`: what damage can make the parser read is bounded.
        let end = next("startxref", after: position)
        var parser = PDFParser(bytes: bytes, position: position, end: end, maximumDepth: limits.maximumDepth)
        var added: [Int: PDFXrefEntry] = [:]
        while true {
            let tokenStart = parser.position
            guard let token = try parser.lexer.next() else {
                throw NotebookError(.pdf, .damaged, "the cross-reference table at byte \(position) has no trailer")
            }
            if token == .keyword("trailer") { break }
            guard case .integer(var first) = token, first >= 0, case .integer(let count)? = try parser.lexer.next(), count >= 0 else {
                throw NotebookError(.pdf, .damaged, "a cross-reference subsection header at byte \(tokenStart) is not two numbers")
            }
            guard first <= Int.max - count else {
                throw NotebookError(.pdf, .damaged, "a cross-reference subsection at byte \(tokenStart) numbers objects beyond any limit")
            }
            for index in 0..<count {
                guard case .integer(let field1)? = try parser.lexer.next(), case .integer(let generation)? = try parser.lexer.next(),
                      case .keyword(let kind)? = try parser.lexer.next(), kind == "n" || kind == "f" else {
                    throw NotebookError(.pdf, .damaged, "cross-reference entry \(index) of the subsection at byte \(tokenStart) is malformed")
                }
                // A common slip: a table that starts at object 1 with object 0's free entry.
                if index == 0, first == 1, kind == "f", field1 == 0, generation == 65535 { first = 0 }
                let number = first + index
                let entry: PDFXrefEntry = kind == "n" && field1 > 0 ? .offset(field1, generation: generation) : .free
                if added[number] == nil { added[number] = entry }
            }
        }
        let trailerStart = parser.position
        guard case .dictionary(let sectionTrailer) = try parser.parseObject() else {
            throw NotebookError(.pdf, .damaged, "the trailer at byte \(trailerStart) is not a dictionary")
        }
        // A hybrid file (7.5.8.4): the table's entries first, then its cross-reference stream's,
        // which also replace the free entries the table gives objects hidden from readers of
        // PDF 1.4 (an older section's free entries still hide nothing the stream lists).
        if let streamOffset = sectionTrailer["XRefStm"]?.integer {
            do {
                if let (_, streamEntries) = try readXrefStream(at: streamOffset) {
                    for (number, entry) in streamEntries where entry != .free && (added[number] ?? .free) == .free {
                        added[number] = entry
                    }
                } else {
                    warn("the /XRefStm of the trailer at byte \(trailerStart) is not a cross-reference stream")
                }
            } catch where error.kind == .damaged {
                warn("the /XRefStm of the trailer at byte \(trailerStart) cannot be read: \(error.reason)")
            }
        }
        add(added)
        return sectionTrailer
    }

    private func add(_ section: [Int: PDFXrefEntry]) {
        for (number, entry) in section where entries[number] == nil {
            entries[number] = entry
        }
    }

    /// A cross-reference stream (7.5.8) at `offset`, its dictionary and entries: nil where no
    /// indirect object is there; `.damaged` where one is but is not such a stream;
    /// `.unsupported` where its filter is not read (without its entries nothing can be found).
    private func readXrefStream(at offset: Int) throws(NotebookError) -> (PDFDictionary, [Int: PDFXrefEntry])? {
        guard offset >= 0, offset < bytes.count else { return nil }
        // The object ends at its `endobj`: what damage can make the parser read is bounded.
        let end = min(bytes.count, next("endobj", after: offset) + 6)
        var parser = PDFParser(bytes: bytes, position: offset, end: end, maximumDepth: limits.maximumDepth)
        guard parser.parseObjectHeader() != nil else { return nil }
        // Its /Length must be direct: none of the file's objects can be found yet.
        guard case .stream(let stream) = try parser.parseIndirectValue(length: { _ in nil }, endstream: { self.endstream(after: $0) }),
              stream.dictionary.name("Type") == "XRef" else {
            throw NotebookError(.pdf, .damaged, "the object at byte \(offset) is not a cross-reference stream")
        }
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count >= 3,
              widths.allSatisfy({ (0...8).contains($0) }), widths[1] > 0 else {
            throw NotebookError(.pdf, .damaged, "the cross-reference stream at byte \(offset) has no usable /W")
        }
        var index: [Int] = []
        if let given = dictionary["Index"]?.array {
            index = given.compactMap(\.integer)
            guard index.count == given.count, index.count % 2 == 0 else {
                throw NotebookError(.pdf, .damaged, "the /Index of the cross-reference stream at byte \(offset) is not pairs of numbers")
            }
        } else if let size = dictionary["Size"]?.integer {
            index = [0, size]
        } else {
            throw NotebookError(.pdf, .damaged, "the cross-reference stream at byte \(offset) has neither /Index nor /Size")
        }
        let data: [UInt8]
        do {
            data = try decode(stream)
        } catch where error.kind == .unsupported {
            throw NotebookError(.pdf, .unsupported, "the cross-reference stream at byte \(offset): \(error.reason)")
        }
        let entrySize = widths.reduce(0, +)
        var position = 0
        var added: [Int: PDFXrefEntry] = [:]
        var pair = 0
        sections: while pair + 1 < index.count {
            let first = index[pair], count = index[pair + 1]
            pair += 2
            guard first >= 0, count >= 0, first <= Int.max - count else {
                throw NotebookError(.pdf, .damaged, "the /Index of the cross-reference stream at byte \(offset) is out of range")
            }
            for number in first..<(first + count) {
                guard entrySize <= data.count - position else {
                    warn("a cross-reference stream is shorter than its /Index says; the entries it lacks are missing")
                    break sections
                }
                var fields: [UInt64] = [0, 0, 0]
                for field in 0..<3 {
                    var value: UInt64 = 0
                    for _ in 0..<widths[field] {
                        value = value << 8 | UInt64(data[position])
                        position += 1
                    }
                    fields[field] = value
                }
                // Widths past the third are skipped.
                position += entrySize - widths[0] - widths[1] - widths[2]
                let type = widths[0] == 0 ? 1 : fields[0]
                guard let second = Int(exactly: fields[1]), let third = Int(exactly: fields[2]) else { continue }
                let entry: PDFXrefEntry
                switch type {
                case 0: entry = .free
                case 1: entry = second > 0 ? .offset(second, generation: third) : .free
                case 2: entry = .compressed(stream: second, index: third)
                default: continue  // other types read as null references (7.5.8.3)
                }
                if added[number] == nil { added[number] = entry }
            }
        }
        return (dictionary, added)
    }

    // MARK: Scanning

    /// The file scanned for objects (once): every `n g obj` header, the trailers, object streams
    /// and catalogs. O(file size).
    func scanned() -> PDFScan {
        if let scan { return scan }
        var result = PDFScan()
        // Each dictionary is parsed only up to the next `obj` (its own `endobj`, usually), and
        // each trailer up to the next `trailer`, so that damage cannot make the scan quadratic.
        let keywords = PDFBytes.allIndices(of: Array("obj".utf8), in: bytes)
        for (ordinal, found) in keywords.enumerated() {
            guard found + 3 >= bytes.count || !PDFLexer.isRegular(bytes[found + 3]),
                  let header = Self.objectHeader(endingAt: found, in: bytes) else { continue }
            result.objects[header.number] = (header.start, header.generation)
            result.headers.append(header.start)
            let end = ordinal + 1 < keywords.count ? keywords[ordinal + 1] : bytes.count
            var parser = PDFParser(bytes: bytes, position: found + 3, end: end, maximumDepth: limits.maximumDepth)
            guard let value = try? parser.parseObject(), let dictionary = value.dictionary else { continue }
            switch dictionary.name("Type") {
            case "XRef": result.trailers.append((header.start, dictionary))
            case "ObjStm": result.objectStreams.append((header.start, header.number))
            case "Catalog": result.catalog = PDFReference(number: header.number, generation: header.generation)
            default: break
            }
        }
        let keyword = Array("trailer".utf8)
        let trailerKeywords = PDFBytes.allIndices(of: keyword, in: bytes)
        for (ordinal, found) in trailerKeywords.enumerated() {
            let end = ordinal + 1 < trailerKeywords.count ? trailerKeywords[ordinal + 1] : bytes.count
            var parser = PDFParser(bytes: bytes, position: found + keyword.count, end: end, maximumDepth: limits.maximumDepth)
            if case .dictionary(let dictionary)? = try? parser.parseObject() {
                result.trailers.append((found, dictionary))
            }
        }
        result.trailers.sort { $0.offset < $1.offset }
        result.headers.sort()
        scan = result
        return result
    }

    /// `n g ` before the `obj` at `keyword`, each number preceded by white space or the file's
    /// start: its object number, generation and where it starts.
    private static func objectHeader(endingAt keyword: Int, in bytes: [UInt8]) -> (number: Int, generation: Int, start: Int)? {
        var index = keyword
        func skipSpace() -> Bool {
            let end = index
            while index > 0, PDFLexer.isWhitespace(bytes[index - 1]) { index -= 1 }
            return index < end
        }
        func digits() -> Int? {
            let end = index
            while index > 0, end - index < 10, bytes[index - 1] >= UInt8(ascii: "0"), bytes[index - 1] <= UInt8(ascii: "9") { index -= 1 }
            guard index < end, index == 0 || !PDFLexer.isRegular(bytes[index - 1]) else { return nil }
            var value = 0
            for position in index..<end { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
            return value
        }
        // `12 0obj` is not a header, but `12 0 obj` and `12 0\nobj` are.
        guard skipSpace(), let generation = digits(), skipSpace(), let number = digits() else { return nil }
        return (number, generation, index)
    }

    /// Adds the scanned objects: all of them (`replacing`, where no section could be read) or
    /// those no section lists. Objects in object streams are added where the stream comes later
    /// in the file than any uncompressed definition. The trailer takes the last one found that
    /// names a catalog, where it has none.
    func adoptScan(replacing: Bool) {
        let found = scanned()
        if replacing { entries = [:] }
        var position: [Int: Int] = [:]
        for (number, object) in found.objects where entries[number] == nil {
            entries[number] = .offset(object.offset, generation: object.generation)
            position[number] = object.offset
        }
        for stream in found.objectStreams {
            guard case .offset(stream.offset, _)? = entries[stream.number], let decoded = try? objectStream(stream.number) else { continue }
            for (index, object) in decoded.objects.enumerated() {
                let known = entries[object.number]
                if known == nil || (position[object.number].map { $0 < stream.offset } ?? false) {
                    entries[object.number] = .compressed(stream: stream.number, index: index)
                    position[object.number] = stream.offset
                }
            }
        }
        if trailer["Root"] == nil {
            if let last = found.trailers.last(where: { $0.dictionary["Root"] != nil }) {
                for (key, value) in last.dictionary.entries where trailer.entries[key] == nil {
                    trailer.entries[key] = value
                }
            } else if let catalog = found.catalog {
                trailer.entries["Root"] = .reference(catalog)
            }
        }
        forgetMissingObjects()
    }
}
