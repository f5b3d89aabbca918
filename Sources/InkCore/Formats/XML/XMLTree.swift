import Foundation

/// A small XML element tree, as much of XML as InkML needs: elements, attributes, text, CDATA,
/// comments, processing instructions, the predefined entities and character references.
///
/// InkIndex parses XML itself rather than through `XMLParser` so that the limits on size and
/// nesting are enforced before any work is done, no entity is ever expanded (a DOCTYPE internal
/// subset is skipped, never interpreted), and every error carries a line and column.
struct XMLTreeElement: Sendable, Equatable {
    /// The qualified name as written (`inkml:trace`).
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [XMLTreeElement]
    /// The element's own character data (text and CDATA), concatenated.
    var text: String
    var line: Int
    var column: Int

    /// The name without a namespace prefix.
    var localName: Substring {
        guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    static func == (l: XMLTreeElement, r: XMLTreeElement) -> Bool {
        l.name == r.name && l.children == r.children && l.text == r.text
            && l.attributes.elementsEqual(r.attributes) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// Limits that keep hostile XML from exhausting memory or the stack.
public struct XMLLimits: Sendable, Hashable {
    /// Largest accepted document, in bytes.
    public var maximumBytes: Int
    /// Deepest accepted element nesting.
    public var maximumDepth: Int
    /// Most attributes on one element.
    public var maximumAttributes: Int

    public init(maximumBytes: Int = 512 << 20, maximumDepth: Int = 128, maximumAttributes: Int = 256) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumAttributes = maximumAttributes
    }
}

/// Parses one XML document into its root element. O(bytes); never recursive.
struct XMLTreeParser {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    private let bytes: [UInt8]
    private let limits: XMLLimits
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8], limits: XMLLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    static func parse(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(Failure) -> XMLTreeElement {
        guard bytes.count <= limits.maximumBytes else {
            throw Failure(line: 1, column: 1, reason: "document is \(bytes.count) bytes, more than the limit of \(limits.maximumBytes)")
        }
        var parser = XMLTreeParser(bytes, limits: limits)
        return try parser.parseDocument()
    }

    private var column: Int { index - lineStart + 1 }

    private func fail(_ reason: String) -> Failure { Failure(line: line, column: column, reason: reason) }

    private var atEnd: Bool { index >= bytes.count }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
        index += 1
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { lit in
            for i in 0..<count where bytes[index + i] != lit[i] { return false }
            return true
        }
    }

    /// Advances past `terminator`, or fails naming `what` was left open.
    private mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
        let start = fail("")
        while !atEnd {
            if startsWith(terminator) {
                for _ in 0..<terminator.utf8CodeUnitCount { advance() }
                return
            }
            advance()
        }
        throw Failure(line: start.line, column: start.column, reason: "\(what) is not closed")
    }

    /// XML white space (also what other readers of XML bytes, `XournalContainer`, skip).
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// A byte that may stand in an XML name (any byte of a multi-byte UTF-8 character included).
    static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
             UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: b >= 0x80
        }
    }

    private mutating func skipSpace() {
        while let b = peek(), Self.isSpace(b) { advance() }
    }

    private mutating func parseName() throws(Failure) -> String {
        let start = index
        while let b = peek(), Self.isNameByte(b) { advance() }
        guard index > start else {
            throw fail(atEnd ? "document ends where a name was expected" : "expected a name, found '\(Self.show(bytes[index]))'")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func show(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : String(format: "\\x%02x", b)
    }

    private mutating func parseDocument() throws(Failure) -> XMLTreeElement {
        if startsWith("\u{FEFF}") { index += 3; lineStart = index }
        var root: XMLTreeElement?
        var stack: [XMLTreeElement] = []
        while !atEnd {
            if peek() == UInt8(ascii: "<") {
                if startsWith("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if startsWith("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if startsWith("<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("CDATA outside the root element") }
                    for _ in 0..<9 { advance() }
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    stack[stack.count - 1].text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                } else if startsWith("<!DOCTYPE") {
                    guard stack.isEmpty, root == nil else { throw fail("DOCTYPE inside the document") }
                    try skipDoctype()
                } else if peek(1) == UInt8(ascii: "/") {
                    let (l, c) = (line, column)
                    advance(); advance()
                    let name = try parseName()
                    skipSpace()
                    guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' to end </\(name)") }
                    advance()
                    guard let open = stack.popLast() else {
                        throw Failure(line: l, column: c, reason: "closing tag </\(name)> without an open element")
                    }
                    guard open.name == name else {
                        throw Failure(line: l, column: c, reason: "closing tag </\(name)> does not match <\(open.name)> opened at line \(open.line)")
                    }
                    if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(open) }
                } else {
                    guard root == nil else { throw fail("content after the root element") }
                    let (element, selfClosing) = try parseStartTag()
                    if selfClosing {
                        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
                    } else {
                        guard stack.count < limits.maximumDepth else {
                            throw Failure(line: element.line, column: element.column,
                                          reason: "elements nested deeper than the limit of \(limits.maximumDepth)")
                        }
                        stack.append(element)
                    }
                }
            } else {
                let (l, c) = (line, column)
                let text = try parseText()
                if stack.isEmpty {
                    guard text.allSatisfy({ $0.isWhitespace }) else {
                        throw Failure(line: l, column: c, reason: "text outside the root element")
                    }
                } else {
                    stack[stack.count - 1].text += text
                }
            }
        }
        if let open = stack.last {
            throw fail("document ends inside <\(open.name)> opened at line \(open.line), column \(open.column)")
        }
        guard let root else { throw fail("document has no root element") }
        return root
    }

    private mutating func skipDoctype() throws(Failure) {
        let start = fail("")
        var brackets = 0
        while !atEnd {
            let b = bytes[index]
            advance()
            if b == UInt8(ascii: "[") { brackets += 1 }
            if b == UInt8(ascii: "]") { brackets -= 1 }
            if b == UInt8(ascii: ">") && brackets <= 0 { return }
        }
        throw Failure(line: start.line, column: start.column, reason: "DOCTYPE is not closed")
    }

    private mutating func parseStartTag() throws(Failure) -> (XMLTreeElement, selfClosing: Bool) {
        let (l, c) = (line, column)
        advance()  // <
        let name = try parseName()
        var element = XMLTreeElement(name: name, attributes: [], children: [], text: "", line: l, column: c)
        while true {
            skipSpace()
            guard let b = peek() else { throw fail("document ends inside the tag <\(name)") }
            if b == UInt8(ascii: ">") { advance(); return (element, false) }
            if b == UInt8(ascii: "/") {
                advance()
                guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' after '/' in <\(name)>") }
                advance()
                return (element, true)
            }
            let attributeName = try parseName()
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw fail("attribute '\(attributeName)' of <\(name)> has no value") }
            advance()
            skipSpace()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("value of attribute '\(attributeName)' must be quoted")
            }
            advance()
            let value = try parseText(until: quote)
            guard peek() == quote else { throw fail("document ends inside attribute '\(attributeName)'") }
            advance()
            guard element.attribute(attributeName) == nil else {
                throw fail("attribute '\(attributeName)' appears twice on <\(name)>")
            }
            guard element.attributes.count < limits.maximumAttributes else {
                throw fail("<\(name)> has more than \(limits.maximumAttributes) attributes")
            }
            element.attributes.append((attributeName, value))
        }
    }

    /// Character data up to `<` (or `terminator` inside an attribute), with references decoded.
    private mutating func parseText(until terminator: UInt8 = UInt8(ascii: "<")) throws(Failure) -> String {
        var out: [UInt8] = []
        var runStart = index
        while true {
            // The bulk of a document is trace text: scan it in one tight loop.
            let (stop, newlines, lastNewline) = bytes.withUnsafeBufferPointer { buffer in
                var i = index, count = 0, last = -1
                while i < buffer.count {
                    let b = buffer[i]
                    if b == terminator || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") { break }
                    if b == 0x0A { count += 1; last = i }
                    i += 1
                }
                return (i, count, last)
            }
            if newlines > 0 { line += newlines; lineStart = lastNewline + 1 }
            index = stop
            guard let b = peek(), b != terminator else { break }
            if b == UInt8(ascii: "<") { throw fail("'<' inside an attribute value") }
            out.append(contentsOf: bytes[runStart..<index])
            try parseReference(into: &out)
            runStart = index
        }
        if out.isEmpty { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
        out.append(contentsOf: bytes[runStart..<index])
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func parseReference(into out: inout [UInt8]) throws(Failure) {
        let (l, c) = (line, column)
        advance()  // &
        let start = index
        while let b = peek(), b != UInt8(ascii: ";"), index - start < 12 { advance() }
        guard peek() == UInt8(ascii: ";") else { throw Failure(line: l, column: c, reason: "unterminated entity reference") }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        advance()
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16) {
                scalar = Unicode.Scalar(v)
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst(), radix: 10) {
                scalar = Unicode.Scalar(v)
            } else {
                throw Failure(line: l, column: c, reason: "unknown entity '&\(name);' (entities are not expanded)")
            }
        }
        guard let scalar, scalar.value != 0 else { throw Failure(line: l, column: c, reason: "invalid character reference '&\(name);'") }
        out.append(contentsOf: String(Character(scalar)).utf8)
    }
}
