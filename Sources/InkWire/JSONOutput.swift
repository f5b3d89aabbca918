import Foundation

/// JSON written straight into bytes, for the answer the server sends most: a search's
/// (`SearchAnswer.jsonData()`). It is the document `JSONAnswers`' encoder makes (keys sorted,
/// slashes unescaped) without `JSONEncoder`'s boxing of every value: profiled under
/// `bench-serve`, encoding a 20-hit answer was a quarter of a search's CPU in the server.
///
/// ```swift
/// var out = JSONOutput()
/// out.object { out.key("query"); out.string("grace") }
/// let body = Data(out.bytes)                         // {"query":"grace"}
/// ```
/// Complexity: O(bytes written).
package struct JSONOutput {
    /// A number JSON cannot write (NaN or an infinity), as `JSONEncoder` refuses it.
    package struct NonFiniteNumber: Error, CustomStringConvertible {
        package var value: Double
        package var description: String { "\(value) cannot be written as a JSON number" }
    }

    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current object or array needs a comma before it.
    private var needsComma = false

    package init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    mutating func object(_ members: (inout JSONOutput) throws -> Void) rethrows {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        try members(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONOutput, S.Element) throws -> Void) rethrows {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for value in elements { try element(&self, value) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's name; its value is the next thing written.
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string, escaped as RFC 8259 requires: quotation mark, reverse solidus and the control
    /// characters below U+0020 (as `\n`, `\t`, … or `\u00XX`); everything else as its UTF-8.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A finite number, in the shortest form that reads back as the same `Double` ("0.5",
    /// "1e-07"; integral values without ".0", as `JSONEncoder` writes them).
    mutating func number(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        separate()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

extension SearchAnswer {
    /// The answer as `JSONAnswers.response` would send it, written by `JSONOutput`.
    package func jsonData() throws -> Data {
        var out = JSONOutput(capacity: 256 + 256 * hits.count)
        try out.object { out in
            out.key("hits")
            try out.array(hits) { out, hit in
                try out.object { out in
                    out.key("bounds")
                    try out.object { out in
                        out.key("height"); try out.number(hit.bounds.height)
                        out.key("width"); try out.number(hit.bounds.width)
                        out.key("x"); try out.number(hit.bounds.x)
                        out.key("y"); try out.number(hit.bounds.y)
                    }
                    out.key("noteID"); out.string(hit.noteID)
                    out.key("reading"); out.string(hit.reading)
                    out.key("score"); try out.number(hit.score)
                    out.key("strokeIDs")
                    out.array(hit.strokeIDs) { out, id in out.string(id.uuidString) }
                    out.key("title"); out.string(hit.title)
                }
            }
            out.key("query"); out.string(query)
        }
        return Data(out.bytes)
    }
}
