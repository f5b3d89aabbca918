import Foundation

/// Finds a notebook's XML in its container: gzip (`.xopp`, `.xoj`), a ZIP package (newer
/// `.xopp`: `mimetype`, `content.xml`, `META-INF/version`, attachments) or plain XML.
enum XournalContainer {
    struct Opened {
        var xml: [UInt8]
        var container: XournalNotebook.Container
        /// `current=` of a package's `META-INF/version`, which Xournal++ prefers to the XML's.
        var packageFileVersion: Int?
        var warnings: [String]
    }

    /// The container by its first bytes: gzip `1f 8b`, ZIP `PK\3\4` (or `PK\5\6`, an empty
    /// archive), or XML (`<` after an optional byte order mark and white space).
    static func kind(of data: Data) -> XournalNotebook.Container? {
        let head = [UInt8](data.prefix(64))
        if head.starts(with: [0x1f, 0x8b]) { return .gzip }
        if head.starts(with: [0x50, 0x4b, 0x03, 0x04]) || head.starts(with: [0x50, 0x4b, 0x05, 0x06]) { return .zip }
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let first = rest.first { !isSpace($0) }
        return first == UInt8(ascii: "<") ? .xml : nil
    }

    static func open(_ data: Data, limit: Int) throws(XournalError) -> Opened {
        switch kind(of: data) {
        case .gzip:
            let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                Inflater.decompress(raw, wrapper: .gzip, limit: limit, expectedSize: data.count * 4)
            }
            switch result {
            case .success(let xml): return Opened(xml: xml, container: .gzip, packageFileVersion: nil, warnings: [])
            case .failure(.truncated): throw .damagedGzip(reason: "the compressed data ends early (is the file cut short?)")
            case .failure(.damaged(let reason)): throw .damagedGzip(reason: reason)
            case .failure(.tooLarge(let limit)): throw .tooLarge(what: "the notebook's inflated XML", limit: limit)
            }
        case .zip:
            return try openPackage(data, limit: limit)
        case .xml:
            return Opened(xml: [UInt8](data), container: .xml, packageFileVersion: nil, warnings: [])
        case nil:
            throw .notXournal(reason: data.isEmpty ? "the file is empty" : "it begins with neither gzip, ZIP nor XML")
        }
    }

    private static func openPackage(_ data: Data, limit: Int) throws(XournalError) -> Opened {
        let archive: ZipArchive
        do { archive = try ZipArchive(data) } catch { throw Self.packageError(error) }
        guard let content = archive.entry(named: "content.xml") else { throw .missingContent }
        var warnings: [String] = []
        // Small entries that only describe the package: a damaged one is a warning, not a failure.
        if let entry = archive.entry(named: "mimetype") {
            let text = (try? archive.contents(of: entry, limit: 4096)).map {
                String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if text != Xournal.packageMIMEType {
                warnings.append("the package's mimetype is '\(text ?? "unreadable")', not \(Xournal.packageMIMEType)")
            }
        } else {
            warnings.append("the package has no mimetype entry")
        }
        var version: Int?
        if let entry = archive.entry(named: "META-INF/version"), let bytes = try? archive.contents(of: entry, limit: 4096) {
            // "current=4\nmin=4": the format version, and the oldest reader that understands it.
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("current=") {
                version = Int(line.dropFirst("current=".count).trimmingCharacters(in: .whitespaces))
            }
        }
        let xml: [UInt8]
        do { xml = try archive.contents(of: content, limit: limit) } catch { throw Self.packageError(error) }
        return Opened(xml: xml, container: .zip, packageFileVersion: version, warnings: warnings)
    }

    private static func packageError(_ failure: ZipArchive.Failure) -> XournalError {
        switch failure {
        case .damaged(let reason): .damagedZip(reason: reason)
        case .unsupported(let reason): .unsupportedZip(reason: reason)
        case .tooLarge(let entry, let size, let limit): .tooLarge(what: "the package entry \(entry) (\(size) bytes)", limit: limit)
        }
    }

    /// The root element's name, from the start of a document (prolog, comments, DOCTYPE and a
    /// byte order mark skipped); nil where the bytes end first or are not XML.
    static func rootName(_ bytes: [UInt8]) -> String? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count {
            if isSpace(bytes[i]) { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count else { return nil }
            switch bytes[i + 1] {
            case UInt8(ascii: "?"):
                guard let end = index(after: Array("?>".utf8), in: bytes, from: i + 2) else { return nil }
                i = end
            case UInt8(ascii: "!"):
                let comment = bytes[i...].starts(with: Array("<!--".utf8))
                guard let end = index(after: Array((comment ? "-->" : ">").utf8), in: bytes, from: i + 2) else { return nil }
                i = end
            default:
                var j = i + 1
                while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
                return j > i + 1 ? String(decoding: bytes[(i + 1)..<j], as: UTF8.self) : nil
            }
        }
        return nil
    }

    private static func index(after terminator: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + terminator.count <= bytes.count {
            if bytes[i..<(i + terminator.count)].elementsEqual(terminator) { return i + terminator.count }
            i += 1
        }
        return nil
    }

    static func isSpace(_ b: UInt8) -> Bool { XMLTreeParser.isSpace(b) }

    private static func isNameByte(_ b: UInt8) -> Bool { XMLTreeParser.isNameByte(b) }
}
