import Foundation
import InkIndex

/// The bundled demo notes: three pages of synthetic sermon notes with scripture references,
/// margin notes and underlines, written by `TranscribedInk` (synthetic ink, not a person's).
public enum DemoNotes {
    public struct Page: Sendable {
        public var id: String
        public var title: String
        /// Body lines, top to bottom.
        public var lines: [String]
        /// Margin notes: text and the body line they sit beside.
        public var marginNotes: [(text: String, line: Int)]
        /// Words to underline, as (line, word index).
        public var underlines: [(line: Int, word: Int)]
    }

    public static let pages: [Page] = [
        Page(id: "sermon-2026-03-01", title: "Amazing grace",
             lines: ["Amazing grace", "Jn 3:16 For God so loved the world", "grace is a gift not a wage",
                     "Eph 2:8 saved by grace through faith", "Rom 5:20 grace abounds"],
             marginNotes: [("ask Tom", 1), ("key verse", 3)],
             underlines: [(line: 2, word: 0), (line: 3, word: 4)]),
        Page(id: "sermon-2026-03-08", title: "Thy word",
             lines: ["Thy word is a lamp", "Ps 119:105 a lamp unto my feet", "and a light unto my path",
                     "Ps 119:11 hidden in my heart", "read Ps 23 this week"],
             marginNotes: [("memorize", 1)],
             underlines: [(line: 1, word: 0)]),
        Page(id: "sermon-2026-03-15", title: "Love is patient",
             lines: ["Love never fails", "1 Cor 13:4-7 love is patient love is kind", "full of grace and truth Jn 1:14",
                     "Jn 3:17 not to condemn", "by grace alone"],
             marginNotes: [("see Gal 5:22", 2)],
             underlines: [(line: 4, word: 1)]),
    ]

    /// The page written as ink. Same page, same ink and stroke ids, every time.
    public static func drawing(for page: Page, seed: UInt64 = 11) -> Drawing {
        let ink = TranscribedInk(seed: seed)
        let capHeight = ink.synthesizer.style.capHeight
        var strokes: [Stroke] = []
        var wordBounds: [[CGRect]] = []
        for (index, line) in page.lines.enumerated() {
            let baseline = 120 + Double(index) * capHeight * 3
            let lineStrokes = ink.line(line, origin: CGPoint(x: 40, y: baseline), idPrefix: "\(page.id)/line\(index)")
            strokes += lineStrokes
            wordBounds.append(TranscribedInk.wordBounds(lineStrokes))
        }
        let bodyRight = strokes.reduce(CGRect.null) { $0.union($1.renderBounds) }.maxX
        var margin = TranscribedInk(seed: seed &+ 101)
        margin.synthesizer.style.capHeight = capHeight * 0.7
        for (index, note) in page.marginNotes.enumerated() {
            // Half a line below its body line, so that it reads as its own line.
            let baseline = 120 + Double(note.line) * capHeight * 3 + capHeight * 1.5
            strokes += margin.line(note.text, origin: CGPoint(x: bodyRight + capHeight * 2, y: baseline), idPrefix: "\(page.id)/margin\(index)")
        }
        for (index, mark) in page.underlines.enumerated() where mark.line < wordBounds.count && mark.word < wordBounds[mark.line].count {
            let box = wordBounds[mark.line][mark.word]
            let y = box.maxY + capHeight * 0.25
            let points = stride(from: box.minX, through: box.maxX, by: capHeight / 8).enumerated().map { i, x in
                StrokePoint(x: x, y: y + (i % 2 == 0 ? 0.3 : -0.3))
            }
            strokes.append(Stroke(id: UUID(deterministicFrom: "\(page.id)/underline\(index)"), points: points,
                                  annotations: ["mark": "underline"]))
        }
        return Drawing(strokes: strokes, annotations: ["title": page.title])
    }
}
