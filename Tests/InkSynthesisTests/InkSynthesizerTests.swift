import Foundation
import InkCore
import Testing
@testable import InkSynthesis

@Suite struct InkSynthesizerTests {
    static let styles: [InkSynthesizer.Style] = [.print, .script]

    @Test(arguments: styles) func sameSeedGivesIdenticalInkAndIDs(style: InkSynthesizer.Style) {
        let a = InkSynthesizer(seed: 42, style: style).text("Jn 3:16 grace")
        let b = InkSynthesizer(seed: 42, style: style).text("Jn 3:16 grace")
        #expect(a == b)
        #expect(!a.drawing.strokes.isEmpty)
    }

    @Test func differentSeedsGiveDifferentInk() {
        let a = InkSynthesizer(seed: 1).drawing(for: "grace")
        let b = InkSynthesizer(seed: 2).drawing(for: "grace")
        #expect(a.strokes.map(\.points) != b.strokes.map(\.points))
        #expect(Set(a.strokes.map(\.id)).isDisjoint(with: b.strokes.map(\.id)))
    }

    @Test func strokeIDsAreUniqueAndDifferAcrossTexts() {
        let synth = InkSynthesizer(seed: 5)
        let a = synth.drawing(for: "faith hope love")
        let b = synth.drawing(for: "faith hope loved")
        #expect(Set(a.strokes.map(\.id)).count == a.strokes.count)
        #expect(Set(a.strokes.map(\.id)).isDisjoint(with: b.strokes.map(\.id)))
    }

    @Test(arguments: styles) func wordGapsAreClearlyWiderThanLetterGaps(style: InkSynthesizer.Style) {
        for seed in UInt64(1)...8 {
            let words = InkSynthesizer(seed: seed, style: style).text("mercy and grace abound in him").words
            #expect(words.map(\.text) == ["mercy", "and", "grace", "abound", "in", "him"])
            let letterGaps = words.flatMap { word in
                zip(word.characters, word.characters.dropFirst()).map { $1.bounds.minX - $0.bounds.maxX }
            }
            let wordGaps = zip(words, words.dropFirst()).map { $1.bounds.minX - $0.bounds.maxX }
            let widestLetterGap = letterGaps.max() ?? 0
            #expect(wordGaps.min()! > 1.5 * max(widestLetterGap, 0), "seed \(seed): \(wordGaps) vs \(letterGaps)")
            #expect(wordGaps.min()! > 0.4 * style.capHeight)
        }
    }

    @Test(arguments: styles) func everyCharacterWritesStrokesInsideItsWord(style: InkSynthesizer.Style) throws {
        let result = InkSynthesizer(seed: 9, style: style).text("Jn 3:16, \"Love\" [agape] & faith?")
        let drawing = result.drawing
        var owner: [UUID: String] = [:]
        for word in result.words {
            for character in word.characters {
                #expect(!character.strokeIDs.isEmpty, "\(character.text) in \(word.text) wrote nothing")
                #expect(encloses(word.bounds, character.bounds))
                #expect(Set(character.strokeIDs).isSubset(of: word.strokeIDs))
            }
            for id in word.strokeIDs {
                #expect(owner[id] == nil, "stroke shared by \(owner[id] ?? "") and \(word.text)")
                owner[id] = word.text
                let stroke = try #require(drawing.stroke(withID: id))
                #expect(encloses(word.bounds, stroke.renderBounds))
            }
        }
        #expect(Set(owner.keys) == Set(drawing.strokes.map(\.id)), "every stroke belongs to a word")
        #expect(result.words.map(\.text) == ["Jn", "3:16,", "\"Love\"", "[agape]", "&", "faith?"])
    }

    @Test(arguments: styles) func timeRunsForwardAtAPenSpeedWithPausesBetweenStrokes(style: InkSynthesizer.Style) throws {
        let result = InkSynthesizer(seed: 3, style: style).page(lines: ["grace and peace", "to you"])
        let strokes = result.drawing.strokes
        let times = strokes.flatMap(\.points).map(\.time)
        #expect(times.allSatisfy { $0 != nil })
        let t = times.compactMap { $0 }
        #expect(t.first == 0)
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 <= $1 })
        for (a, b) in zip(strokes, strokes.dropFirst()) {
            #expect(b.points.first!.time! - a.points.last!.time! >= 0.05, "pen lifts take time")
        }
        // Writing speed while the pen is down: a few cap heights per second, as people write.
        var distance = 0.0, duration = 0.0
        for stroke in strokes where stroke.points.count > 1 {
            for (p, q) in zip(stroke.points, stroke.points.dropFirst()) {
                distance += hypot(q.location.x - p.location.x, q.location.y - p.location.y)
                duration += q.time! - p.time!
            }
        }
        let capsPerSecond = distance / duration / style.capHeight
        #expect((2...12).contains(capsPerSecond), "speed \(capsPerSecond) cap heights/s")
        let total = try #require(result.drawing.duration)
        #expect((3...20).contains(total), "\(total) s for 19 letters")
    }

    @Test func wordsArePrecededByLongerPausesThanLetters() {
        let result = InkSynthesizer(seed: 4).text("in the beginning was the word")
        let strokes = result.drawing.strokes
        let firstOfWord = Set(result.words.compactMap(\.strokeIDs.first))
        var wordPauses: [Double] = [], otherPauses: [Double] = []
        for (a, b) in zip(strokes, strokes.dropFirst()) {
            let pause = b.points.first!.time! - a.points.last!.time!
            if firstOfWord.contains(b.id) { wordPauses.append(pause) } else { otherPauses.append(pause) }
        }
        let mean = { (xs: [Double]) in xs.reduce(0, +) / Double(xs.count) }
        #expect(mean(wordPauses) > 1.5 * mean(otherPauses))
    }

    @Test func pointsAreSampledDenselyLikeADigitizer() {
        let style = InkSynthesizer.Style()
        let strokes = InkSynthesizer(seed: 2, style: style).drawing(for: "Sermon on the Mount").strokes
        let steps = strokes.flatMap { s in
            zip(s.points, s.points.dropFirst()).map { hypot($1.location.x - $0.location.x, $1.location.y - $0.location.y) }
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(abs(mean - style.capHeight / 20) < style.capHeight / 40, "mean spacing \(mean)")
        #expect(steps.max()! < style.capHeight / 5)
    }

    @Test func capHeightAndOriginPlaceTheLine() {
        var style = InkSynthesizer.Style()
        style.capHeight = 100
        style.variation = 0
        style.slant = 0
        let bounds = InkSynthesizer(seed: 1, style: style).drawing(for: "HI", origin: CGPoint(x: 500, y: 300)).bounds
        #expect(abs(bounds.maxY - 300) < 2, "capitals sit on the baseline")
        #expect(abs(bounds.minY - 200) < 2, "capitals are capHeight tall")
        #expect(bounds.minX >= 500 && bounds.minX < 540)
    }

    @Test func pageStacksLinesAndPlacesMarginNotesApart() {
        let synth = InkSynthesizer(seed: 11)
        let note = TextBlock(lines: ["cf. Rom 5:8", "Eph 2:8"], origin: CGPoint(x: 900, y: 80), scale: 0.7)
        let page = synth.page(lines: ["Grace is unearned", "It is a gift", "Receive it"], origin: CGPoint(x: 40, y: 80),
                              marginNotes: [note])
        let body = page.lines(inBlock: 0), notes = page.lines(inBlock: 1)
        #expect(body.map(\.text) == ["Grace is unearned", "It is a gift", "Receive it"])
        #expect(notes.map(\.text) == ["cf. Rom 5:8", "Eph 2:8"])
        #expect(body.map(\.baseline) == [80, 168, 256])
        for (a, b) in zip(body, body.dropFirst()) { #expect(a.bounds.maxY < b.bounds.minY, "lines do not overlap") }
        let bodyBounds = body.reduce(CGRect.null) { $0.union($1.bounds) }
        for line in notes {
            #expect(line.bounds.minX > bodyBounds.maxX)
            #expect(line.bounds.height < body[0].bounds.height)
        }
        #expect(page.lines.map(\.index) == Array(0..<5))
        #expect(Set(page.lines.flatMap(\.strokeIDs)) == Set(page.drawing.strokes.map(\.id)))
        // The note is written after the body.
        let lastBodyTime = page.drawing.strokes(withIDs: Set(body.last!.strokeIDs)).last!.points.last!.time!
        let firstNoteTime = page.drawing.strokes(withIDs: Set(notes[0].strokeIDs)).first!.points.first!.time!
        #expect(firstNoteTime > lastBodyTime + 1)
    }

    @Test func marginNoteSitsRightOfTheLongestBodyLine() throws {
        let page = InkSynthesizer(seed: 6, style: .script).page(
            lines: ["a short one", "a much longer line of notes"], origin: CGPoint(x: 40, y: 80), marginNote: ["Ps 23"])
        let body = page.lines(inBlock: 0).reduce(CGRect.null) { $0.union($1.bounds) }
        let note = try #require(page.lines(inBlock: 1).first)
        #expect(note.text == "Ps 23" && note.baseline == 80)
        #expect(note.bounds.minX > body.maxX + 20 && note.bounds.minX < body.maxX + 160)
        #expect(InkSynthesizer().page(lines: ["x"], marginNote: []).lines.count == 1)
    }

    @Test func scriptJoinsLettersAndDotsTheIsAfterTheWord() throws {
        let word = try #require(InkSynthesizer(seed: 4, style: .script).text("minimum").words.first)
        let strokes = word.strokeIDs
        // m-i-n-i-m-u-m joined: far fewer pen lifts than letters, plus two dots at the end.
        #expect(strokes.count < 7)
        let dots = word.characters.filter { $0.text == "i" }.compactMap { $0.strokeIDs.last }
        #expect(dots.count == 2 && Array(strokes.suffix(2)) == dots)
        let print = try #require(InkSynthesizer(seed: 4).text("minimum").words.first)
        #expect(print.strokeIDs.count > strokes.count)
    }

    @Test func linesBecomeLabeledSamples() {
        let page = InkSynthesizer(seed: 2).page(lines: ["Ps 23:1", "", "The Lord is my shepherd"])
        let samples = page.lineSamples(idPrefix: "p")
        #expect(samples.map(\.text) == ["Ps 23:1", "The Lord is my shepherd"])
        #expect(samples.map(\.id) == ["p-0", "p-2"])
        #expect(samples[1].drawing.strokes.map(\.id) == page.lines[2].strokeIDs)
    }

    @Test func charactersOutsideTheFontsAreWrittenAsLookAlikesOrQuestionMarks() {
        let words = InkSynthesizer(seed: 1).text("caf\u{e9} \u{201C}hi\u{201D}").words
        #expect(words.count == 2)
        #expect(words.allSatisfy { $0.characters.allSatisfy { !$0.strokeIDs.isEmpty } })
    }

    @Test func emptyAndBlankTextWriteNothing() {
        let empty = InkSynthesizer().text("")
        #expect(empty.drawing.strokes.isEmpty)
        #expect(empty.lines.count == 1 && empty.lines[0].words.isEmpty && empty.lines[0].bounds.isNull)
        #expect(InkSynthesizer().drawing(for: "   ").strokes.isEmpty)
    }

    @Test func pressureIsRecordedOnlyWhenAsked() {
        #expect(InkSynthesizer().drawing(for: "ok").strokes.flatMap(\.points).allSatisfy { $0.force == nil })
        var style = InkSynthesizer.Style()
        style.recordsForce = true
        let points = InkSynthesizer(style: style).drawing(for: "ok").strokes.flatMap(\.points)
        #expect(points.allSatisfy { ($0.force ?? -1) > 0 && ($0.force ?? 2) <= 1 })
    }

    @Test func inkCarriesTheStylesToolColorAndWidth() {
        var style = InkSynthesizer.Style()
        style.ink = Ink(tool: .pencil, color: Ink.Color(red: 10, green: 20, blue: 200), width: 3)
        let drawing = InkSynthesizer(style: style).drawing(for: "ok")
        #expect(drawing.strokes.allSatisfy { $0.ink == style.ink })
    }
}

/// `outer` contains `inner` up to rounding (Foundation's `contains` on Linux is exact to the bit).
func encloses(_ outer: CGRect, _ inner: CGRect, tolerance: Double = 1e-6) -> Bool {
    inner.minX >= outer.minX - tolerance && inner.maxX <= outer.maxX + tolerance
        && inner.minY >= outer.minY - tolerance && inner.maxY <= outer.maxY + tolerance
}
