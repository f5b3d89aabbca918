import Foundation

/// A fast path for the dataset format's common case: one pass over the UTF-8 bytes of a line
/// `{"id": ..., "writer": ..., "text": ..., "strokes": [[[x, y, t], ...], ...]}`, without
/// building Foundation objects.
///
/// It accepts only what it can decode exactly as `JSONSerialization` would (known keys once
/// each, numbers of at most 15 significant digits without exponent, points of two or three
/// values); for anything else it returns nil and `DatasetReader` takes the general path, which
/// also produces the error messages. O(line length).
struct DatasetLineScanner {
    struct Fields {
        var id: String
        var writer: String?
        var text: String
        var strokes: [[(x: Double, y: Double, t: Double?)]]
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func scan(_ line: String) -> Fields? {
        var line = line
        return line.withUTF8 { bytes in
            var scanner = DatasetLineScanner(bytes)
            return scanner.object()
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        skipSpace()
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for i in 0..<count where bytes[index + i] != text.utf8Start[i] { return false }
        index += count
        return true
    }

    private mutating func object() -> Fields? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var id: String?, text: String?, writer: String??, strokes: [[(x: Double, y: Double, t: Double?)]]?
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "id" where id == nil: guard let v = string() else { return nil }; id = v
            case "text" where text == nil: guard let v = string() else { return nil }; text = v
            case "writer" where writer == nil:
                if literal("null") { writer = .some(nil) } else { guard let v = string() else { return nil }; writer = v }
            case "strokes" where strokes == nil: guard let v = strokeList() else { return nil }; strokes = v
            default: return nil
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let id, let text, let strokes else { return nil }
        skipSpace()
        guard index == bytes.count else { return nil }
        return Fields(id: id, writer: writer ?? nil, text: text, strokes: strokes)
    }

    private mutating func strokeList() -> [[(x: Double, y: Double, t: Double?)]]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var strokes: [[(x: Double, y: Double, t: Double?)]] = []
        if consume(UInt8(ascii: "]")) { return strokes }
        repeat {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var points: [(x: Double, y: Double, t: Double?)] = []
            if !consume(UInt8(ascii: "]")) {
                repeat {
                    guard consume(UInt8(ascii: "[")), let x = number(), consume(UInt8(ascii: ",")), let y = number() else { return nil }
                    var t: Double?
                    if consume(UInt8(ascii: ",")) {
                        if !literal("null") {
                            guard let v = number() else { return nil }
                            t = v
                        }
                    }
                    guard consume(UInt8(ascii: "]")) else { return nil }
                    points.append((x, y, t))
                } while consume(UInt8(ascii: ","))
                guard consume(UInt8(ascii: "]")) else { return nil }
            }
            strokes.append(points)
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { return nil }
        return strokes
    }

    /// A JSON number of the plain form `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits.
    private mutating func number() -> Double? {
        skipSpace()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > fractionStart else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { return nil }
        return InkMLTraceValues.fastDecimal(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        guard bytes[index] == UInt8(ascii: "\\") else { return nil }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard b >= 0x20 else { return nil }
                out.append(b)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            index += 1
            guard let digit = UInt32(String(UnicodeScalar(b)), radix: 16) else { return nil }
            v = v << 4 | digit
        }
        return v
    }
}
