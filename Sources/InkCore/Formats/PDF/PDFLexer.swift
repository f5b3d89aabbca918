import Foundation

/// A token of PDF syntax (ISO 32000-1, 7.2 and 7.3).
enum PDFToken: Equatable {
    case integer(Int)
    case real(Double)
    /// A literal `( )` or hexadecimal `< >` string, decoded.
    case string([UInt8])
    case name(String)
    case arrayStart, arrayEnd
    case dictionaryStart, dictionaryEnd
    /// A run of regular characters that is not a number (`obj`, `R`, `true`, ...), or a stray
    /// delimiter (`)`, `>`, `{`, `}`) that no object may start with.
    case keyword(String)
}

/// Splits PDF bytes into tokens, skipping white space and comments. Never reads outside `bytes`;
/// every token consumes at least one byte, so loops over tokens end.
///
/// ```swift
/// var lexer = PDFLexer(bytes: Array("/Type /Annot 12 0 R".utf8))
/// while let token = try lexer.next() { print(token) }
/// ```
struct PDFLexer {
    let bytes: [UInt8]
    var position: Int
    /// Where reading stops: the end of the bytes, or of the part that may hold the object read.
    let end: Int

    init(bytes: [UInt8], position: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.end = max(0, min(end ?? bytes.count, bytes.count))
        self.position = max(0, min(position, self.end))
    }

    var atEnd: Bool { position >= end }

    // MARK: Character classes (7.2.2)

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 || byte == 0x0c || byte == 0x00
    }

    @inline(__always)
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }

    @inline(__always)
    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Tokens

    /// Skips white space and `%` comments up to the next token.
    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < end, bytes[position] != 0x0a, bytes[position] != 0x0d { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next token, or nil at the end of the bytes.
    mutating func next() throws(NotebookError) -> PDFToken? {
        skipWhitespace()
        guard position < end else { return nil }
        let start = position
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "/"):
            position += 1
            return .name(readName())
        case UInt8(ascii: "("):
            position += 1
            return .string(try readLiteralString(from: start))
        case UInt8(ascii: "<"):
            if position + 1 < end, bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return .dictionaryStart
            }
            position += 1
            return .string(try readHexString(from: start))
        case UInt8(ascii: ">"):
            if position + 1 < end, bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return .dictionaryEnd
            }
            position += 1
            return .keyword(">")
        case UInt8(ascii: "["):
            position += 1
            return .arrayStart
        case UInt8(ascii: "]"):
            position += 1
            return .arrayEnd
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            position += 1
            return .keyword(String(UnicodeScalar(byte)))
        default:
            while position < end, Self.isRegular(bytes[position]) { position += 1 }
            return Self.classify(bytes, start..<position)
        }
    }

    /// A run of regular characters: a number where it reads as one (7.3.3), else a keyword.
    private static func classify(_ bytes: [UInt8], _ range: Range<Int>) -> PDFToken {
        if let number = number(bytes, range) { return number }
        return .keyword(String(decoding: bytes[range], as: UTF8.self))
    }

    /// `[+-]digits[.digits]` or `[+-].digits`; integers that do not fit `Int` become reals.
    static func number(_ bytes: [UInt8], _ range: Range<Int>) -> PDFToken? {
        var index = range.lowerBound
        guard index < range.upperBound else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var overflow = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                if sawPoint { fractionDigits += 1 }
                let (times, o1) = mantissa.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if o1 || o2 { overflow = true } else { mantissa = plus }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if !sawPoint && !overflow { return .integer(negative ? -mantissa : mantissa) }
        // Exact when the digits fit a double's mantissa and the divisor is an exact power of
        // ten: one correctly rounded division.
        if !overflow, mantissa < 1 << 53, fractionDigits < powersOfTen.count {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return .real(negative ? -value : value)
        }
        let text = String(decoding: bytes[range], as: UTF8.self)
        // The pattern was checked above, so this parses; absurdly long digit runs give infinity,
        // which the ink reader refuses as any non-finite number.
        return .real(Double(text) ?? 0)
    }

    private static let powersOfTen: [Double] = (0...22).map { (exponent: Int) -> Double in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// After the `/`: regular characters, `#xx` escapes decoded (7.3.5).
    private mutating func readName() -> String {
        var name: [UInt8] = []
        while position < end, Self.isRegular(bytes[position]) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#"), position + 2 < end,
               let high = Self.hexValue(bytes[position + 1]), let low = Self.hexValue(bytes[position + 2]) {
                name.append(high << 4 | low)
                position += 3
            } else {
                name.append(byte)
                position += 1
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// After the `(`: balanced parentheses, backslash escapes, octal codes, line continuations;
    /// end-of-line markers become `\n` (7.3.4.2).
    private mutating func readLiteralString(from start: Int) throws(NotebookError) -> [UInt8] {
        var result: [UInt8] = []
        var depth = 1
        while position < end {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return result }
                result.append(byte)
            case 0x0d:
                // CR and CR LF read as LF.
                if position < end, bytes[position] == 0x0a { position += 1 }
                result.append(0x0a)
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0a)
                case UInt8(ascii: "r"): result.append(0x0d)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0c)
                case 0x0d:
                    // A line continuation: the backslash and the end of line vanish.
                    if position < end, bytes[position] == 0x0a { position += 1 }
                case 0x0a:
                    break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escaped - UInt8(ascii: "0"))
                    var count = 1
                    while count < 3, position < end, bytes[position] >= UInt8(ascii: "0"),
                          bytes[position] <= UInt8(ascii: "7") {
                        value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                        count += 1
                    }
                    // High-order overflow (\777) is ignored, as the specification says.
                    result.append(UInt8(truncatingIfNeeded: value))
                default:
                    // \( \) \\ and any unknown escape: the character itself.
                    result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        throw NotebookError(.pdf, .damaged, "the string at byte \(start) is not closed")
    }

    /// After the `<`: hexadecimal digit pairs, white space ignored, an odd last digit followed by
    /// 0 (7.3.4.3). Other characters are skipped.
    private mutating func readHexString(from start: Int) throws(NotebookError) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        while position < end {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") {
                if let high { result.append(high << 4) }
                return result
            }
            guard let value = Self.hexValue(byte) else { continue }
            if let pending = high {
                result.append(pending << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        throw NotebookError(.pdf, .damaged, "the hexadecimal string at byte \(start) is not closed")
    }
}

/// Searching raw bytes.
enum PDFBytes {
    /// The first index at or after `start` where `pattern` occurs in `bytes`. O(n · pattern).
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start >= 0, pattern.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var match = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                    match = false
                    break
                }
                if match { return index }
            }
            index += 1
        }
        return nil
    }

    /// The last index before `end` where `pattern` starts, the whole of it before `end`.
    static func lastIndex(of pattern: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        guard !pattern.isEmpty, pattern.count <= min(end, bytes.count) else { return nil }
        var index = min(end, bytes.count) - pattern.count
        while index >= 0 {
            if bytes[index] == pattern[0] {
                var match = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                    match = false
                    break
                }
                if match { return index }
            }
            index -= 1
        }
        return nil
    }

    /// Every index where `pattern` starts, in order. O(n · pattern).
    static func allIndices(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var index = 0
        while let found = firstIndex(of: pattern, in: bytes, from: index) {
            result.append(found)
            index = found + 1
        }
        return result
    }
}
