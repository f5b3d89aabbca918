import Foundation

/// A JSON parser (RFC 8259) for the notebook readers: Rnote's inflated `.rnote` and Saber's
/// `.sbn`. Its own rather than `JSONSerialization` so that nesting is bounded without recursion
/// (a file of a million `[` neither overflows the stack nor takes more than `maximumDepth`
/// frames of memory), numbers stay numbers (no `NSNumber` booleans), and every failure says
/// where. Strings with invalid UTF-8 are read with U+FFFD in place of the bad bytes, as Rnote
/// and Saber would never write them. O(bytes).
///
/// ```swift
/// let tree = try NotebookJSON.parse(Array(#"{"version":"0.13.0","data":{}}"#.utf8), maximumDepth: 256)
/// ```
enum NotebookJSON {
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(NotebookTreeFailure) -> NotebookTree {
        let result: Result<NotebookTree, NotebookTreeFailure> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maximumDepth: max(0, maximumDepth))
            do throws(NotebookTreeFailure) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Whether the bytes, after white space, begin with `byte`.
    static func begins(_ bytes: some Collection<UInt8>, with byte: UInt8) -> Bool {
        bytes.first { !isSpace($0) } == byte
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        var index = 0
        // The containers being filled, innermost last: `isObject` says which stack each is on.
        var isObject: [Bool] = []
        var arrays: [[NotebookTree]] = []
        var objects: [[NotebookTree.Member]] = []
        var keys: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        mutating func document() throws(NotebookTreeFailure) -> NotebookTree {
            var value: NotebookTree
            parsing: while true {
                skipSpace()
                guard index < bytes.count else { throw fail("the data ends where a value should begin") }
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    try open()
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        isObject.removeLast()
                        value = .object([])
                    } else {
                        objects.append([])
                        keys.append(try key())
                        continue parsing
                    }
                case UInt8(ascii: "["):
                    try open()
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        isObject.removeLast()
                        value = .array([])
                    } else {
                        isObject[isObject.count - 1] = false
                        arrays.append([])
                        continue parsing
                    }
                case UInt8(ascii: "\""):
                    value = .string(try string())
                case UInt8(ascii: "t"):
                    try literal("true")
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    try literal("false")
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    try literal("null")
                    value = .null
                default:
                    value = .number(try number())
                }
                // A value is complete: add it to its container, closing containers that end here.
                while let inObject = isObject.last {
                    skipSpace()
                    let next: UInt8? = index < bytes.count ? bytes[index] : nil
                    if inObject {
                        objects[objects.count - 1].append(NotebookTree.Member(key: keys.removeLast(), value: value))
                        if next == UInt8(ascii: ",") {
                            index += 1
                            keys.append(try key())
                            continue parsing
                        }
                        guard next == UInt8(ascii: "}") else { throw fail("expected , or } after an object member") }
                        index += 1
                        isObject.removeLast()
                        value = .object(objects.removeLast())
                    } else {
                        arrays[arrays.count - 1].append(value)
                        if next == UInt8(ascii: ",") {
                            index += 1
                            continue parsing
                        }
                        guard next == UInt8(ascii: "]") else { throw fail("expected , or ] after an array element") }
                        index += 1
                        isObject.removeLast()
                        value = .array(arrays.removeLast())
                    }
                }
                skipSpace()
                guard index == bytes.count else { throw fail("more follows the document") }
                return value
            }
        }

        private mutating func open() throws(NotebookTreeFailure) {
            guard isObject.count < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
            index += 1
            isObject.append(true)
        }

        private func fail(_ reason: String) -> NotebookTreeFailure {
            .syntax(offset: index, reason: reason)
        }

        private mutating func skipSpace() {
            while index < bytes.count, NotebookJSON.isSpace(bytes[index]) { index += 1 }
        }

        /// A member name and its colon.
        private mutating func key() throws(NotebookTreeFailure) -> String {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let name = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected : after a member name") }
            index += 1
            return name
        }

        private mutating func literal(_ word: StaticString) throws(NotebookTreeFailure) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw fail("unknown literal") }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { throw fail("unknown literal") }
            index += count
        }

        private mutating func number() throws(NotebookTreeFailure) -> Double {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected a value") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("expected digits after the decimal point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text) else { throw .syntax(offset: start, reason: "'\(text.prefix(40))' is not a number") }
            return value
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }

        private mutating func string() throws(NotebookTreeFailure) -> String {
            index += 1  // the opening quote
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw fail("a control character in a string") }
                index += 1
            }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                guard byte >= 0x20 else { throw fail("a control character in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                if let simple = JSONByteReader.unescaped(escaped) {
                    out.append(simple)
                    continue
                }
                switch escaped {
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), bytes.count - index >= 6,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let save = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default:
                    throw fail("an unknown escape in a string")
                }
            }
            throw fail("a string is not closed")
        }

        private mutating func hex4() throws(NotebookTreeFailure) -> UInt32 {
            guard bytes.count - index >= 4 else { throw fail("a \\u escape is cut short") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw fail("a \\u escape with a digit that is not hexadecimal")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
