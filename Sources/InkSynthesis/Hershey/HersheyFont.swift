import Foundation

/// One Hershey glyph: pen-down polylines in font units (y grows downward, baseline at y = 9,
/// capital tops at y = -12) and the horizontal extent the font spaces it by.
struct HersheyGlyph: Sendable, Hashable {
    var left: Double
    var right: Double
    var strokes: [[CGPoint]]
    var advance: Double { right - left }
}

/// A Hershey font in the `.jhf` text format, indexed by ASCII code (see Resources/README.md).
struct HersheyFont: Sendable {
    /// Font units from the baseline to the top of a capital.
    static let capHeight = 21.0
    /// The baseline's y in font units.
    static let baseline = 9.0

    enum Failure: Error, CustomStringConvertible {
        case missingResource(String)
        case malformedLine(font: String, line: Int, reason: String)
        var description: String {
            switch self {
            case .missingResource(let name): "Hershey font resource \(name).jhf is missing from the bundle"
            case .malformedLine(let font, let line, let reason): "\(font).jhf line \(line): \(reason)"
            }
        }
    }

    let name: String
    private let glyphs: [UInt8: HersheyGlyph]

    /// Parses `.jhf` text. O(characters).
    init(name: String, jhf text: String) throws {
        self.name = name
        var glyphs: [UInt8: HersheyGlyph] = [:]
        let lines = text.split(whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let ascii = 32 + index
            guard ascii < 127 else { break }
            glyphs[UInt8(ascii)] = try Self.parse(Array(line.utf8), font: name, line: index + 1)
        }
        self.glyphs = glyphs
    }

    /// Loads a font shipped in this module's resources.
    static func bundled(_ name: String) throws -> HersheyFont {
        let url = Bundle.module.url(forResource: name, withExtension: "jhf", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: "jhf")
        guard let url, let data = try? Data(contentsOf: url) else { throw Failure.missingResource(name) }
        return try HersheyFont(name: name, jhf: String(decoding: data, as: UTF8.self))
    }

    /// The glyph for a character, or nil where the font has none (non-ASCII).
    func glyph(for character: Character) -> HersheyGlyph? {
        guard let ascii = character.asciiValue else { return nil }
        return glyphs[ascii]
    }

    private static func parse(_ bytes: [UInt8], font: String, line: Int) throws -> HersheyGlyph {
        func fail(_ reason: String) -> Failure { .malformedLine(font: font, line: line, reason: reason) }
        guard bytes.count >= 10,
              let count = Int(String(decoding: bytes[5..<8], as: UTF8.self).trimmingCharacters(in: .whitespaces))
        else { throw fail("no vertex count in columns 6-8") }
        let body = bytes[8...]
        guard body.count >= count * 2 else { throw fail("\(count) pairs announced, \(body.count / 2) present") }
        let r = Double(UInt8(ascii: "R"))
        func value(_ i: Int) -> Double { Double(body[body.startIndex + i]) - r }
        var strokes: [[CGPoint]] = []
        var current: [CGPoint] = []
        for pair in 1..<max(count, 1) {
            let i = pair * 2
            if body[body.startIndex + i] == UInt8(ascii: " ") && body[body.startIndex + i + 1] == UInt8(ascii: "R") {
                if !current.isEmpty { strokes.append(current) }
                current = []
            } else {
                current.append(CGPoint(x: value(i), y: value(i + 1)))
            }
        }
        if !current.isEmpty { strokes.append(current) }
        return HersheyGlyph(left: value(0), right: value(1), strokes: strokes)
    }
}
