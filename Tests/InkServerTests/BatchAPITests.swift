import Foundation
import InkIndex
import InkServer
import InkTestSupport
import InkWire
import Testing

/// `POST /api/notes/batch`: a device back online sends its pages at once; each note is answered
/// on its own, and recognized after the answer.
@Suite struct BatchAPITests {
    private func body(_ notes: [WireBatchBody.Note]) throws -> Data { try JSONEncoder().encode(WireBatchBody(notes: notes)) }
    private func strokes(_ lines: [String], seed: UInt64 = 3) -> [WireStroke] {
        transcribedPage(lines, id: lines.joined(), seed: seed).strokes.map(WireStroke.init)
    }

    @Test func eachNoteIsAnsweredOnItsOwnAndIndexedAfterwards() async throws {
        try await withServer(configure: { $0.limits.maxStrokesPerNote = 40 }) { server in
            let existing = try await server.create(transcribedPage(["faith hope love"]), title: "old")
            let cursor = try await server.get("/api/changes").json(ChangeFeedAnswer.self).next
            let tooBig = (0..<41).map { k in WireStroke(Stroke(points: [StrokePoint(x: Double(k), y: 0), StrokePoint(x: Double(k) + 1, y: 1)])) }
            let answer = try await server.send("POST", "/api/notes/batch", json: try body([
                .init(id: "new-1", title: "first", strokes: strokes(["grace upon grace"])),
                .init(title: "no id", strokes: strokes(["amazing grace"], seed: 5)),
                .init(id: existing, title: "edited", strokes: strokes(["faith alone"]), ifMatch: 1),
                .init(id: existing, strokes: strokes(["twice"])),
                .init(id: "too-big", strokes: tooBig),
                .init(id: "stale", strokes: strokes(["x"]), ifMatch: 3),
            ]))
            #expect(answer.status == 200, "\(answer.text)")
            let results = try answer.json(BatchAnswer.self).results
            #expect(results.map(\.status) == [201, 201, 200, 400, 413, 404])
            #expect(results[0].id == "new-1" && results[0].etag == "\"1\"")
            #expect(results[2].revision == 2)
            #expect(results[4].error == "payload_too_large")
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.count == 3)

            // A stale revision: 412 with the note's current ETag, the note untouched.
            let stale = try await server.send("POST", "/api/notes/batch", json: try body([
                .init(id: existing, strokes: strokes(["lost edit"]), ifMatch: 1)]))
            #expect(try stale.json(BatchAnswer.self).results.map(\.status) == [412])
            #expect(try stale.json(BatchAnswer.self).results[0].etag == "\"2\"")

            // Recognized in the background: the feed says when each is indexed.
            var indexed: Set<String> = []
            var next = cursor
            for _ in 0..<50 where indexed.count < 3 {
                let page = try await server.get("/api/changes?since=\(next)&wait=2").json(ChangeFeedAnswer.self)
                indexed.formUnion(page.changes.filter { $0.kind == "indexed" || $0.kind == "reindexed" }.map(\.id))
                next = page.next
            }
            #expect(indexed.isSuperset(of: ["new-1", existing]) && indexed.count == 3)
            #expect(try await server.get("/api/search?q=alone").json(SearchAnswer.self).hits.map(\.noteID) == [existing])
        }
    }

    @Test func tooManyNotesStoreNothing() async throws {
        try await withServer(configure: { $0.limits.maxNotesPerBatch = 2 }) { server in
            let notes = (0..<3).map { WireBatchBody.Note(id: "n\($0)", strokes: strokes(["note \($0)"])) }
            let answer = try await server.send("POST", "/api/notes/batch", json: try body(notes))
            #expect(answer.status == 413)
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.isEmpty)
            #expect(try await server.send("POST", "/api/notes/batch", json: Data(#"{"notes": []}"#.utf8)).status == 400)
            #expect(try await server.send("POST", "/api/notes/batch", json: Data("[1,".utf8)).status == 400)
        }
    }
}
