import Foundation
import InkIndex
import Testing
@testable import InkTools

/// Touched pages built from stacked pages of transcribed synthetic ink, without ../shared.
@Suite struct TouchedWordsTests {
    let pages = SpatialBenchmarkTests.stackedPages()

    @Test func eachKindOfMarkIsDrawnThroughItsWordsInk() throws {
        for (k, clean) in pages.enumerated() {
            let touched = TouchedWord.generate(from: clean, seed: UInt64(k) + 1)
            #expect(touched.map(\.touch) == TouchedWord.Touch.allCases)
            for case let t in touched {
                // The clean page's strokes are all there, unchanged and first; the mark's follow.
                #expect(Array(t.page.drawing.strokes.prefix(clean.drawing.strokes.count)) == clean.drawing.strokes)
                #expect(t.page.drawing.strokes.count > clean.drawing.strokes.count)
                #expect(Set(t.page.drawing.strokes.suffix(t.markStrokeIDs.count).map(\.id)) == Set(t.markStrokeIDs))
                let word = t.page.drawing.strokes(withIDs: Set(t.wordStrokeIDs)).map(\.renderBounds).reduce(CGRect.null) { $0.union($1) }
                let mark = t.page.drawing.strokes(withIDs: Set(t.markStrokeIDs)).flatMap(\.transformedLocations)
                #expect(mark.contains { word.contains($0) }, "\(t.touch) does not touch \"\(t.text)\"")
                #expect(clean.texts[t.line].split(separator: " ").contains { $0 == t.text })
            }
            // Each kind touches another word.
            #expect(Set(touched.map(\.wordStrokeIDs)).count == touched.count)
        }
    }

    @Test func theSameSeedDrawsTheSamePages() {
        let a = TouchedWord.generate(from: pages[0], seed: 5), b = TouchedWord.generate(from: pages[0], seed: 5)
        #expect(a.map(\.page.drawing.strokes) == b.map(\.page.drawing.strokes))
        let other = TouchedWord.generate(from: pages[0], seed: 6)
        #expect(a.map(\.page.drawing.strokes) != other.map(\.page.drawing.strokes))
    }

    @Test func aPerfectReaderScoresEveryTouchedWordAsItsUntouchedOne() async {
        var score = TouchedWords.Score()
        for (k, page) in pages.enumerated() {
            await score.add(page: page, seed: UInt64(k) + 1, recognizer: StrokeRecognizer(recognizer: TranscriptRecognizer(), preferredLanguages: ["en"]),
                            explaining: k == 0)
        }
        for touch in TouchedWord.Touch.allCases {
            #expect(score.untouched[touch]?.samples == pages.count)
            #expect(score.touched[touch]?.cer == 0)
            #expect(score.untouched[touch]?.cer == 0)
            #expect(score.wordsKept[touch] == pages.count)
        }
        #expect(score.worse.isEmpty)
        #expect(score.explanations.contains { $0.hasPrefix("synthetic-0 underline through") })
        #expect(score.description.contains("fraction-bar: 2 words"))
    }

    @Test func hatchedCapitalsReplaceOneWordBothWays() throws {
        for (k, clean) in pages.enumerated() {
            let word = try #require(HatchedCapitals.generate(from: clean, seed: UInt64(k) + 1))
            #expect(word.text == word.text.uppercased() && word.text.count >= 3)
            for (page, ids) in [(word.plain, word.plainStrokeIDs), (word.hatched, word.hatchedStrokeIDs)] {
                // The word's strokes are gone, the new ones are in its line, and the line's
                // transcription spells the capitals once; the other lines are untouched.
                #expect(Set(page.lines[word.line]).isSuperset(of: ids))
                #expect(page.texts[word.line].split(separator: " ").filter { $0 == word.text }.count == 1)
                #expect(page.drawing.strokes.count == page.lines.map(\.count).reduce(0, +) + (clean.drawing.strokes.count - clean.lines.map(\.count).reduce(0, +)))
                for other in clean.lines.indices where other != word.line {
                    #expect(page.lines[other] == clean.lines[other] && page.texts[other] == clean.texts[other])
                }
                // Strokes of the line that moved, moved right by one amount, to beyond the new word.
                let bounds = page.drawing.strokes(withIDs: Set(ids)).map(\.renderBounds).reduce(CGRect.null) { $0.union($1) }
                let before = Dictionary(uniqueKeysWithValues: clean.drawing.strokes.map { ($0.id, Double($0.renderBounds.minX)) })
                var shifts: [Double] = []
                for stroke in page.drawing.strokes(withIDs: Set(page.lines[word.line]).subtracting(ids)) {
                    let minX = Double(stroke.renderBounds.minX), shift = minX - before[stroke.id]!
                    guard abs(shift) > 1e-9 else { continue }
                    shifts.append(shift)
                    #expect(minX >= Double(bounds.maxX) - 1e-6)
                }
                #expect(shifts.allSatisfy { $0 > 0 && abs($0 - shifts[0]) < 1e-6 })
            }
            // Hatching adds strokes: each letter's outline, then its hatches.
            #expect(word.hatchedStrokeIDs.count > 2 * word.plainStrokeIDs.count)
            let again = try #require(HatchedCapitals.generate(from: clean, seed: UInt64(k) + 1))
            #expect(again.hatched.drawing.strokes == word.hatched.drawing.strokes)
        }
    }

    @Test func aPerfectReaderReadsHatchedCapitalsAsPlainOnes() async {
        var score = HatchedCapitals.Score()
        for (k, page) in pages.enumerated() {
            await score.add(page: page, seed: UInt64(k) + 1, recognizer: StrokeRecognizer(recognizer: TranscriptRecognizer(), preferredLanguages: ["en"]))
        }
        #expect(score.plain.samples == pages.count && score.hatched.samples == pages.count)
        #expect(score.plainLines.samples == pages.count)
        #expect(score.worse.isEmpty)
        #expect(score.description.hasPrefix("hatched capitals: \(pages.count) words"))
    }
}
