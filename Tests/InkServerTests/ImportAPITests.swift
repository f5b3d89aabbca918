import Foundation
import InkIndex
import InkWire
import Testing

/// `POST /api/import`: a notebook's bytes as sent, each page a note.
@Suite struct ImportAPITests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InkCoreTests/Fixtures")

    private static let binary = [("content-type", "application/octet-stream")]

    @Test func aNotebookBecomesANotePerPageAndSendingItAgainUpdatesThem() async throws {
        let package = try Data(contentsOf: Self.fixtures.appendingPathComponent("Remarkable/notebook.rmdoc"))
        try await withServer { server in
            let answer = try await server.send("POST", "/api/import?name=Sermons.rmdoc", json: package,
                                               headers: [("content-type", "application/octet-stream")])
            #expect(answer.status == 200)
            let imported = try answer.json(ImportedNotes.self)
            // The notebook's own name, not the file's; the deleted page is said.
            #expect(imported.notes.map(\.title) == ["Sermon notes, page 1", "Sermon notes, page 2", "Sermon notes, page 3"])
            #expect(imported.notes.map(\.strokeCount) == [2, 1, 0])
            #expect(imported.warnings.contains("1 pages marked deleted not read"))

            let again = try await server.send("POST", "/api/import?name=Sermons.rmdoc", json: package, headers: Self.binary).json(ImportedNotes.self)
            #expect(again.notes.map(\.id) == imported.notes.map(\.id), "the same name names the same notes")
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.count == 3)

            // A single page file, its format known from its first bytes.
            let page = try Data(contentsOf: Self.fixtures.appendingPathComponent("Remarkable/v5.rm"))
            let single = try await server.send("POST", "/api/import?name=page", json: page, headers: Self.binary).json(ImportedNotes.self)
            #expect(single.notes.map(\.title) == ["page"])
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.count == 4)
        }
    }

    @Test func unreadableFilesStoreNothingAndSayWhy() async throws {
        try await withServer { server in
            let noName = try await server.send("POST", "/api/import", json: Data("x".utf8), headers: Self.binary)
            #expect(noName.status == 400)
            let unknown = try await server.send("POST", "/api/import?name=notes.txt", json: Data("hello".utf8), headers: Self.binary)
            #expect(unknown.status == 400)
            #expect(unknown.text.contains("cannot tell the format"))
            let damaged = try await server.send("POST", "/api/import?name=old.rm",
                                                json: Data("reMarkable .lines file, version=5          \u{1}\u{0}\u{0}".utf8), headers: Self.binary)
            #expect(damaged.status == 400)
            #expect(damaged.text.contains("reMarkable"))
            #expect(try await server.get("/api/notes").json(NoteList.self).notes.isEmpty)
        }
    }
}
