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
        // Hashed once to a short name, so that naming each stroke costs O(1), not O(text).
        let description = "inksynth/\(seed)/\(style.font.rawValue)/\(style.capHeight)/" + layout.joined(separator: "\u{1e}")
        self.idNamespace = "inksynth/" + UUID(deterministicFrom: description).uuidString
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

    /// The pen strokes of one line, in writing order, plus those held back until the word ends.
    private struct LineStrokes {
        var written: [PenStroke] = []
        var delayed: [PenStroke] = []

        /// Continues the last stroke to `path` without lifting the pen, where it is in the same
        /// word; returns false (and adds nothing) otherwise.
        mutating func join(_ path: [CGPoint], owner: Int, word: Int, spacing: Double) -> Bool {
            guard var last = written.last, last.word == word, let end = last.points.last, let start = path.first
            else { return false }
            let bridge = PenPath.resampled([end, start], spacing: spacing).dropFirst()
            last.points += bridge + path.dropFirst()
            last.owners += Array(repeating: owner, count: bridge.count + max(path.count - 1, 0))
            written[written.count - 1] = last
            return true
        }

        mutating func add(_ path: [CGPoint], owner: Int, word: Int, later: Bool = false) {
            let stroke = PenStroke(points: path, owners: Array(repeating: owner, count: path.count), word: word)
            if later { delayed.append(stroke) } else { written.append(stroke) }
        }

        mutating func endWord() {
            written += delayed
            delayed = []
        }
    }

    private mutating func writeLine(_ text: String, origin: CGPoint, cap: Double, block: Int) {
        let v = style.variation
        let drift = LineDrift(seed: seed, line: lines.count, cap: cap, variation: v, rng: &rng)
        let characters = Array(text)
        let spacing = style.sampleSpacing * cap
        let script = style.font == .script

        var strokes = LineStrokes()
        var wordRanges: [Range<Int>] = []
        var x = origin.x
        var previousJoinable = false
        var inWord = false

        for (c, character) in characters.enumerated() {
            if character == " " || character == "\t" {
                strokes.endWord()
                let space = font?.glyph(for: " ")?.advance ?? 16
                x += (space * cap / HersheyFont.capHeight + style.wordSpacing * cap) * (1 + v * 0.15 * rng.signed())
                previousJoinable = false
                inWord = false
                continue
            }
            if !inWord { wordRanges.append(c..<c) }
            inWord = true
            let word = wordRanges.count - 1
            wordRanges[word] = wordRanges[word].lowerBound..<(c + 1)
            guard let glyph = Self.glyph(for: character, in: font) else { continue }
            let placement = GlyphPlacement(glyph, left: x, lineOrigin: origin, cap: cap, slant: style.slant,
                                           variation: v, drift: drift, rng: &rng)

            // Hands write a letter's main strokes in the font's order and its dots and crossbars
            // last; script hands join the first stroke to the previous letter where it enters from
            // the left (Hershey cursive letters enter and leave at the same height), and add the
            // dots and crossbars after the word.
            let paths = glyph.strokes.map {
                PenPath.resampled(PenPath.smoothed($0.map(placement.place), passes: 2), spacing: spacing)
            }
            let (main, minor) = Self.mainAndMinorStrokes(glyph.strokes)
            let entersFromLeft = main.first.map { (glyph.strokes[$0][0].x - glyph.left) < 0.45 * max(glyph.advance, 1) } ?? false
            let joins = script && previousJoinable && character.isLowercase && entersFromLeft
            for (k, s) in main.enumerated() {
                // Where the font lifts the pen only to start the next stroke where the last ended
                // (the humps of a cursive m), a hand keeps it down.
                let continues = k > 0 && Self.close(paths[main[k - 1]].last, paths[s].first, within: 0.2 * cap)
                if (k == 0 && joins) || continues, strokes.join(paths[s], owner: c, word: word, spacing: spacing) { continue }
                strokes.add(paths[s], owner: c, word: word)
            }
            for s in minor { strokes.add(paths[s], owner: c, word: word, later: script) }
            previousJoinable = character.isLetter && !glyph.strokes.isEmpty
            x += placement.advance + style.letterSpacing * cap + v * cap * 0.03 * rng.signed()
        }
        strokes.endWord()
        emit(strokes.written, characters: characters, words: wordRanges, text: text, cap: cap,
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
            let forces = style.recordsForce ? Self.pressure(along: points, cap: cap) : nil
            let stylusPoints = points.indices.map { i in
                StrokePoint(location: points[i], time: times[i], force: forces?[i])
            }
            strokes.append(Stroke(id: id, points: stylusPoints, ink: style.ink))
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

    /// Pen pressure in 0...1: rising over the first stretch of a stroke, easing off at its end.
    static func pressure(along points: [CGPoint], cap: Double) -> [Double] {
        var travelled = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { travelled.append(travelled[travelled.count - 1] + PenPath.distance(a, b)) }
        let total = travelled.last ?? 0
        return travelled.map { d in
            let fromEnd = min(d, total - d) / (0.25 * cap)
            return 0.3 + 0.45 * min(1, fromEnd)
        }
    }

    /// A glyph's strokes split into its main strokes and the minor ones (dots, crossbars: under
    /// 35% of the longest stroke's length), each in the font's order.
    static func mainAndMinorStrokes(_ strokes: [[CGPoint]]) -> (main: [Int], minor: [Int]) {
        let lengths = strokes.map { s in zip(s, s.dropFirst()).reduce(0.0) { $0 + PenPath.distance($1.0, $1.1) } }
        let longest = lengths.max() ?? 0
        let minor = strokes.indices.filter { lengths[$0] < 0.35 * longest }
        return (strokes.indices.filter { !minor.contains($0) }, minor)
    }

    static func close(_ a: CGPoint?, _ b: CGPoint?, within distance: Double) -> Bool {
        guard let a, let b else { return false }
        return PenPath.distance(a, b) < distance
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
