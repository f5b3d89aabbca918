import Foundation

/// The reMarkable's pen and colour codes, as every `.rm` generation numbers them, and what each
/// becomes in the model.
enum RemarkablePens {
    /// What a stroke drawn with a pen code is.
    enum Kind: Equatable {
        /// Writing: becomes a stroke with this ink tool.
        case ink(Ink.Tool)
        /// The highlighter: a stroke with ink tool `.marker`, counted as a mark.
        case highlighter
        /// The eraser and the area eraser: whiteout, not ink.
        case eraser
    }

    /// Pen codes: 0–8 from the first software, 12–18 their second versions (2020), 21 the
    /// calligraphy pen, 23 the shader. Unknown codes are read as pens (and named in a warning).
    static func kind(of pen: UInt32) -> (kind: Kind, known: Bool) {
        switch pen {
        case 0, 12: (.ink("paintbrush"), true)
        case 1, 14: (.ink(.pencil), true)  // the tilt pencil
        case 7, 13: (.ink(.pencil), true)  // the mechanical pencil
        case 2, 15: (.ink(.pen), true)  // ballpoint
        case 3, 16: (.ink("felt marker"), true)
        case 4, 17: (.ink(.monoline), true)  // fineliner
        case 21: (.ink(.fountainPen), true)  // calligraphy
        case 5, 18: (.highlighter, true)
        case 23: (.highlighter, true)  // shader: translucent fill, read like the highlighter
        case 6, 8: (.eraser, true)
        default: (.ink(.pen), false)
        }
    }

    /// Colour codes of the tablet's palette; v6's highlighter colours carry an ARGB value of their
    /// own, which the reader prefers where present. Unknown codes are black.
    static func color(_ code: UInt32, highlighter: Bool) -> Ink.Color {
        let alpha: UInt8 = highlighter ? 0x80 : 0xff
        let rgb: UInt32 = switch code {
        case 0: 0x000000  // black
        case 1, 8: 0x7f7f7f  // grey, grey overlap
        case 2: 0xffffff  // white
        case 3, 13: 0xfbf719  // yellow
        case 4, 10: 0x00ff00  // green
        case 5: 0xff69b4  // pink
        case 6: 0x0062cc  // blue
        case 7: 0xd90707  // red
        case 9: 0xfbf719  // highlight (its ARGB comes separately)
        case 11: 0x00ffff  // cyan
        case 12: 0xff00ff  // magenta
        default: 0x000000
        }
        return Ink.Color(red: UInt8(rgb >> 16 & 0xff), green: UInt8(rgb >> 8 & 0xff), blue: UInt8(rgb & 0xff), alpha: alpha)
    }
}
