import Foundation
import Testing
import InkIndex
@testable import InkTools

func sermonPage() -> SyntheticMarkedPage { SyntheticMarkedPage.sermon() }

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

@Suite struct LibrarySpatialSearchTests {
    /// The sermon page in a fresh library, indexed from its transcript, with its recognizer.
    func library() async throws -> (NoteLibrary, StrokeRecognizer, SyntheticMarkedPage, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-spatial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let library = try NoteLibrary(path: directory.appendingPathComponent("library.sqlite").path)
        let (page, recognizer) = await recognizedSermonPage()
        try await library.add(page.drawing, id: "sermon")
        // A second note without marks, so that filters have something to leave out.
        try await library.add(SyntheticMarkedPage(lines: ["grace and hope", "John wrote love"], seed: 9).drawing, id: "plain")
        for id in ["sermon", "plain"] { try await library.index(noteID: id, using: NoteIndexer(recognizer: TranscriptRecognizer())) }
        return (library, recognizer, page, directory)
    }

    /// A hit as both stores can say it (the library's also names its note).
    func summary(_ strokes: [UUID], _ reading: String, _ score: Double, _ context: HitContext?) -> String {
        "\(reading) \(strokes.count) \(String(format: "%.6f", score)) \(String(describing: context))"
    }

    @Test func filtersInSQLGiveTheHitsOfMemory() async throws {
        let (library, recognizer, page, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let filters: [SearchFilter] = [[], .emphasized, .inMargin, .inBody, [.emphasized, .inBody]]
        for query in ["grace", "hope", "peace", "Romans", "John", "love", "Jesus", "see Romans"] {
            for filter in filters {
                let memory = await recognizer.search(query, filter: filter).map { summary($0.strokeIDs, $0.reading, $0.score, $0.context) }
                let stored = try await library.search(query, filter: filter).filter { $0.noteID == "sermon" }
                    .map { summary($0.strokeIDs, $0.reading, $0.score, $0.context) }
                #expect(stored == memory, "\(query) \(filter)")
            }
        }
        // The struck "grace" ranks below both unstruck ones, across notes.
        let grace = try await library.search("grace", fullWordsOnly: true)
        #expect(grace.count == 3)
        #expect(grace.last?.strokeIDs == page.words[2][1])
        #expect(grace.last?.context?.isStruck == true)
        #expect(try await library.search("grace", filter: .emphasized).map(\.noteID) == ["sermon"])
        #expect(try await library.search("love", filter: .inBody).count == 2)
    }

    @Test func linkedSearchInSQLGivesTheLinksOfMemory() async throws {
        let (library, recognizer, page, directory) = try await library()
        defer { try? FileManager.default.removeItem(at: directory) }
        for query in ["John 3:16", "Romans", "love", "Jesus", "faith", "grace"] {
            for filter in [SearchFilter(), .inMargin, .inBody] {
                let memory = Set(await recognizer.linked(to: query, filter: filter).map { summary($0.strokeIDs, $0.reading, $0.score, $0.context) })
                let stored = Set(try await library.linked(to: query, filter: filter).map { summary($0.strokeIDs, $0.reading, $0.score, $0.context) })
                #expect(stored == memory, "\(query) \(filter)")
            }
        }
        let note = try await library.linked(to: "John 3:16")
        #expect(note.map(\.noteID) == ["sermon"])
        #expect(note.first.map { Set($0.strokeIDs) } == Set(page.note))
    }
}
