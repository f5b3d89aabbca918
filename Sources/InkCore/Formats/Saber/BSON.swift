import Foundation

/// A BSON reader (bsonspec.org, version 1.1), as much as Saber's `.sbn2` notes need and safe on
/// anything else: a document is an int32 length, elements (a type byte, a NUL-terminated name,
/// the value) and a NUL. Doubles, strings, documents, arrays, binary data (subtype 2's inner
/// length too), booleans, null, int32, int64, dates and timestamps become `NotebookTree` values;
/// the other types of the specification (ObjectId, regular expressions, DBPointer, JavaScript
/// code, decimal128, min and max keys, undefined) are skipped by their known sizes and read as
/// null. Every length is checked against the bytes and against the enclosing document before it
/// is used, nesting is bounded by `maximumDepth` without recursion, and an unknown type byte is a
/// failure (its size cannot be known). O(bytes).
///
/// ```swift
/// let tree = try BSON.parse(bytes, maximumDepth: 256)
/// let version = tree["v"]?.int
/// ```
enum BSON {
    /// Parses a whole document: its length must be the number of bytes.
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(NotebookTreeFailure) -> NotebookTree {
        let result: Result<NotebookTree, NotebookTreeFailure> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maximumDepth: max(0, maximumDepth))
            do throws(NotebookTreeFailure) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Whether the bytes have a BSON document's frame: a length equal to their count and a final
    /// NUL. O(1).
    static func hasDocumentFrame(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard bytes.count >= 5, bytes.last == 0 else { return false }
        let head = Array(bytes.prefix(4))
        let length = Int(Int32(bitPattern: UInt32(head[0]) | UInt32(head[1]) << 8 | UInt32(head[2]) << 16 | UInt32(head[3]) << 24))
        return length == bytes.count
    }

    /// The names of the first `limit` top-level elements (values skipped by their sizes), or nil
    /// where the bytes are not a well-framed document that far. O(limit).
    static func firstKeys(_ data: Data, limit: Int) -> [String]? {
        guard hasDocumentFrame(data) else { return nil }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [String]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = bytes.count - 1
            var index = 4
            var keys: [String] = []
            while index < end, keys.count < limit {
                let type = bytes[index]
                guard let (name, afterName) = cString(bytes, at: index + 1, end: end),
                      let next = skip(type, bytes, at: afterName, end: end) else { return nil }
                keys.append(name)
                index = next
            }
            return keys
        }
    }

    private static func int32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard offset >= 0, bytes.count - offset >= 4 else { return nil }
        let raw = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        return Int(Int32(bitPattern: raw))
    }

    private static func cString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> (String, Int)? {
        var index = offset
        while index < end, bytes[index] != 0 { index += 1 }
        guard index < end else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<index]), as: UTF8.self), index + 1)
    }

    /// Where the value of `type` starting at `offset` ends, if it fits before `end`.
    private static func skip(_ type: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> Int? {
        func fixed(_ size: Int) -> Int? { end - offset >= size ? offset + size : nil }
        func lengthPrefixed(extra: Int, minimum: Int) -> Int? {
            guard let length = int32(bytes, at: offset), length >= minimum, end - offset - extra >= length else { return nil }
            return offset + extra + length
        }
        switch type {
        case 0x01, 0x09, 0x11, 0x12: return fixed(8)
        case 0x02, 0x0D, 0x0E: return lengthPrefixed(extra: 4, minimum: 1)
        case 0x03, 0x04, 0x0F: return lengthPrefixed(extra: 0, minimum: 5)
        case 0x05: return lengthPrefixed(extra: 5, minimum: 0)
        case 0x06, 0x0A, 0x7F, 0xFF: return offset
        case 0x07: return fixed(12)
        case 0x08: return fixed(1)
        case 0x0B:
            guard let (_, afterPattern) = cString(bytes, at: offset, end: end) else { return nil }
            return cString(bytes, at: afterPattern, end: end)?.1
        case 0x0C:
            guard let afterName = lengthPrefixed(extra: 4, minimum: 1) else { return nil }
            return end - afterName >= 12 ? afterName + 12 : nil
        case 0x10: return fixed(4)
        case 0x13: return fixed(16)
        default: return nil
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        var index = 0
        // The documents being filled, innermost last: each one's kind, the offset of its final
        // NUL, and (for all but the outermost) the name it has in its parent.
        var isArray: [Bool] = []
        var ends: [Int] = []
        var arrays: [[NotebookTree]] = []
        var objects: [[NotebookTree.Member]] = []
        var names: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        mutating func document() throws(NotebookTreeFailure) -> NotebookTree {
            guard let length = int32(at: 0), length >= 5 else {
                throw .syntax(offset: 0, reason: "the data is too short for a BSON document")
            }
            guard length == bytes.count else {
                throw .syntax(offset: 0, reason: "the document's length (\(length)) is not the data's (\(bytes.count) bytes)")
            }
            try open(isArray: false, length: length)
            while let end = ends.last {
                if index == end {
                    guard bytes[end] == 0 else { throw .syntax(offset: end, reason: "a document does not end with NUL") }
                    index = end + 1
                    ends.removeLast()
                    let value: NotebookTree = isArray.removeLast() ? .array(arrays.removeLast()) : .object(objects.removeLast())
                    guard !ends.isEmpty else { return value }
                    add(value, named: names.removeLast())
                    continue
                }
                let type = bytes[index]
                let name = try cString(at: index + 1, end: end)
                switch type {
                case 0x03, 0x04:
                    guard let length = int32(at: index), length >= 5, end - index >= length else {
                        throw .syntax(offset: index, reason: "the document '\(name.prefix(40))' does not fit in its parent")
                    }
                    names.append(name)
                    try open(isArray: type == 0x04, length: length)
                default:
                    add(try scalar(type, end: end), named: name)
                }
            }
            throw .syntax(offset: index, reason: "no document")
        }

        private mutating func open(isArray array: Bool, length: Int) throws(NotebookTreeFailure) {
            guard ends.count < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
            ends.append(index + length - 1)
            isArray.append(array)
            if array { arrays.append([]) } else { objects.append([]) }
            index += 4
        }

        private mutating func add(_ value: NotebookTree, named name: String) {
            if isArray.last == true {
                arrays[arrays.count - 1].append(value)
            } else {
                objects[objects.count - 1].append(NotebookTree.Member(key: name, value: value))
            }
        }

        private func int32(at offset: Int) -> Int? {
            guard offset >= 0, bytes.count - offset >= 4 else { return nil }
            return Int(Int32(bitPattern: u32(at: offset)))
        }

        private func u32(at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }

        private func u64(at offset: Int) -> UInt64 {
            UInt64(u32(at: offset)) | UInt64(u32(at: offset + 4)) << 32
        }

        /// The NUL-terminated name at `offset`; moves `index` past it.
        private mutating func cString(at offset: Int, end: Int) throws(NotebookTreeFailure) -> String {
            var k = offset
            while k < end, bytes[k] != 0 { k += 1 }
            guard k < end else { throw .syntax(offset: offset, reason: "an element name runs past its document") }
            index = k + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<k]), as: UTF8.self)
        }

        /// A value that is not a document, at `index`; moves `index` past it.
        private mutating func scalar(_ type: UInt8, end: Int) throws(NotebookTreeFailure) -> NotebookTree {
            let start = index
            func need(_ size: Int) throws(NotebookTreeFailure) {
                guard end - start >= size else {
                    throw .syntax(offset: start, reason: "a value of type 0x\(String(type, radix: 16)) runs past its document")
                }
            }
            func stringValue() throws(NotebookTreeFailure) -> String {
                try need(4)
                guard let length = int32(at: start), length >= 1, end - start - 4 >= length, bytes[start + 3 + length] == 0 else {
                    throw .syntax(offset: start, reason: "a string's length does not fit")
                }
                index = start + 4 + length
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 4)..<(start + 3 + length)]), as: UTF8.self)
            }
            switch type {
            case 0x01:
                try need(8)
                index = start + 8
                return .number(Double(bitPattern: u64(at: start)))
            case 0x02, 0x0E:
                return .string(try stringValue())
            case 0x0D:
                _ = try stringValue()
                return .null
            case 0x05:
                try need(5)
                guard let length = int32(at: start), length >= 0, end - start - 5 >= length else {
                    throw .syntax(offset: start, reason: "binary data's length does not fit")
                }
                var range = (start + 5)..<(start + 5 + length)
                // Subtype 2 (deprecated) repeats the length inside the data.
                if bytes[start + 4] == 0x02, length >= 4, int32(at: range.lowerBound) == length - 4 {
                    range = (range.lowerBound + 4)..<range.upperBound
                }
                index = start + 5 + length
                return .binary(range)
            case 0x06, 0x0A, 0x7F, 0xFF:
                return .null
            case 0x07:
                try need(12)
                index = start + 12
                return .null
            case 0x08:
                try need(1)
                index = start + 1
                return .bool(bytes[start] != 0)
            case 0x09, 0x12:
                try need(8)
                index = start + 8
                return .number(Double(Int64(bitPattern: u64(at: start))))
            case 0x11:
                try need(8)
                index = start + 8
                return .number(Double(u64(at: start)))
            case 0x10:
                try need(4)
                index = start + 4
                return .number(Double(Int32(bitPattern: u32(at: start))))
            case 0x13:
                try need(16)
                index = start + 16
                return .null
            case 0x0B:
                _ = try cString(at: start, end: end)
                _ = try cString(at: index, end: end)
                return .null
            case 0x0C:
                _ = try stringValue()
                guard end - index >= 12 else { throw .syntax(offset: index, reason: "a DBPointer runs past its document") }
                index += 12
                return .null
            case 0x0F:
                try need(4)
                guard let length = int32(at: start), length >= 5, end - start >= length else {
                    throw .syntax(offset: start, reason: "code with scope does not fit")
                }
                index = start + length
                return .null
            default:
                throw .syntax(offset: start - 1, reason: "unknown element type 0x\(String(type, radix: 16))")
            }
        }
    }
}
