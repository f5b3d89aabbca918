import Foundation
import InkCore

/// The pen of `InkSynthesizer`: lays out glyphs with per-glyph variation, joins script letters,
/// adds smooth wobble, time-stamps the points and records which strokes wrote what.
struct HandWriter {
    let style: InkSynthesizer.Style
    let font: HersheyFont?
    let blocks: [TextBlock]
    let seed: UInt64
    private var rng: SeededRandom
    private let idNamespace: String
    private var strokes: [Stroke] = []
    private var lines: [SynthesizedLine] = []
    /// When the pen last lifted, in seconds since the first point.
    private var clock = 0.0
    private var lastPenUp: CGPoint?

    init(seed: UInt64, style: InkSynthesizer.Style, fonts: FontSet, blocks: [TextBlock]) {
        self.seed = seed
        self.style = style
        self.font = fonts.font(style.font)
        self.blocks = blocks
        self.rng = SeededRandom(seed: seed ^ 0x1A2B_3C4D)
        // Identifiers depend on everything that shapes the ink, so that two different syntheses
        // merged into one drawing never share a stroke ID.
        let layout = blocks.map { "\($0.origin.x),\($0.origin.y),\($0.scale),\($0.lineSpacing ?? -1):\($0.lines.joined(separator: "\n"))" }
        self.idNamespace = "inksynth/\(seed)/\(style.font.rawValue)/\(style.capHeight)/" + layout.joined(separator: "\u{1e}")
    }

    mutating func write() -> SynthesizedText {
        for (b, block) in blocks.enumerated() {
            if b > 0 { clock += 1.5 + 1.5 * rng.signed().magnitude }
            let cap = style.capHeight * block.scale
            let spacing = block.lineSpacing ?? style.lineSpacing * cap
            for (l, text) in block.lines.enumerated() {
                if l > 0 { clock += 0.45 + 0.35 * rng.signed().magnitude }
                // Writers start each line a little left or right of the margin.
                let indent = l == 0 ? 0 : style.variation * cap * 0.08 * rng.signed()
                let origin = CGPoint(x: block.origin.x + indent, y: block.origin.y + Double(l) * spacing)
                writeLine(text, origin: origin, cap: cap, block: b)
            }
        }
        return SynthesizedText(drawing: Drawing(strokes: strokes), lines: lines)
    }

    // MARK: - One line

    /// A pen-down path being built: points with the index of the character each belongs to.
    private struct PenStroke {
        var points: [CGPoint] = []
        var owners: [Int] = []
        var word: Int
    }

    private mutating func writeLine(_ text: String, origin: CGPoint, cap: Double, block: Int) {
        let v = style.variation
        let lineIndex = lines.count
        let channel = UInt64(lineIndex) &* 16
        let drift = SmoothNoise(seed: seed, channel: channel + 1, frequency: 1 / (3 * cap))
        let slantDrift = SmoothNoise(seed: seed, channel: channel + 2, frequency: 1 / (4 * cap))
        let sizeDrift = SmoothNoise(seed: seed, channel: channel + 3, frequency: 1 / (5 * cap))
        let tilt = v * 0.012 * rng.signed()
        let unit = cap / HersheyFont.capHeight
        let characters = Array(text)

        var penStrokes: [PenStroke] = []
        var wordOfCharacter = [Int](repeating: -1, count: characters.count)
        var wordRanges: [Range<Int>] = []
        var x = origin.x
        var previousJoinable = false
        var delayed: [PenStroke] = []

        for (c, character) in characters.enumerated() {
            if character == " " || character == "\t" {
                penStrokes += delayed
                delayed = []
                let space = font?.glyph(for: " ")?.advance ?? 16
                x += (space * unit + style.wordSpacing * cap) * (1 + v * 0.15 * rng.signed())
                previousJoinable = false
                continue
            }
            if c == 0 || wordOfCharacter[c - 1] < 0 { wordRanges.append(c..<(c + 1)) }
            let word = wordRanges.count - 1
            wordRanges[word] = wordRanges[word].lowerBound..<(c + 1)
            wordOfCharacter[c] = word
            guard let glyph = Self.glyph(for: character, in: font) else { continue }

            let size = (1 + v * 0.08 * sizeDrift(x)) * (1 + v * 0.05 * rng.gaussian())
            let width = size * (1 + v * 0.08 * rng.signed())
            let shear = tan(style.slant + v * (0.1 * slantDrift(x) + 0.05 * rng.signed()))
            let baseline = origin.y + v * cap * (0.08 * drift(x) + 0.02 * rng.signed()) + tilt * (x - origin.x)
            // A slight turn and a lean of the top half give each letter its own shape.
            let turn = v * 0.06 * rng.signed()
            let topShift = v * 0.06 * rng.signed()
            let left = x
            let mid = glyph.advance * unit * width / 2
            func place(_ p: CGPoint) -> CGPoint {
                let h = (HersheyFont.baseline - p.y) * unit * size
                let u = (p.x - glyph.left) * unit * width - mid + shear * h + topShift * h * h / cap
                return CGPoint(x: left + mid + u * cos(turn) + h * sin(turn), y: baseline - h * cos(turn) + u * sin(turn))
            }

            // Script hands write a letter's body first, joined to the previous letter where the
            // body starts at its left edge, and add dots and crossbars after the word.
            let paths = glyph.strokes.map {
                PenPath.resampled(PenPath.smoothed($0.map(place), passes: 2), spacing: style.sampleSpacing * cap)
            }
            let script = style.font == .script
            let body = script ? Self.longest(glyph.strokes) : 0
            let entersFromLeft = glyph.strokes.isEmpty
                ? false : (glyph.strokes[body][0].x - glyph.left) < 0.45 * max(glyph.advance, 1)
            let joins = script && previousJoinable && character.isLowercase && entersFromLeft
            for s in [body] + paths.indices.filter({ $0 != body }) where s < paths.count {
                let path = paths[s]
                if s == body, joins, var last = penStrokes.last, last.word == word, let end = last.points.last,
                   let start = path.first {
                    let bridge = PenPath.resampled([end, start], spacing: style.sampleSpacing * cap).dropFirst()
                    last.points += bridge
                    last.owners += Array(repeating: c, count: bridge.count)
                    last.points += path.dropFirst()
                    last.owners += Array(repeating: c, count: max(path.count - 1, 0))
                    penStrokes[penStrokes.count - 1] = last
                } else if s != body, script {
                    delayed.append(PenStroke(points: path, owners: Array(repeating: c, count: path.count), word: word))
                } else {
                    penStrokes.append(PenStroke(points: path, owners: Array(repeating: c, count: path.count), word: word))
                }
            }
            previousJoinable = character.isLetter && !glyph.strokes.isEmpty
            x += glyph.advance * unit * width + style.letterSpacing * cap + v * cap * 0.03 * rng.signed()
        }
        penStrokes += delayed
        emit(penStrokes, characters: characters, words: wordRanges, text: text, cap: cap,
             block: block, baseline: origin.y)
    }

    /// Adds wobble and time to the line's pen strokes, appends them to the drawing and records
    /// the ground truth.
    private mutating func emit(
        _ penStrokes: [PenStroke], characters: [Character], words: [Range<Int>], text: String,
        cap: Double, block: Int, baseline: Double
    ) {
        let v = style.variation
        let lineIndex = lines.count
        let channel = UInt64(lineIndex) &* 16
        let wobbleX = SmoothNoise(seed: seed, channel: channel + 5, frequency: 1 / (0.8 * cap))
        let wobbleY = SmoothNoise(seed: seed, channel: channel + 6, frequency: 1 / (0.8 * cap))
        let tremorX = SmoothNoise(seed: seed, channel: channel + 7, frequency: 1 / (0.12 * cap))
        let tremorY = SmoothNoise(seed: seed, channel: channel + 8, frequency: 1 / (0.12 * cap))
        let speed = style.penSpeed * cap * (1 + 0.15 * v * rng.signed())
        var arc = 0.0
        var characterStrokes = [[UUID]](repeating: [], count: characters.count)
        var characterBounds = [CGRect](repeating: .null, count: characters.count)
        var lineStrokeIDs: [UUID] = []
        var previousWord = -1

        for penStroke in penStrokes {
            var points: [CGPoint] = []
            points.reserveCapacity(penStroke.points.count)
            for (i, p) in penStroke.points.enumerated() {
                if i > 0 { arc += PenPath.distance(penStroke.points[i - 1], p) }
                let dx = v * cap * (0.08 * wobbleX(arc) + 0.006 * tremorX(arc))
                let dy = v * cap * (0.08 * wobbleY(arc) + 0.006 * tremorY(arc))
                points.append(CGPoint(x: p.x + dx, y: p.y + dy))
            }
            guard let first = points.first else { continue }

            if let lastPenUp {
                let travel = PenPath.distance(lastPenUp, first)
                clock += 0.05 + 0.04 * rng.signed().magnitude + travel / (1.5 * speed)
                if penStroke.word != previousWord && previousWord >= 0 { clock += 0.1 + 0.2 * rng.signed().magnitude }
            }
            previousWord = penStroke.word
            let times = PenPath.timestamps(points, start: clock, speed: speed, rampLength: 0.3 * cap)
            clock = times.last ?? clock
            lastPenUp = points.last

            let id = UUID(deterministicFrom: "\(idNamespace)#\(strokes.count)")
            strokes.append(Stroke(
                id: id, points: zip(points, times).map { StrokePoint(location: $0, time: $1) }, ink: style.ink))
            lineStrokeIDs.append(id)
            for (point, owner) in zip(points, penStroke.owners) {
                characterBounds[owner] = characterBounds[owner].union(CGRect(origin: point, size: .zero))
                if characterStrokes[owner].last != id { characterStrokes[owner].append(id) }
            }
        }

        let synthesizedWords = words.map { range in
            let chars = range.map { c in
                SynthesizedCharacter(text: String(characters[c]), strokeIDs: characterStrokes[c], bounds: characterBounds[c])
            }
            var ids: [UUID] = []
            for id in chars.flatMap(\.strokeIDs) where ids.last != id && !ids.contains(id) { ids.append(id) }
            return SynthesizedWord(
                text: String(characters[range]), block: block, lineIndex: lineIndex, strokeIDs: ids,
                bounds: chars.reduce(CGRect.null) { $0.union($1.bounds) }, characters: chars)
        }
        lines.append(SynthesizedLine(
            text: text, block: block, index: lineIndex, baseline: baseline, words: synthesizedWords,
            strokeIDs: lineStrokeIDs, bounds: synthesizedWords.reduce(CGRect.null) { $0.union($1.bounds) }))
    }

    /// The index of the stroke with the longest path (a letter's body, as opposed to its dot).
    static func longest(_ strokes: [[CGPoint]]) -> Int {
        func length(_ s: [CGPoint]) -> Double { zip(s, s.dropFirst()).reduce(0) { $0 + PenPath.distance($1.0, $1.1) } }
        return strokes.indices.max { length(strokes[$0]) < length(strokes[$1]) } ?? 0
    }

    /// The glyph for a character, with typographic look-alikes folded to ASCII and `?` for the rest.
    static func glyph(for character: Character, in font: HersheyFont?) -> HersheyGlyph? {
        guard let font else { return nil }
        if let glyph = font.glyph(for: character) { return glyph }
        let folded: Character = switch character {
        case "\u{2018}", "\u{2019}": "'"
        case "\u{201C}", "\u{201D}": "\""
        case "\u{2013}", "\u{2014}": "-"
        default: "?"
        }
        return font.glyph(for: folded)
    }
}
