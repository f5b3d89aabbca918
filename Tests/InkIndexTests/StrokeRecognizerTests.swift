import Foundation
import Testing
@testable import InkIndex

@Suite struct StrokeRecognizerTests {
    @Test func emptyDrawingHasNoTextAndNoIndexableContent() async {
        let recognizer = StrokeRecognizer(recognizer: WordPerStrokeRecognizer(words: [:]))
        #expect(await recognizer.recognizedText() == nil)
        await recognizer.updateDrawing(Drawing())
        #expect(await recognizer.recognizedText() == nil)
        #expect(await recognizer.indexableContent == nil)
        #expect(await recognizer.search("anything").isEmpty)
    }

    @Test func textIsLinesJoinedByNewlines() async {
        let page = FakePage(lines: ["Love is patient", "love is kind"])
        let recognizer = StrokeRecognizer(recognizer: page.recognizer)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.recognizedText() == "Love is patient\nlove is kind")
        let kind = page.drawing.strokes.last!.id
        let patient = page.drawing.strokes[2].id
        #expect(await recognizer.recognizedText(strokeIDs: [patient, kind]) == "patient\nkind")
        #expect(await recognizer.recognizedText(strokeIDs: [UUID()]) == nil)
    }

    @Test func addingOneStrokeToAThirtyLinePageRecognizesOnlyItsLine() async {
        var page = FakePage(lines: (0..<30).map { "line number \($0)" })
        let fake = page.recognizer
        let recognizer = StrokeRecognizer(recognizer: fake)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.lastUpdateRecognizedLineCount == 30)
        #expect(fake.calls == 30)

        page.add("amen", line: 17, column: 3)
        fake.learn(page.words)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.lastUpdateRecognizedLineCount == 1)
        #expect(await recognizer.recognizedLineCount == 31)
        #expect(fake.calls == 31)
        #expect(await recognizer.search("amen").count == 1)
        #expect(await recognizer.recognizedText()?.split(separator: "\n")[17] == "line number 17 amen")

        // Unchanged drawing: nothing recognized.
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.lastUpdateRecognizedLineCount == 0)
    }

    @Test func movingAStrokeRecognizesItsLineAgain() async {
        var page = FakePage(lines: ["alpha beta", "gamma delta"])
        let recognizer = StrokeRecognizer(recognizer: page.recognizer)
        await recognizer.updateDrawing(page.drawing)
        page.drawing.strokes[3].points[1].location.x += 5
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.lastUpdateRecognizedLineCount == 1)
        page.drawing.strokes.remove(at: 0)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.lastUpdateRecognizedLineCount == 1)
        #expect(await recognizer.recognizedText() == "beta\ngamma delta")
    }

    @Test func searchResultsCarryTheWordsStrokesAndBounds() async throws {
        let page = FakePage(lines: ["grace and peace", "to you"])
        let recognizer = StrokeRecognizer(recognizer: page.recognizer)
        await recognizer.updateDrawing(page.drawing)
        let peace = page.drawing.strokes[2]
        let result = try #require(await recognizer.search("peace").first)
        #expect(result.strokeIDs == [peace.id])
        #expect(result.bounds == peace.renderBounds)
        #expect(result.reading == "peace")
        #expect(result.score > 0.5)
        // A phrase across the line break.
        let phrase = try #require(await recognizer.search("peace to you").first)
        #expect(phrase.strokeIDs == [peace.id, page.drawing.strokes[3].id, page.drawing.strokes[4].id])
        #expect(phrase.bounds == peace.renderBounds.union(page.drawing.strokes[3].renderBounds).union(page.drawing.strokes[4].renderBounds))
    }

    @Test func pencilKitOptions() async {
        let page = FakePage(lines: ["Job wrote in a notebook", "job"])
        let recognizer = StrokeRecognizer(recognizer: page.recognizer)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.search("note").map(\.reading) == ["notebook"])
        #expect(await recognizer.search("note", fullWordsOnly: true).isEmpty)
        #expect(await recognizer.search("job").count == 2)
        #expect(await recognizer.search("Job", caseMatchingOnly: true).map(\.reading) == ["Job"])
    }

    @Test func alternativeReadingsAreSearchedAndIndexable() async throws {
        var page = FakePage(lines: [])
        page.add("Jn", alternatives: ["Jm"], line: 0, column: 0)
        page.add("3.16", alternatives: ["3.18"], line: 0, column: 1)
        let recognizer = StrokeRecognizer(recognizer: page.recognizer)
        await recognizer.updateDrawing(page.drawing)
        let hit = try #require(await recognizer.search("John 3:16").first)
        #expect(hit.reference?.description == "John 3:16")
        #expect(Set(hit.strokeIDs) == Set(page.drawing.strokes.map(\.id)))
        let content = try #require(await recognizer.indexableContent)
        #expect(content.contains("Jn Jm"))
        #expect(content.contains("3.16 3.18"))
        #expect(content.contains("John 3:16"))
    }

    @Test func recognizerFailureLeavesNoTextAndIsReported() async {
        let page = FakePage(lines: ["hello"])
        let fake = page.recognizer
        fake.failing = true
        let recognizer = StrokeRecognizer(recognizer: fake)
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.recognizedText() == nil)
        #expect(await recognizer.lastError != nil)
        fake.failing = false
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.recognizedText() == "hello")
    }

    @Test func versionsAndLanguages() {
        let recognizer = StrokeRecognizer(recognizer: WordPerStrokeRecognizer(words: [:]), preferredLanguages: ["en-GB"])
        #expect(recognizer.recognitionVersion == 7)
        #expect(recognizer.preferredLanguages == [Locale.Language(identifier: "en-GB")])
        #expect(recognizer.languages.isEmpty, "a fake that names no languages")
        #expect(StrokeRecognizer.supportedLanguages.contains(Locale.Language(identifier: "en")))
        #expect(!StrokeRecognizer(recognizer: nil).preferredLanguages.isEmpty)
    }

    @Test func shippedLanguagesResolveInPriorityOrder() {
        let open = StrokeRecognizer(model: .open, preferredLanguages: ["pt-BR", "xx", "es", "pt"])
        #expect(open.recognitionLanguages == [.portuguese, .spanish], "unknown and repeated languages are skipped")
        #expect(open.languages.map(\.languageCode?.identifier) == ["pt", "es"])
        let nothingShipped = StrokeRecognizer(model: .open, preferredLanguages: ["ja", "zh-Hans"])
        #expect(nothingShipped.recognitionLanguages == [.english], "English where none of the preferred ships")
        #expect(StrokeRecognizer.supportedLanguages(for: .open).count == RecognitionLanguage.all.count)
    }
}
