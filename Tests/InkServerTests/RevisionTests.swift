import Foundation
import InkServer
import InkTools
import Testing

@Suite("Revisions (ETag and If-Match)")
struct RevisionTests {
    @Test func aStaleIfMatchIs412AndChangesNothing() async throws {
        try await withServer { server in
            let created = try await server.send("POST", "/api/notes", json: noteJSON(transcribedPage(["grace and peace"]), title: "first"))
            #expect(created.status == 201)
            #expect(created.header("etag") == "\"1\"")
            let id = try created.json(NoteSummary.self).id
            #expect(try created.json(NoteSummary.self).revision == 1)
            #expect(try await server.get("/api/notes/\(id)").header("etag") == "\"1\"")

            // Device A saves on revision 1: revision 2.
            let saved = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["grace and mercy"]), title: nil),
                                              headers: [("if-match", "\"1\"")])
            #expect(saved.status == 200)
            #expect(saved.header("etag") == "\"2\"")
            #expect(try saved.json(NoteSummary.self).revision == 2)

            // Device B still holds revision 1: its PUT and its DELETE are refused, nothing changes.
            let stale = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["grace alone"]), title: "B's"),
                                              headers: [("if-match", "\"1\"")])
            #expect(stale.status == 412, "\(stale.text)")
            #expect(stale.text.contains("precondition_failed"))
            #expect(stale.header("etag") == "\"2\"", "the refusal names the revision to read")
            let staleDelete = try await server.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "\"1\"")])
            #expect(staleDelete.status == 412)
            let detail = try await server.get("/api/notes/\(id)").json(NoteDetail.self)
            #expect(detail.revision == 2 && detail.title == "first")
            #expect(try await server.get("/api/search?q=mercy").json(SearchAnswer.self).hits.first?.noteID == id)
            #expect(try await server.get("/api/search?q=alone").json(SearchAnswer.self).hits.isEmpty)

            // A weak tag never matches; a list naming the current one does; * matches any.
            #expect(try await server.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "W/\"2\"")]).status == 412)
            let listed = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["grace upon grace"]), title: nil),
                                               headers: [("if-match", "\"7\", \"2\"")])
            #expect(listed.status == 200 && listed.header("etag") == "\"3\"")
            #expect(try await server.send("DELETE", "/api/notes/\(id)", headers: [("if-match", "*")]).status == 204)
            #expect(try await server.get("/api/notes/\(id)").status == 404)
        }
    }

    @Test func withoutIfMatchTheLastWriterWins() async throws {
        try await withServer { server in
            let id = try await server.create(transcribedPage(["faith"]))
            for (index, text) in ["hope", "love"].enumerated() {
                let put = try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage([text]), title: nil))
                #expect(put.status == 200 && put.header("etag") == "\"\(index + 2)\"")
            }
            #expect(try await server.send("PUT", "/api/notes/missing", json: noteJSON(transcribedPage(["x"])),
                                          headers: [("if-match", "\"1\"")]).status == 404, "a missing note is 404 whatever the precondition")
            #expect(try await server.send("DELETE", "/api/notes/\(id)").status == 204)
        }
    }
}
