import Foundation
import InkIndex
import InkServer
import InkTools
import Testing

@Suite("Notes API")
struct NotesAPITests {
    @Test func aCreatedNoteIsSearchableWhenTheAnswerComes() async throws {
        try await withServer { server in
            let drawing = transcribedPage(["grace and peace", "Jn 3:16"])
            let answer = try await server.send("POST", "/api/notes", json: noteJSON(drawing, title: "Sunday"))
            #expect(answer.status == 201)
            let summary = try answer.json(NoteSummary.self)
            #expect(summary.title == "Sunday")
            #expect(summary.strokeCount == drawing.strokes.count)
            #expect(summary.recognitionVersion == 1)
            #expect(answer.text.contains("\"modified\":\"20"))  // ISO 8601

            let search = try await server.get("/api/search?q=peace").json(SearchAnswer.self)
            #expect(search.query == "peace")
            let hit = try #require(search.hits.first)
            #expect(hit.noteID == summary.id)
            #expect(hit.title == "Sunday")
            #expect(hit.reading == "peace")
            let peaceStrokes = Set(drawing.strokes.filter { $0.annotations["transcript"] == "peace" }.map(\.id))
            #expect(!peaceStrokes.isEmpty && peaceStrokes.isSubset(of: Set(hit.strokeIDs)))
            #expect(hit.bounds.width > 0 && hit.bounds.height > 0)
            #expect(try await server.get("/api/search?q=John%203:16").json(SearchAnswer.self).hits.first?.noteID == summary.id)
        }
    }

    @Test func aNoteReadsBackVerbatimWithItsLinesAndLayout() async throws {
        try await withServer { server in
            var drawing = transcribedPage(["love is patient", "love is kind"])
            drawing.strokes[0].points[0].force = 0.25
            let id = try await server.create(drawing, title: "Corinthians")
            let answer = try await server.get("/api/notes/\(id)")
            #expect(answer.status == 200)
            let detail = try answer.json(NoteDetail.self)
            #expect(detail.id == id && detail.title == "Corinthians")
            #expect(Drawing(strokes: detail.strokes.map { wire in
                Stroke(id: wire.id!, points: wire.points.map { StrokePoint(location: CGPoint(x: $0.x, y: $0.y), time: $0.t, force: $0.pressure) },
                       annotations: wire.annotations ?? [:])
            }).strokes.map(\.points) == drawing.strokes.map(\.points))
            #expect(detail.strokes.map(\.id) == drawing.strokes.map(\.id))
            #expect(detail.lines.map(\.text) == ["love is patient", "love is kind"])
            #expect(detail.lines[0].words.map(\.text) == ["love", "is", "patient"])
            #expect(detail.lines.allSatisfy { $0.cluster == "body" })
            #expect(detail.layout.clusters.flatMap(\.lines).sorted() == [0, 1])
            #expect(answer.text.contains("\"recognitionVersion\":1"))
        }
    }

    @Test func notesAreListedNewestFirstAndDeleted() async throws {
        try await withServer { server in
            let first = try await server.create(transcribedPage(["first note"], id: "a"), title: "first")
            try await Task.sleep(for: .milliseconds(20))
            let second = try await server.create(transcribedPage(["second note"], id: "b"), title: "second")
            let list = try await server.get("/api/notes").json(NoteList.self)
            #expect(list.notes.map(\.id) == [second, first])
            #expect(try await server.get("/api/notes?limit=1").json(NoteList.self).notes.map(\.id) == [second])

            let deleted = try await server.send("DELETE", "/api/notes/\(first)")
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            #expect(try await server.get("/api/notes/\(first)").status == 404)
            #expect(try await server.send("DELETE", "/api/notes/\(first)").status == 404)
            #expect(try await server.get("/api/search?q=first").json(SearchAnswer.self).hits.isEmpty)
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.map(\.id) == [second])
        }
    }

    @Test func aPutReadsAgainOnlyTheLinesWhoseStrokesChanged() async throws {
        let recognizer = CountingTranscriptRecognizer()
        try await withServer(recognizer: recognizer) { server in
            let lines = ["blessed are the meek", "for they shall inherit", "the earth Mt 5:5"]
            let id = try await server.create(transcribedPage(lines), title: "beatitudes")
            #expect(recognizer.lineCount == 3)

            var edited = lines
            edited[1] = "for they will inherit"
            let put = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(edited), title: nil))
            #expect(put.status == 200)
            #expect(recognizer.lineCount == 4, "only the changed line is read again")
            #expect(recognizer.texts.last == "for they will inherit")
            let summary = try put.json(NoteSummary.self)
            #expect(summary.title == "beatitudes", "a PUT without a title keeps the title")
            #expect(try await server.get("/api/search?q=will").json(SearchAnswer.self).hits.first?.noteID == id)
            #expect(try await server.get("/api/search?q=shall&fullWords=true").json(SearchAnswer.self).hits.isEmpty)

            _ = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(edited), title: "renamed"))
            #expect(recognizer.lineCount == 4, "an unchanged drawing reads no line again")
            #expect(try await server.get("/api/notes/\(id)").json(NoteDetail.self).title == "renamed")
        }
    }

    @Test func inkMLInAndOutAndSVGWithHighlights() async throws {
        try await withServer { server in
            let drawing = transcribedPage(["faith hope love"])
            let inkML = try InkML.write(drawing)
            let created = try await server.send("POST", "/api/notes?title=From%20InkML", json: Data(inkML.utf8),
                                                headers: [("content-type", "application/inkml+xml")])
            #expect(created.status == 201)
            let id = try created.json(NoteSummary.self).id
            #expect(try created.json(NoteSummary.self).title == "From InkML")

            let exported = try await server.get("/api/notes/\(id).inkml")
            #expect(exported.status == 200)
            #expect(exported.header("content-type")?.hasPrefix("application/inkml+xml") == true)
            #expect(try InkML.read(exported.body).drawing == drawing, "the record comes back as it was sent")

            let plain = try await server.get("/api/notes/\(id).svg")
            let highlighted = try await server.get("/api/notes/\(id).svg?highlight=hope")
            #expect(plain.status == 200 && highlighted.status == 200)
            #expect(highlighted.header("content-type")?.hasPrefix("image/svg+xml") == true)
            #expect(highlighted.text.hasPrefix("<?xml") || highlighted.text.contains("<svg"))
            #expect(highlighted.text.contains(">hope<"), "the hit is labeled")
            #expect(!plain.text.contains(">hope<"))
            #expect(try await server.get("/api/notes/nope.svg").status == 404)
            #expect(try await server.get("/api/notes/nope.inkml").status == 404)
        }
    }

    @Test func recognizeAnswersLinesWordsAndLayoutAndStoresNothing() async throws {
        try await withServer { server in
            let drawing = transcribedPage(["the Lord is my shepherd", "Ps 23:1"])
            let answer = try await server.send("POST", "/api/recognize", json: strokesJSON(drawing))
            #expect(answer.status == 200)
            let reading = try answer.json(WireRecognition.self)
            #expect(reading.recognitionVersion == 1)
            #expect(reading.lines.map(\.text) == ["the Lord is my shepherd", "Ps 23:1"])
            #expect(reading.lines[0].words.count == 5)
            #expect(reading.lines[0].candidates.first?.score ?? 0 > 0.5)
            #expect(Set(reading.lines.flatMap(\.strokeIDs)) == Set(drawing.strokes.map(\.id)))
            #expect(reading.elapsedMs >= 0)
            #expect(!reading.layout.clusters.isEmpty)
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.isEmpty)
            #expect(try await server.library().notes().isEmpty)
        }
    }
}
