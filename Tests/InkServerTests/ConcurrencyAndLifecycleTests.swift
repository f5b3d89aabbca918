import Foundation
import InkIndex
import InkServer
import InkTools
import Testing

@Suite("Concurrency and lifecycle")
struct ConcurrencyAndLifecycleTests {
    @Test func concurrentWritersAndReadersLoseNothing() async throws {
        try await withServer { server in
            let writers = 6, notesEach = 5, readers = 4
            let created = try await withThrowingTaskGroup(of: [String].self) { group in
                for w in 0..<writers {
                    group.addTask {
                        try await HTTPClientConnection.with(host: "127.0.0.1", port: server.port) { connection in
                            var ids: [String] = []
                            for n in 0..<notesEach {
                                let drawing = transcribedPage(["writer\(w) note\(n)", "shared words here"], id: "\(w)-\(n)")
                                let answer = try await connection.request("POST", "/api/notes", headers: [("content-type", "application/json")],
                                                                          body: noteJSON(drawing, title: "w\(w)n\(n)"))
                                guard answer.status == 201 else { throw HTTPClientError.unexpected(answer.text) }
                                let id = try answer.json(NoteSummary.self).id
                                let edited = transcribedPage(["writer\(w) note\(n)", "changed words here"], id: "\(w)-\(n)")
                                let put = try await connection.request("PUT", "/api/notes/\(id)", headers: [("content-type", "application/json")],
                                                                       body: noteJSON(edited, title: nil))
                                guard put.status == 200 else { throw HTTPClientError.unexpected(put.text) }
                                ids.append(id)
                            }
                            return ids
                        }
                    }
                }
                for r in 0..<readers {
                    group.addTask {
                        try await HTTPClientConnection.with(host: "127.0.0.1", port: server.port) { connection in
                            for q in 0..<15 {
                                let path = q % 3 == 0 ? "/api/notes" : "/api/search?q=" + ["shared", "changed", "writer\(r)"][q % 3]
                                let answer = try await connection.request("GET", path)
                                guard answer.status == 200 else { throw HTTPClientError.unexpected(answer.text) }
                            }
                            return []
                        }
                    }
                }
                var all: [String] = []
                for try await ids in group { all += ids }
                return all
            }
            #expect(created.count == writers * notesEach)
            let library = try server.library()
            #expect(Set(try await library.notes().map(\.id)) == Set(created))
            #expect(try await library.check().isHealthy)
            #expect(try await library.notesToIndex(version: 1).isEmpty, "every note was indexed before its answer")
            let hits = try await server.get("/api/search?q=changed&limit=100").json(SearchAnswer.self).hits
            #expect(Set(hits.map(\.noteID)) == Set(created))
            #expect(try await server.get("/api/search?q=shared&fullWords=true&limit=100").json(SearchAnswer.self).hits.isEmpty)
        }
    }

    @Test func healthReportsTheBackgroundReindexWhileSearchesAnswer() async throws {
        let recognizer = CountingTranscriptRecognizer(version: 2)
        recognizer.hold(true)
        try await withServer(recognizer: recognizer, configure: { $0.recognitionConcurrency = 2 }, prepare: { library in
            // A library indexed by version 1 of the recognizer.
            let indexer = NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 1))
            for n in 0..<4 {
                let id = try await library.add(transcribedPage(["old index \(n)"], id: "\(n)"), id: "note-\(n)", title: "n\(n)")
                try await library.index(noteID: id, using: indexer)
            }
        }) { server in
            let waiting = try await server.get("/api/health").json(HealthAnswer.self)
            #expect(waiting.notes == 4)
            #expect(waiting.recognitionVersion == 2)
            #expect(waiting.waitingForIndex == 4)
            #expect(waiting.reindexing)
            let hits = try await server.get("/api/search?q=old").json(SearchAnswer.self).hits
            #expect(hits.count == 4, "the old index answers while the new one is made")

            recognizer.hold(false)
            await server.server.waitForReindex()
            let done = try await server.get("/api/health").json(HealthAnswer.self)
            #expect(done.waitingForIndex == 0)
            #expect(!done.reindexing)
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.allSatisfy { $0.recognitionVersion == 2 })
        }
    }

    @Test func shutdownInTheMiddleOfWritesLosesNoAnsweredNote() async throws {
        let server = try await TestServer.start()
        let writers = 8
        let answered = try await withThrowingTaskGroup(of: [String].self) { group in
            for w in 0..<writers {
                group.addTask {
                    var ids: [String] = []
                    for n in 0..<50 {
                        do {
                            let answer = try await HTTPClientConnection.send(port: server.port, "POST", "/api/notes",
                                                                             headers: [("content-type", "application/json")],
                                                                             body: noteJSON(transcribedPage(["note \(w) \(n)"], id: "\(w)/\(n)")))
                            if answer.status == 201 { ids.append(try answer.json(NoteSummary.self).id) } else { break }
                        } catch {
                            break  // refused or cut off by the shutdown: not answered, so not promised
                        }
                    }
                    return ids
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(300))
                await server.server.shutdown()
                return []
            }
            var all: [String] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(!answered.isEmpty)
        #expect(answered.count < writers * 50, "the shutdown came in the middle of the writes")
        let library = try NoteLibrary(path: server.path)
        let stored = Set(try await library.notes().map(\.id))
        #expect(Set(answered).isSubset(of: stored), "every note answered 201 is stored")
        #expect(try await library.check().isHealthy)
        for id in answered { #expect(try await library.indexState(noteID: id) != nil) }
        await server.stop()
    }
}
