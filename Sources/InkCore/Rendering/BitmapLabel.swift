import Foundation

/// Label text for raster output in a built-in 5 × 7 pixel font (capitals, digits, common
/// punctuation; lower case is drawn as capitals), on a translucent white backing so that it stays
/// legible over ink. A bitmap font keeps InkCore free of font files and system text APIs.
enum BitmapLabel {
    /// `height` is the glyph cell height in pixels; `origin` is the left end of the baseline.
    static func draw(_ text: String, at origin: CGPoint, height: Double, color: Ink.Color, on canvas: inout RasterCanvas) {
        let cell = height / 7
        let glyphs = text.uppercased().map { rows[$0] ?? unknown }
        let advance = cell * 6
        let width = Double(glyphs.count) * advance
        let top = origin.y - height
        canvas.fillPolygon(box(x: origin.x - cell, y: top - cell, width: width + cell, height: height + 2 * cell),
                           color: Ink.Color(red: 255, green: 255, blue: 255, alpha: 200))
        for (index, glyph) in glyphs.enumerated() {
            let left = origin.x + Double(index) * advance
            for (row, bits) in glyph.enumerated() {
                for column in 0..<5 where bits & (16 >> column) != 0 {
                    canvas.fillPolygon(box(x: left + Double(column) * cell, y: top + Double(row) * cell,
                                           width: cell, height: cell), color: color)
                }
            }
        }
    }

    private static func box(x: Double, y: Double, width: Double, height: Double) -> [CGPoint] {
        [CGPoint(x: x, y: y), CGPoint(x: x + width, y: y), CGPoint(x: x + width, y: y + height), CGPoint(x: x, y: y + height)]
    }

    private static let unknown: [UInt8] = [31, 17, 17, 17, 17, 17, 31]

    /// Rows top to bottom; bit 16 is the leftmost column.
    private static let rows: [Character: [UInt8]] = [
        " ": [0, 0, 0, 0, 0, 0, 0],
        "A": [14, 17, 17, 31, 17, 17, 17], "B": [30, 17, 17, 30, 17, 17, 30], "C": [14, 17, 16, 16, 16, 17, 14],
        "D": [28, 18, 17, 17, 17, 18, 28], "E": [31, 16, 16, 30, 16, 16, 31], "F": [31, 16, 16, 30, 16, 16, 16],
        "G": [14, 17, 16, 23, 17, 17, 15], "H": [17, 17, 17, 31, 17, 17, 17], "I": [14, 4, 4, 4, 4, 4, 14],
        "J": [7, 2, 2, 2, 2, 18, 12], "K": [17, 18, 20, 24, 20, 18, 17], "L": [16, 16, 16, 16, 16, 16, 31],
        "M": [17, 27, 21, 21, 17, 17, 17], "N": [17, 17, 25, 21, 19, 17, 17], "O": [14, 17, 17, 17, 17, 17, 14],
        "P": [30, 17, 17, 30, 16, 16, 16], "Q": [14, 17, 17, 17, 21, 18, 13], "R": [30, 17, 17, 30, 20, 18, 17],
        "S": [15, 16, 16, 14, 1, 1, 30], "T": [31, 4, 4, 4, 4, 4, 4], "U": [17, 17, 17, 17, 17, 17, 14],
        "V": [17, 17, 17, 17, 17, 10, 4], "W": [17, 17, 17, 21, 21, 21, 10], "X": [17, 17, 10, 4, 10, 17, 17],
        "Y": [17, 17, 10, 4, 4, 4, 4], "Z": [31, 1, 2, 4, 8, 16, 31],
        "0": [14, 17, 19, 21, 25, 17, 14], "1": [4, 12, 4, 4, 4, 4, 14], "2": [14, 17, 1, 2, 4, 8, 31],
        "3": [31, 2, 4, 2, 1, 17, 14], "4": [2, 6, 10, 18, 31, 2, 2], "5": [31, 16, 30, 1, 1, 17, 14],
        "6": [6, 8, 16, 30, 17, 17, 14], "7": [31, 1, 2, 4, 8, 8, 8], "8": [14, 17, 17, 14, 17, 17, 14],
        "9": [14, 17, 17, 15, 1, 2, 12],
        ".": [0, 0, 0, 0, 0, 12, 12], ",": [0, 0, 0, 0, 12, 4, 8], ":": [0, 12, 12, 0, 12, 12, 0],
        ";": [0, 12, 12, 0, 12, 4, 8], "-": [0, 0, 0, 31, 0, 0, 0], "+": [0, 4, 4, 31, 4, 4, 0],
        "?": [14, 17, 1, 2, 4, 0, 4], "!": [4, 4, 4, 4, 4, 0, 4], "'": [4, 4, 8, 0, 0, 0, 0],
        "\"": [10, 10, 0, 0, 0, 0, 0], "(": [2, 4, 8, 8, 8, 4, 2], ")": [8, 4, 2, 2, 2, 4, 8],
        "/": [0, 1, 2, 4, 8, 16, 0], "#": [10, 10, 31, 10, 31, 10, 10], "%": [24, 25, 2, 4, 8, 19, 3],
        "&": [12, 18, 20, 8, 21, 18, 13], "*": [0, 4, 21, 14, 21, 4, 0], "=": [0, 0, 31, 0, 31, 0, 0],
        "_": [0, 0, 0, 0, 0, 0, 31], "[": [14, 8, 8, 8, 8, 8, 14], "]": [14, 2, 2, 2, 2, 2, 14],
        "<": [2, 4, 8, 16, 8, 4, 2], ">": [8, 4, 2, 1, 2, 4, 8], "@": [14, 17, 1, 13, 21, 21, 14],
    ]
}
