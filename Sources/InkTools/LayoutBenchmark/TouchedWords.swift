import Foundation
import InkIndex
import InkCore

/// A page with one mark drawn through one word's ink, and what the word says.
///
/// On real pages people draw into their words: an underline along the letters' feet, a fraction
/// bar through them, an arrow whose head lands inside a word. `MarkedPage` draws its marks clear
/// of the ink; these touch it. A good layout keeps the mark a mark and reads the word as it reads
/// untouched (`TouchedWords.Score`).
///
/// ```swift
/// for touched in TouchedWord.generate(from: page, seed: 7) {
///     print(touched.touch, touched.text, touched.markStrokeIDs.count)
/// }
/// ```
public struct TouchedWord: Sendable {
    public enum Touch: String, Sendable, CaseIterable {
        /// A level stroke along the word's baseline, through the feet of its letters and its
        /// descenders.
        case underline
        /// A longer level stroke through the lower half of its letters, well past both ends.
        case fractionBar = "fraction-bar"
        /// An arrow from a word on a nearby line whose head ends inside this word.
        case arrow
    }

    public var touch: Touch
    /// The page with the mark added (the clean page's strokes unchanged, the mark's appended).
    public var page: StackedPage
    public var markStrokeIDs: [UUID]
    public var wordStrokeIDs: [UUID]
    /// The word as the transcription spells it.
    public var text: String
    /// The index of the word's line in `page.lines` and `page.texts`.
    public var line: Int

    /// One page per kind of touch, each touching another word of `clean` whose text is known;
    /// fewer where the page has too few such words. Deterministic for a seed.
    public static func generate(from clean: StackedPage, seed: UInt64) -> [TouchedWord] {
        var chooser = MarkGenerator(page: clean, seed: seed)
        var words = chooser.candidateWords().filter { $0.text != nil }.shuffled(using: &chooser.pen.random)
        var result: [TouchedWord] = []
        for (offset, touch) in Touch.allCases.enumerated() {
            guard let k = words.indices.first(where: { touch != .arrow || chooser.arrowEnds(into: words[$0], among: words) != nil })
            else { continue }
            let word = words.remove(at: k)
            // The chooser's page and scale, measured once, with a pen of its own for each touch.
            var generator = chooser
            generator.pen = HandDrawn(unit: chooser.unit, seed: seed &+ UInt64(offset + 1))
            let before = generator.page.drawing.strokes.count
            generator.touch(word, with: touch, among: words)
            let mark = generator.page.drawing.strokes[before...].map(\.id)
            result.append(TouchedWord(touch: touch, page: generator.page, markStrokeIDs: mark,
                                      wordStrokeIDs: word.strokeIDs, text: word.text!, line: word.line))
        }
        return result
    }
}

extension MarkGenerator {
    /// Draws one mark of kind `touch` through the ink of `w` (`others`: words an arrow may come from).
    mutating func touch(_ w: Word, with touch: TouchedWord.Touch, among others: [Word]) {
        let ys = w.points.map { Double($0.y) }
        switch touch {
        case .underline:
            // Along the feet of the small letters: a descender's tail reaches below it.
            let y = quantile(ys, 0.85)
            let a = pen.nudge(CGPoint(x: w.bounds.minX - 0.2 * unit, y: y), 0.08)
            let b = pen.nudge(CGPoint(x: w.bounds.maxX + 0.2 * unit, y: y), 0.08)
            add([pen.polyline([a, b])], kind: .underline, target: .words(w.strokeIDs), texts: [w.text])
        case .fractionBar:
            let y = quantile(ys, 0.7)
            let a = pen.nudge(CGPoint(x: w.bounds.minX - 1.5 * unit, y: y), 0.08)
            let b = pen.nudge(CGPoint(x: w.bounds.maxX + 1.5 * unit, y: y), 0.08)
            add([pen.polyline([a, b])], kind: .underline, target: .words(w.strokeIDs), texts: [w.text])
        case .arrow:
            guard let (tail, tip) = arrowEnds(into: w, among: others) else { return }
            let from = edgePoint(of: tail.bounds, toward: tip)
            drawArrow(from: from, to: pen.nudge(tip, 0.05), tail: tail, head: w)
        }
    }

    /// Where an arrow into `w` starts and ends: from a word on a line one or two away, at least
    /// four units across from it, to a third of the way into `w` at the height of its small
    /// letters; at least four units long, as `MarkedPage`'s arrows are (a shorter one within a
    /// line is a letter's strokes as often as an arrow: a k, a t).
    func arrowEnds(into w: Word, among others: [Word]) -> (tail: Word, tip: CGPoint)? {
        let y = quantile(w.points.map { Double($0.y) }, 0.6)
        for a in others where a.strokeIDs != w.strokeIDs && (abs(a.line - w.line) == 1 || abs(a.line - w.line) == 2)
            && abs(a.bounds.midX - w.bounds.midX) >= 4 * unit {
            let x = a.bounds.midX < w.bounds.midX ? w.bounds.minX + w.bounds.width / 3 : w.bounds.maxX - w.bounds.width / 3
            let tip = CGPoint(x: x, y: y)
            if edgePoint(of: a.bounds, toward: tip).distance(to: tip) >= 4 * unit { return (a, tip) }
        }
        return nil
    }
}

/// Reads pages with and without a touching mark and compares the touched words' readings.
///
/// ```swift
/// var score = TouchedWords.Score()
/// for page in pages { await score.add(page: page, seed: 7, recognizer: StrokeRecognizer(model: .open)) }
/// print(score)
/// ```
public enum TouchedWords {
    public struct Score: Sendable, CustomStringConvertible {
        /// Per kind of touch: the words read untouched and touched.
        public var untouched: [TouchedWord.Touch: ErrorRates] = [:]
        public var touched: [TouchedWord.Touch: ErrorRates] = [:]
        /// Per kind of touch: the lines of those words, read untouched and touched.
        public var untouchedLines: [TouchedWord.Touch: ErrorRates] = [:]
        public var touchedLines: [TouchedWord.Touch: ErrorRates] = [:]
        /// Per kind: how many marks kept every stroke out of the page's lines (a mark stayed a mark).
        public var marksKept: [TouchedWord.Touch: Int] = [:]
        /// Per kind: how many touched words kept every stroke in a line (no letter taken into the mark).
        public var wordsKept: [TouchedWord.Touch: Int] = [:]
        /// The first words read worse touched than untouched: kind, truth, untouched, touched.
        public var worse: [String] = []
        /// The first marks read as writing or words that lost a stroke: form, kind, word.
        public var misplaced: [String] = []
        /// `LayoutDiagnosis` rows of the touched pages of forms added with `explaining`.
        public var explanations: [String] = []

        public init() {}

        /// Reads `clean` and each of its touched pages (`TouchedWord.generate`) with `recognizer`,
        /// which keeps the lines a touch leaves unchanged, and scores each touched word's reading
        /// (`StrokeRecognizer.recognizedText(strokeIDs:)`, so words the mark joined it to count
        /// as errors) against the same word's untouched reading.
        public mutating func add(page clean: StackedPage, seed: UInt64, recognizer: StrokeRecognizer, explaining: Bool = false) async {
            await recognizer.updateDrawing(clean.drawing)
            let cases = TouchedWord.generate(from: clean, seed: seed)
            var alone: [(word: String, line: String)] = []
            for touched in cases {
                alone.append((await recognizer.recognizedText(strokeIDs: Set(touched.wordStrokeIDs)) ?? "",
                              await recognizer.recognizedText(strokeIDs: Set(clean.lines[touched.line])) ?? ""))
            }
            for (touched, (before, lineBefore)) in zip(cases, alone) {
                await recognizer.updateDrawing(touched.page.drawing)
                let after = await recognizer.recognizedText(strokeIDs: Set(touched.wordStrokeIDs)) ?? ""
                let lineAfter = await recognizer.recognizedText(strokeIDs: Set(clean.lines[touched.line])) ?? ""
                untouchedLines[touched.touch, default: ErrorRates()].add(reference: clean.texts[touched.line], hypothesis: lineBefore)
                touchedLines[touched.touch, default: ErrorRates()].add(reference: clean.texts[touched.line], hypothesis: lineAfter)
                let layout = await recognizer.layout
                let kept = touched.markStrokeIDs.allSatisfy { layout.line(containing: $0) == nil }
                untouched[touched.touch, default: ErrorRates()].add(reference: touched.text, hypothesis: before)
                self.touched[touched.touch, default: ErrorRates()].add(reference: touched.text, hypothesis: after)
                let whole = touched.wordStrokeIDs.allSatisfy { layout.line(containing: $0) != nil }
                if explaining {
                    let kind: LayoutMark.Kind = touched.touch == .arrow ? .arrow : .underline
                    let mark = MarkedPage.Mark(kind: kind, strokeIDs: touched.markStrokeIDs, target: .words(touched.wordStrokeIDs))
                    explanations.append("\(clean.form) \(touched.touch.rawValue) through \"\(touched.text)\":")
                    explanations += LayoutDiagnosis.explain(touched.page, marks: [mark], layout: layout).map { "  " + $0 }
                }
                if kept { marksKept[touched.touch, default: 0] += 1 }
                if !(kept && whole), misplaced.count < 200 {
                    misplaced.append("\(clean.form) \(touched.touch.rawValue) through \"\(touched.text)\": "
                                     + (kept ? "" : "the mark read as writing ") + (whole ? "" : "a letter taken into the mark"))
                }
                if whole { wordsKept[touched.touch, default: 0] += 1 }
                if EditDistance.between(characters: touched.text, after) > EditDistance.between(characters: touched.text, before),
                   worse.count < 200 {
                    worse.append("\(clean.form) \(touched.touch.rawValue): \"\(touched.text)\" read \"\(before)\" alone, \"\(after)\" touched" + (kept ? "" : " (the mark read as writing)") + (whole ? "" : " (a letter taken into the mark)"))
                }
            }
        }

        public var description: String {
            TouchedWord.Touch.allCases.compactMap { touch -> String? in
                guard let before = untouched[touch], let after = touched[touch],
                      let lineBefore = untouchedLines[touch], let lineAfter = touchedLines[touch] else { return nil }
                return String(format: "%@: %d words, CER untouched %.2f%%, touched %.2f%% (%+.2f points); their lines %.2f%% → %.2f%%; marks kept out of lines %d/%d, words kept whole %d/%d",
                              touch.rawValue, before.samples, 100 * before.normalizedCER, 100 * after.normalizedCER,
                              100 * (after.normalizedCER - before.normalizedCER), 100 * lineBefore.normalizedCER, 100 * lineAfter.normalizedCER,
                              marksKept[touch] ?? 0, before.samples, wordsKept[touch] ?? 0, before.samples)
            }.joined(separator: "\n")
        }
    }
}
