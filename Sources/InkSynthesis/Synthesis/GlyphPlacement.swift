import Foundation

/// Slow changes along one written line: the baseline wanders, the slant and the size drift, and
/// the whole line tilts a little. Evaluated at an x position on the line.
struct LineDrift {
    let baseline: SmoothNoise
    let slant: SmoothNoise
    let size: SmoothNoise
    /// Rise per unit of x (radians, small).
    let tilt: Double

    init(seed: UInt64, line: Int, cap: Double, variation: Double, rng: inout SeededRandom) {
        let channel = UInt64(line) &* 16
        baseline = SmoothNoise(seed: seed, channel: channel + 1, frequency: 1 / (3 * cap))
        slant = SmoothNoise(seed: seed, channel: channel + 2, frequency: 1 / (4 * cap))
        size = SmoothNoise(seed: seed, channel: channel + 3, frequency: 1 / (5 * cap))
        tilt = variation * 0.012 * rng.signed()
    }
}

/// Where and how one glyph lands on the page: its own size, width, slant, baseline, a slight
/// turn and a lean of its top half, so that no two copies of a letter are the same.
struct GlyphPlacement {
    private let left: Double, baseline: Double, unit: Double, cap: Double
    private let size: Double, width: Double, shear: Double, turn: Double, lean: Double
    private let glyphLeft: Double, halfAdvance: Double
    /// The horizontal room the glyph takes, before letter spacing.
    let advance: Double

    init(
        _ glyph: HersheyGlyph, left: Double, lineOrigin: CGPoint, cap: Double, slant: Double, variation v: Double,
        drift: LineDrift, rng: inout SeededRandom
    ) {
        self.left = left
        self.cap = cap
        unit = cap / HersheyFont.capHeight
        size = (1 + v * 0.08 * drift.size(left)) * (1 + v * 0.05 * rng.gaussian())
        width = size * (1 + v * 0.08 * rng.signed())
        shear = tan(slant + v * (0.1 * drift.slant(left) + 0.05 * rng.signed()))
        baseline = lineOrigin.y + v * cap * (0.08 * drift.baseline(left) + 0.02 * rng.signed())
            + drift.tilt * (left - lineOrigin.x)
        turn = v * 0.06 * rng.signed()
        lean = v * 0.06 * rng.signed()
        glyphLeft = glyph.left
        advance = glyph.advance * unit * width
        halfAdvance = advance / 2
    }

    /// A point of the glyph (font units) on the page.
    func place(_ p: CGPoint) -> CGPoint {
        let h = (HersheyFont.baseline - p.y) * unit * size
        let u = (p.x - glyphLeft) * unit * width - halfAdvance + shear * h + lean * h * h / cap
        return CGPoint(x: left + halfAdvance + u * cos(turn) + h * sin(turn), y: baseline - h * cos(turn) + u * sin(turn))
    }
}
