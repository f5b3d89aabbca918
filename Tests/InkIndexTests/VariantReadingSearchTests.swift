import Foundation
import Testing
@testable import InkIndex

/// A word that only a narrower reading of the ink gets right is found by search, while the text
/// shown stays what the ink reads as written.
@Suite struct VariantReadingSearchTests {
    let page = FakePage(lines: ["amazing grace"])
    var grace: UUID { page.drawing.strokes[1].id }

    func fake() -> WidthDependentRecognizer {
        let words = Dictionary(uniqueKeysWithValues: page.words.map { ($0.key, $0.value[0]) })
        // "grace" read as written comes out "quorum"; the narrower reading gets it right.
        return WidthDependentRecognizer(words: words.merging([grace: "quorum"]) { $1 }, narrower: [grace: "grace"])
    }

    @Test func searchFindsWhatOnlyAVariantReadingGotRight() async throws {
        let base = fake()
        let recognizer = StrokeRecognizer(recognizer: VariantReadingRecognizer(base))
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.recognizedText() == "amazing quorum", "two of the three readings say \"quorum\"")
        let hits = await recognizer.search("grace", fullWordsOnly: true)
        #expect(hits.map(\.strokeIDs) == [[grace]])
        #expect(await recognizer.indexableContent?.contains("grace") == true)
        #expect(base.calls == 1 + ReadingVariant.standard.count)
    }

    @Test func withoutVariantsTheWordIsMissed() async {
        let recognizer = StrokeRecognizer(recognizer: fake())
        await recognizer.updateDrawing(page.drawing)
        #expect(await recognizer.search("grace", fullWordsOnly: true).isEmpty)
    }

    @Test func anUnchangedLineIsNotReadAgain() async {
        let base = fake()
        let recognizer = StrokeRecognizer(recognizer: VariantReadingRecognizer(base))
        await recognizer.updateDrawing(page.drawing)
        await recognizer.updateDrawing(page.drawing)
        #expect(base.calls == 3)
    }
}
