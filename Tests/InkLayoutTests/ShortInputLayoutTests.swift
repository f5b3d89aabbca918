import Foundation
import Testing
import InkCore
import InkSynthesis
import InkTools
@testable import InkLayout

/// A single word or a short phrase is one line: i-dots, accents, tall capitals, descenders and
/// crossbars belong to the word they are near, never to lines of their own.
@Suite struct ShortInputLayoutTests {
    /// Strokes of the writing that ended up outside the one line, or every stroke when there is
    /// not exactly one line.
    static func strayStrokes(_ drawing: Drawing) -> Int {
        let layout = PageSegmenter().layout(of: drawing)
        let nonEmpty = drawing.strokes.filter { !$0.points.isEmpty }.count
        guard layout.lines.count == 1 else { return nonEmpty }
        return nonEmpty - layout.lines[0].strokeIDs.count
    }

    @Test(arguments: ["Jesus", "Amazing", "the world's", "Philippians", "jij", "Tiquity", "gift", "Jn 3:16", "Quiet!", "Égypte", "fix it", "Fact", "'How", "\"I\""])
    func synthesizedShortTextIsOneLine(text: String) {
        for font in InkSynthesizer.Style.Font.allCases {
            for seed in 1...4 {
                var style = InkSynthesizer.Style()
                style.font = font
                let drawing = InkSynthesizer(seed: UInt64(seed), style: style).drawing(for: text)
                #expect(Self.strayStrokes(drawing) == 0, "'\(text)' in \(font) (seed \(seed))")
            }
        }
    }

    /// A word written in one check-shaped stroke, alone on the page, is writing: a tick needs
    /// writing to mark.
    @Test func loneCheckShapedStrokeIsAWord() {
        var b = PageBuilder(unit: 10)
        b.add(b.pen.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 7, y: 8), CGPoint(x: 22, y: -14)]), "word")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.marks.isEmpty)
        #expect(layout.lines.count == 1)
    }

    /// An apostrophe, a quote mark or a dash-like i-dot well above a lone word joins its line.
    @Test func markAboveALoneWordJoinsIt() {
        var b = PageBuilder(unit: 10)
        let word = b.word(at: 0, baseline: 100, letters: 6, name: "word")
        let tick = b.add(b.pen.polyline([CGPoint(x: 30, y: 62), CGPoint(x: 29, y: 72)]), "apostrophe")
        let layout = PageSegmenter().layout(of: b.drawing)
        #expect(layout.lines.count == 1)
        #expect(Set(layout.lines.first?.strokeIDs ?? []) == Set(word + [tick]))
    }

    /// `../shared/data/unipen/words.dev.jsonl.gz` relative to the package root, or under
    /// `$INKINDEX_SHARED_DATA` (for worktrees).
    static let unipenWords: String? = {
        let relative = "unipen/words.dev.jsonl.gz"
        if let override = ProcessInfo.processInfo.environment["INKINDEX_SHARED_DATA"] {
            let path = override + "/" + relative
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/data/" + relative)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }()

    /// Real isolated words of writers and tablets the recognizer never saw.
    @Test func realWordsOfHeldOutWritersAreOneLine() throws {
        guard let path = Self.unipenWords else {
            print("../shared/data is absent: skipping the layout test on real UNIPEN words")
            return
        }
        let words = try DatasetReader(path: path).readAll(limit: 1500) { HeldOutWriters.contains($0.writer) }
        var split = 0, stray = 0, strokes = 0
        for word in words {
            let n = Self.strayStrokes(word.drawing)
            if n > 0 { split += 1 }
            stray += n
            strokes += word.drawing.strokes.count
        }
        print("UNIPEN held-out words: \(split) of \(words.count) not one whole line, \(stray) of \(strokes) strokes astray")
        #expect(Double(split) <= 0.005 * Double(words.count), "\(split) of \(words.count) words not laid out as one whole line")
    }
}

@Suite struct OneRowLayoutTests {
    /// Two short lines a line pitch apart stay two lines; pieces of one word split at its
    /// capital's bar come back together.
    @Test func shortLinesStayApartButOneRowIsOneLine() {
        var two = PageBuilder(unit: 10)
        two.word(at: 0, baseline: 100, letters: 3, name: "first")
        two.word(at: 0, baseline: 145, letters: 2, name: "second")
        #expect(PageSegmenter().layout(of: two.drawing).lines.count == 2)

        var one = PageBuilder(unit: 10)
        one.add(one.pen.polyline([CGPoint(x: 0, y: 75), CGPoint(x: 0, y: 100)]), "stem")
        one.add(one.pen.polyline([CGPoint(x: 0, y: 75), CGPoint(x: 40, y: 75)]), "top bar")
        one.add(one.pen.polyline([CGPoint(x: 0, y: 88), CGPoint(x: 12, y: 88)]), "middle bar")
        one.word(at: 15, baseline: 100, letters: 3, name: "act")
        #expect(PageSegmenter().layout(of: one.drawing).lines.count == 1)
    }
}
