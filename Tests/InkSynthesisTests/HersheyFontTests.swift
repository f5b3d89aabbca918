import Foundation
import Testing
@testable import InkSynthesis

@Suite struct HersheyFontTests {
    static let required = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#&'()*+,-./:;?[]")

    @Test func bundledFontsLoadAndCoverTheRequiredCharacters() throws {
        let fonts = FontSet.load()
        #expect(fonts.loadError == nil)
        for style in InkSynthesizer.Style.Font.allCases {
            let font = try #require(fonts.font(style))
            for character in Self.required {
                let glyph = try #require(font.glyph(for: character), "\(style) lacks \(character)")
                #expect(!glyph.strokes.isEmpty, "\(style) \(character) has no strokes")
                #expect(glyph.advance > 0)
            }
            #expect(font.glyph(for: " ")?.strokes.isEmpty == true)
        }
    }

    @Test func parsesPenUpsAndExtentsOfAGlyphLine() throws {
        // "A" of Roman simplex: extent I..[ (-9...9), three strokes.
        let font = try HersheyFont(name: "t", jhf: String(repeating: "  699  1JZ\n", count: 33) + "  501  9I[RFJ[ RRFZ[ RMTWT\n")
        let glyph = try #require(font.glyph(for: "A"))
        #expect(glyph.left == -9 && glyph.right == 9)
        #expect(glyph.strokes.count == 3)
        #expect(glyph.strokes[0] == [CGPoint(x: 0, y: -12), CGPoint(x: -8, y: 9)])
    }

    @Test func reportsWhereALineIsMalformed() {
        #expect(throws: HersheyFont.Failure.self) { try HersheyFont(name: "bad", jhf: "  699  9JZRF\n") }
        #expect(throws: HersheyFont.Failure.self) { try HersheyFont(name: "bad", jhf: "xx\n") }
    }
}
