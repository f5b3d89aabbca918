import Foundation
import InkSynthesis
import Testing
@testable import InkIndex

/// The README's "In an app" example, kept compiling and running with the shipped model on
/// synthetic ink.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRunsEndToEnd() async throws {
        let drawing = InkSynthesizer(seed: 3).drawing(for: "Jn 3:16 For God so loved the world")

        let recognizer = StrokeRecognizer(model: .open,
                                          preferredLanguages: ["es", "en"], vocabulary: ["Okonkwo"])
        #expect(recognizer.recognitionLanguages == [.spanish, .english])
        await recognizer.updateDrawing(drawing)
        let text = try #require(await recognizer.recognizedText())
        #expect(!text.isEmpty)
        #expect(await recognizer.recognizedText(strokeIDs: []) == nil)
        let hits = await recognizer.search("John 3:16")
        #expect(hits.allSatisfy { !$0.strokeIDs.isEmpty && Set($0.strokeIDs).isSubset(of: Set(drawing.strokes.map(\.id))) })

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let library = try NoteLibrary(path: path)
        try await library.add(drawing, id: "sermon-1", title: "Sunday")
        let before = try await library.drawingBytes(id: "sermon-1")
        let indexer = NoteIndexer(recognizer: try ShippedRecognizer.loadForIndexing(.open))
        try await library.index(noteID: "sermon-1", using: indexer)
        #expect(try await library.drawingBytes(id: "sermon-1") == before)
        _ = try await library.search("grace")
    }
}
