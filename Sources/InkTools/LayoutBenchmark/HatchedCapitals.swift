import Foundation
import InkIndex
import InkCore
import InkLayout
import InkSynthesis

/// A page with one word written again in capitals, twice: in plain single-stroke capitals and
/// as hatched outline capitals (`HatchedOutline`), as people write a heading or a word they
/// stress.
///
/// Both are drawn from the same Hershey letters in the word's place, at a capital height of 1.5
/// of the page's x-heights on the word's baseline, so the only difference between the two
/// readings is the outline and its hatching. The rest of the line moves right where the
/// capitals are wider than the word was.
///
/// ```swift
/// if let word = HatchedCapitals.generate(from: page, seed: 7) {
///     print(word.text, word.plainStrokeIDs.count, word.hatchedStrokeIDs.count)
/// }
/// ```
public struct HatchedCapitals: Sendable {
    /// The word in capitals, as both pages spell it.
    public var text: String
    /// The index of its line in the pages' `lines` and `texts`.
    public var line: Int
    public var plain: StackedPage
    public var plainStrokeIDs: [UUID]
    public var hatched: StackedPage
    public var hatchedStrokeIDs: [UUID]

    /// One word of `clean` of at least three letters (and only letters), spelled once in its
    /// line, written again both ways; nil where the page has none. Deterministic for a seed.
    public static func generate(from clean: StackedPage, seed: UInt64) -> HatchedCapitals? {
        var chooser = MarkGenerator(page: clean, seed: seed)
        let words = chooser.candidateWords().filter { w in
            guard let text = w.text, text.count >= 3, text.allSatisfy(\.isLetter) else { return false }
            return clean.texts[w.line].split(separator: " ").filter { $0 == text }.count == 1
        }
        guard let word = words.randomElement(using: &chooser.pen.random), let text = word.text else { return nil }
        let unit = chooser.unit, capHeight = 1.5 * unit
        var style = InkSynthesizer.Style()
        style.capHeight = capHeight
        style.variation = 0.3
        let outline = HatchedOutline(halfWidth: 0.12 * capHeight, hatchSpacing: 0.16 * capHeight,
                                     hatchAngle: Double.random(in: 0.6...1.0, using: &chooser.pen.random))
        let baseline = quantile(word.points.map { Double($0.y) }, 0.85)
        let origin = CGPoint(x: word.bounds.minX + outline.halfWidth, y: baseline)
        let firstStroke = clean.drawing.strokes.first { word.strokeIDs.contains($0.id) }
        let time = firstStroke?.points.first?.time ?? 0
        let capitals = text.uppercased()

        /// The word written with this spacing, its pen paths drawn as `draw` makes them.
        func page(_ letterSpacing: Double, _ draw: ([[CGPoint]]) -> [[CGPoint]], name: String) -> (StackedPage, [UUID]) {
            var letters = style
            letters.letterSpacing = letterSpacing
            let penPaths = InkSynthesizer(seed: seed, style: letters).drawing(for: capitals, origin: origin).strokes.map { $0.points.map(\.location) }
            let pen = HandDrawn(unit: unit, seed: seed)
            var t = time
            var strokes = draw(penPaths).enumerated().map { k, points -> Stroke in
                let stroke = pen.stroke(points, time: t, name: "\(clean.form)-\(name)-\(seed)-\(k)")
                t = (stroke.points.last?.time ?? t) + 0.05
                return stroke
            }
            // A transcript carried on the word's first stroke (`TranscriptRecognizer`) moves to
            // the new first stroke, spelled anew.
            if !strokes.isEmpty, firstStroke?.annotations[TranscriptRecognizer.annotationKey] != nil {
                strokes[0].annotations[TranscriptRecognizer.annotationKey] = capitals
            }
            return (replacing(word, in: clean, with: strokes, text: capitals), strokes.map(\.id))
        }
        let (plain, plainIDs) = page(style.letterSpacing, { $0 }, name: "plain")
        // Letters widened by their outline stand further apart.
        let (hatched, hatchedIDs) = page(style.letterSpacing + 2 * outline.halfWidth / capHeight, outline.paths(outlining:), name: "hatched")
        return HatchedCapitals(text: capitals, line: word.line, plain: plain, plainStrokeIDs: plainIDs,
                               hatched: hatched, hatchedStrokeIDs: hatchedIDs)
    }

    /// `clean` with the word's strokes replaced by `strokes` (in the word's place in the writing
    /// order), the strokes right of it on its line moved right by what the new word is wider,
    /// and the word spelled `text` in its line's transcription.
    static func replacing(_ word: MarkGenerator.Word, in clean: StackedPage, with strokes: [Stroke], text: String) -> StackedPage {
        let removed = Set(word.strokeIDs)
        let lineIDs = Set(clean.lines[word.line])
        let newRight = strokes.map(\.renderBounds).reduce(CGRect.null) { $0.union($1) }.maxX
        let shift = max(0, newRight - word.bounds.maxX)
        var page = clean
        let at = clean.drawing.strokes.firstIndex { removed.contains($0.id) } ?? clean.drawing.strokes.count
        var all: [Stroke] = clean.drawing.strokes.map { stroke in
            guard lineIDs.contains(stroke.id), !removed.contains(stroke.id), stroke.renderBounds.minX >= word.bounds.maxX, shift > 0 else { return stroke }
            var moved = stroke
            moved.points = stroke.points.map { p in var q = p; q.location.x += shift; return q }
            return moved
        }
        all.insert(contentsOf: strokes, at: at)
        all.removeAll { removed.contains($0.id) }
        page.drawing.strokes = all
        page.lines[word.line] = clean.lines[word.line].filter { !removed.contains($0) } + strokes.map(\.id)
        page.texts[word.line] = clean.texts[word.line].split(separator: " ", omittingEmptySubsequences: false)
            .map { String($0) == word.text ? text : String($0) }.joined(separator: " ")
        return page
    }

    /// Reads each page's word in plain and in hatched capitals, with its page, and compares them.
    ///
    /// ```swift
    /// var score = HatchedCapitals.Score()
    /// for page in pages { await score.add(page: page, seed: 7, recognizer: StrokeRecognizer(model: .open)) }
    /// print(score)
    /// ```
    public struct Score: Sendable, CustomStringConvertible {
        /// The words read in plain capitals and in hatched ones, case kept.
        public var plain = ErrorRates(), hatched = ErrorRates()
        /// The same readings with case folded.
        public var plainFolded = ErrorRates(), hatchedFolded = ErrorRates()
        /// Their lines, read with each.
        public var plainLines = ErrorRates(), hatchedLines = ErrorRates()
        /// Hatched words whose every stroke stayed in a line of writing (none taken for a mark).
        public var hatchedKept = 0
        /// The first words read worse hatched than plain: form, truth, plain, hatched.
        public var worse: [String] = []

        public init() {}

        public mutating func add(page clean: StackedPage, seed: UInt64, recognizer: StrokeRecognizer) async {
            guard let word = HatchedCapitals.generate(from: clean, seed: seed) else { return }
            func read(_ page: StackedPage, _ ids: [UUID]) async -> (word: String, line: String, kept: Bool) {
                await recognizer.updateDrawing(page.drawing)
                let layout = await recognizer.layout
                return (await recognizer.recognizedText(strokeIDs: Set(ids)) ?? "",
                        await recognizer.recognizedText(strokeIDs: Set(page.lines[word.line])) ?? "",
                        ids.allSatisfy { layout.line(containing: $0) != nil })
            }
            let before = await read(word.plain, word.plainStrokeIDs), after = await read(word.hatched, word.hatchedStrokeIDs)
            plain.add(reference: word.text, hypothesis: before.word)
            hatched.add(reference: word.text, hypothesis: after.word)
            plainFolded.add(reference: word.text.lowercased(), hypothesis: before.word.lowercased())
            hatchedFolded.add(reference: word.text.lowercased(), hypothesis: after.word.lowercased())
            plainLines.add(reference: word.plain.texts[word.line], hypothesis: before.line)
            hatchedLines.add(reference: word.hatched.texts[word.line], hypothesis: after.line)
            if after.kept { hatchedKept += 1 }
            let readings = [before.word, after.word]
            if EditDistance.between(characters: word.text, readings[1]) > EditDistance.between(characters: word.text, readings[0]),
               worse.count < 200 {
                worse.append("\(clean.form): \"\(word.text)\" read \"\(readings[0])\" plain, \"\(readings[1])\" hatched")
            }
        }

        public var description: String {
            String(format: "hatched capitals: %d words, CER plain %.2f%%, hatched %.2f%% (case folded %.2f%%, %.2f%%); their lines %.2f%% → %.2f%%; hatched words kept in lines %d/%d",
                   plain.samples, 100 * plain.normalizedCER, 100 * hatched.normalizedCER, 100 * plainFolded.normalizedCER,
                   100 * hatchedFolded.normalizedCER, 100 * plainLines.normalizedCER, 100 * hatchedLines.normalizedCER,
                   hatchedKept, hatched.samples)
        }
    }
}
