import Foundation
import Testing
import InkIndex
@testable import InkTools

/// A sermon page with known marks: "Grace" underlined, "hope" circled, "peace" boxed, "grace"
/// struck on line 2, an arrow from "Jesus" to "love", a margin note beside line 3.
func sermonPage() -> SyntheticMarkedPage {
    var page = SyntheticMarkedPage(lines: [
        "Grace and peace to you",
        "faith hope and love remain",
        "old grace was not enough",
        "read John 3:16 with Jesus",
    ])
    page.marginNote("see Romans 5", besideLine: 3)
    page.underline(line: 0, word: 0)
    page.circle(line: 1, word: 1)
    page.box(line: 0, word: 2)
    page.strikeThrough(line: 2, word: 1)
    page.arrow(from: (3, 4), to: (1, 3))
    return page
}

@Suite struct SpatialSearchTests {
    @Test func layoutFindsTheSyntheticMarks() {
        let page = sermonPage()
        let layout = PageSegmenter().layout(of: page.drawing)
        for truth in page.marks {
            let found = layout.marks.first { Set($0.strokeIDs) == Set(truth.strokeIDs) }
            #expect(found?.kind == truth.kind, "\(truth.kind) found as \(String(describing: found?.kind)); marks \(layout.marks.map(\.kind))")
        }
        #expect(layout.clusters.contains { $0.kind == .marginNote })
    }
}

/// The sermon page recognized from its transcript.
func recognizedSermonPage() async -> (SyntheticMarkedPage, StrokeRecognizer) {
    let page = sermonPage()
    let recognizer = StrokeRecognizer(recognizer: TranscriptRecognizer())
    await recognizer.updateDrawing(page.drawing)
    return (page, recognizer)
}

@Suite struct InMemorySpatialSearchTests {
    @Test func hitsKnowTheirMarksClusterAndLine() async {
        let (page, recognizer) = await recognizedSermonPage()
        let grace = await recognizer.search("grace", fullWordsOnly: true)
        #expect(grace.count == 2)
        // The underlined "Grace" first; the struck "grace" found, marked and ranked below it.
        #expect(grace.first?.strokeIDs == page.words[0][0])
        #expect(grace.first?.context?.marks == [.underline])
        #expect(grace.first?.context?.line == 0)
        #expect(grace.first?.context?.cluster == .body)
        #expect(grace.last?.strokeIDs == page.words[2][1])
        #expect(grace.last?.context?.isStruck == true)
        #expect(grace.last.map { $0.score < grace[0].score } == true)
        let hope = await recognizer.search("hope")
        #expect(hope.first?.context?.marks == [.circle])
        let peace = await recognizer.search("peace")
        #expect(peace.first?.context?.marks == [.box])
        let romans = await recognizer.search("Romans")
        #expect(romans.first?.context?.cluster == .marginNote)
    }

    @Test func relationsCarryTheOtherEndsReadingAndStrokes() async {
        let (page, recognizer) = await recognizedSermonPage()
        let jesus = await recognizer.search("Jesus").first?.context
        let arrow = jesus?.relations.first { $0.kind == .points }
        #expect(arrow?.mark == .arrow)
        #expect(arrow?.role == .from)
        #expect(arrow?.reading == "love")
        #expect(arrow.map { Set($0.strokeIDs) } == Set(page.words[1][3]))
        let note = jesus?.relations.first { $0.kind == .annotates }
        #expect(note?.reading == "see Romans 5")
        #expect(note.map { Set($0.strokeIDs) } == Set(page.note))
        let love = await recognizer.search("love").first?.context
        #expect(love?.relations.map(\.role) == [.to])
        #expect(love?.relations.first?.reading == "Jesus")
    }

    @Test func filtersKeepEmphasizedMarginAndBodyHits() async {
        let (page, recognizer) = await recognizedSermonPage()
        #expect(await recognizer.search("grace", filter: .emphasized).map(\.strokeIDs) == [page.words[0][0]])
        #expect(await recognizer.search("hope", filter: .emphasized).count == 1)
        #expect(await recognizer.search("love", filter: .emphasized).isEmpty)
        #expect(await recognizer.search("Romans", filter: .inMargin).count == 1)
        #expect(await recognizer.search("Romans", filter: .inBody).isEmpty)
        #expect(await recognizer.search("John", filter: .inMargin).isEmpty)
        #expect(await recognizer.search("John", filter: .inBody).count == 1)
        #expect(await recognizer.search("Romans", filter: [.inBody, .inMargin]).count == 1)
    }

    @Test func linkedSearchFollowsArrowsAndMarginNotes() async {
        let (page, recognizer) = await recognizedSermonPage()
        let fromReference = await recognizer.linked(to: "John 3:16")
        #expect(fromReference.map(\.reading) == ["see Romans 5"])
        #expect(fromReference.first.map { Set($0.strokeIDs) } == Set(page.note))
        #expect(fromReference.first?.context?.cluster == .marginNote)
        let fromNote = await recognizer.linked(to: "Romans")
        #expect(fromNote.map(\.reading) == ["read John 3:16 with Jesus"])
        #expect(await recognizer.linked(to: "love").map(\.reading) == ["Jesus"])
        #expect(Set(await recognizer.linked(to: "Jesus").map(\.reading)) == ["love", "see Romans 5"])
        #expect(await recognizer.linked(to: "Jesus", filter: .inMargin).map(\.reading) == ["see Romans 5"])
        #expect(await recognizer.linked(to: "faith").isEmpty)
    }
}
