import Foundation
import InkIndex
import InkServer
import InkSynthesis
import InkTools
import Testing

/// The server with the trained model, on synthetic ink (no shared data needed).
@Suite("Shipped recognizer over HTTP")
struct ShippedRecognizerTests {
    @Test func aSyntheticPageIsReadAndItsNoteFound() async throws {
        let recognizer = try ShippedRecognizer.load()
        try await withServer(recognizer: recognizer) { server in
            let page = InkSynthesizer(seed: 7).page(lines: ["grace and peace", "love is patient"])
            let answer = try await server.send("POST", "/api/recognize", json: strokesJSON(page.drawing))
            #expect(answer.status == 200, "\(answer.text)")
            let reading = try answer.json(WireRecognition.self)
            #expect(reading.recognitionVersion == recognizer.recognitionVersion)
            #expect(reading.lines.count == 2)
            for line in reading.lines {
                #expect(!line.text.isEmpty)
                let scores = line.candidates.map(\.score)
                #expect(scores.allSatisfy { (0...1).contains($0) })
                #expect(abs(scores.reduce(0, +) - 1) < 1e-6)
                #expect(scores == scores.sorted(by: >))
                #expect(Set(line.words.flatMap(\.strokeIDs)).isSubset(of: Set(line.strokeIDs)))
            }
            let text = reading.lines.map(\.text).joined(separator: " ").lowercased()
            #expect(text.contains("grace") || text.contains("peace") || text.contains("love"))

            let id = try await server.create(page.drawing, title: "synthetic")
            let hits = try await server.get("/api/search?q=patient").json(SearchAnswer.self).hits
            #expect(hits.first?.noteID == id)
        }
    }
}
