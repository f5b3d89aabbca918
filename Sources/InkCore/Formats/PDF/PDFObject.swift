import Foundation

/// An indirect reference `n g R`: object number and generation.
struct PDFReference: Hashable {
    var number: Int
    var generation: Int
}

/// A stream as found in the file: its dictionary and where its (still encoded) bytes lie in the
/// buffer it was parsed from. Only indirect objects at the file's top level are streams.
struct PDFStream {
    var dictionary: PDFDictionary
    /// Range of the encoded bytes in the file.
    var data: Range<Int>
}

/// A dictionary `<< /Key value ... >>`, keys without their slash.
struct PDFDictionary {
    var entries: [String: PDFObject] = [:]

    subscript(_ key: String) -> PDFObject? { entries[key] }

    /// The name under `key`, where it is a name (`/Type /Annot` → `"Annot"`).
    func name(_ key: String) -> String? { entries[key]?.name }
}

/// One PDF object (ISO 32000-1, 7.3), as parsed; indirect references are left for
/// `PDFDocument.resolve` to follow.
///
/// ```swift
/// var parser = PDFParser(bytes: Array("<< /W [1 2 1] >>".utf8), limits: InkNotebook.Limits())
/// let w = try parser.parseObject()?.dictionary?["W"]?.array  // [1, 2, 1]
/// ```
enum PDFObject {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    /// Literal and hexadecimal strings alike: the bytes, escapes undone.
    case string([UInt8])
    /// Without the slash, `#xx` escapes undone.
    case name(String)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case stream(PDFStream)
    case reference(PDFReference)

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// Integers and reals alike, as a `Double` (which may be infinite for absurd digit strings).
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    var name: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    var array: [PDFObject]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A dictionary, or a stream's dictionary.
    var dictionary: PDFDictionary? {
        switch self {
        case .dictionary(let value): value
        case .stream(let stream): stream.dictionary
        default: nil
        }
    }

    var stringBytes: [UInt8]? {
        if case .string(let value) = self { return value }
        return nil
    }

    var reference: PDFReference? {
        if case .reference(let value) = self { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A text string (7.9.2.2) as Unicode: UTF-16BE after a `FE FF` mark, UTF-8 after `EF BB BF`
    /// (PDF 2.0), otherwise PDFDocEncoding. Nil for anything but a string.
    var text: String? {
        guard let bytes = stringBytes else { return nil }
        return PDFText.decode(bytes)
    }
}

/// Text strings outside content streams (ISO 32000-1, 7.9.2.2 and Annex D).
enum PDFText {
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xfe, bytes[1] == 0xff {
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - 2) / 2)
            var index = 2
            while index + 1 < bytes.count {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            // Unpaired surrogates become U+FFFD rather than failing the string.
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.count >= 3, bytes[0] == 0xef, bytes[1] == 0xbb, bytes[2] == 0xbf {
            return String(decoding: bytes[3...], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append(docEncoding(byte))
        }
        return String(scalars)
    }

    /// PDFDocEncoding (Annex D.3): Latin-1 except for 0x18–0x1F (spacing accents), 0x80–0xA0
    /// (typographic punctuation, ligatures, some Latin Extended letters, the euro sign); codes
    /// it leaves undefined become U+FFFD.
    private static func docEncoding(_ byte: UInt8) -> Unicode.Scalar {
        let value: UInt32
        switch byte {
        case 0x18...0x1f:
            value = accents[Int(byte - 0x18)]
        case 0x7f, 0x9f, 0xad:
            value = 0xfffd
        case 0x80...0xa0:
            value = punctuation[Int(byte - 0x80)]
        default:
            value = UInt32(byte)
        }
        return Unicode.Scalar(value) ?? "\u{fffd}"
    }

    /// 0x18–0x1F: breve, caron, circumflex, dot accent, double acute, ogonek, ring, small tilde.
    private static let accents: [UInt32] = [0x02d8, 0x02c7, 0x02c6, 0x02d9, 0x02dd, 0x02db, 0x02da, 0x02dc]

    /// 0x80–0xA0 (0x9F is undefined and handled before).
    private static let punctuation: [UInt32] = [
        0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044,  // 0x80
        0x2039, 0x203a, 0x2212, 0x2030, 0x201e, 0x201c, 0x201d, 0x2018,  // 0x88
        0x2019, 0x201a, 0x2122, 0xfb01, 0xfb02, 0x0141, 0x0152, 0x0160,  // 0x90
        0x0178, 0x017d, 0x0131, 0x0142, 0x0153, 0x0161, 0x017e, 0xfffd,  // 0x98
        0x20ac,  // 0xA0
    ]
}
