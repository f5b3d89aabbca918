import Foundation

/// The bytes of a JSON document read in one pass without building Foundation objects: the
/// primitives of the fast paths that decode the shapes InkIndex reads most (dataset lines,
/// `DatasetLineScanner`; the HTTP API's strokes, `WireStrokesScanner`). Each returns nil where
/// the bytes are not what it reads exactly as `JSONSerialization` would, and the caller takes its
/// general path. O(bytes read).
///
/// ```swift
/// var reader = JSONByteReader(bytes)
/// guard reader.consume(UInt8(ascii: "[")), let x = reader.number() else { return nil }
/// ```
package struct JSONByteReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether only white space is left.
    package var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    package mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    package mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    package mutating func literal(_ text: StaticString) -> Bool {
        skipSpace()
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for i in 0..<count where bytes[index + i] != text.utf8Start[i] { return false }
        index += count
        return true
    }

    /// A JSON number of the plain form `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits.
    package mutating func number() -> Double? {
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

    package mutating func string() -> String? {
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
                if let simple = Self.unescaped(e) {
                    out.append(simple)
                    continue
                }
                switch e {
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

    /// The byte a one-letter escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`) stands for;
    /// nil for `u` and anything else. Every JSON reader here shares it.
    package static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
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
