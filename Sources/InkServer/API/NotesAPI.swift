import Foundation
import InkIndex
import InkWire
import NIOHTTP1

/// `/api/notes`: create, list, read, replace, delete and export notes.
extension APIResponder {
    /// POST: reads the body, recognizes the drawing (on the recognition pool), then stores the
    /// record and commits its index, so the note is searchable when the answer is sent.
    func createNote(_ request: ServerRequest, target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        let (title, drawing) = try RequestBodies.note(request, target: target, limits: configuration.limits)
        let id = UUID().uuidString
        let index = try await recognize(drawing, noteID: libs.scoped(id))
        let created = Date()
        try await writeLock.run {
            try await libs.writer.add(drawing, id: id, title: title ?? "", created: created)
            try await commit(index, of: drawing, noteID: id, in: libs.writer)
        }
        await feedWatch.signal(libs.name)
        libs.strokeCounts.remember(id, revision: 1, count: drawing.strokes.count)
        let summary = try await summary(id, in: libs)
        return try Self.tagged(JSONAnswers.response(summary, status: .created), summary.revision)
    }

    /// PUT: like POST on an existing note; its recognizer remembers the lines it read, so only
    /// lines whose strokes changed are read again. The title is kept where none is sent. With
    /// `If-Match`, only the revision it names is replaced (else 412, checked before recognition
    /// and again under the write lock).
    func updateNote(_ id: String, request: ServerRequest, target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        let (title, drawing) = try RequestBodies.note(request, target: target, limits: configuration.limits)
        let precondition = RevisionPrecondition(request)
        _ = try precondition.revision(given: try await libs.writer.revision(id: id), noteID: id)
        let index = try await recognize(drawing, noteID: libs.scoped(id))
        try await writeLock.run {
            // Checked again under the lock: a DELETE or PUT that came first is not undone.
            let expected = try precondition.revision(given: try await libs.writer.revision(id: id), noteID: id)
            try await libs.writer.save(drawing, id: id, title: title, ifRevision: expected)
            try await commit(index, of: drawing, noteID: id, in: libs.writer)
        }
        await feedWatch.signal(libs.name)
        let summary = try await summary(id, in: libs)
        return try Self.tagged(JSONAnswers.response(summary), summary.revision)
    }

    func deleteNote(_ id: String, request: ServerRequest, in libs: LibraryConnections) async throws -> ServerResponse {
        let precondition = RevisionPrecondition(request)
        try await writeLock.run {
            let expected = try precondition.revision(given: try await libs.writer.revision(id: id), noteID: id)
            try await libs.writer.delete(id: id, ifRevision: expected)
        }
        await feedWatch.signal(libs.name)
        await sessions.end(libs.scoped(id))
        libs.strokeCounts.forget(id)
        return .noContent()
    }

    /// GET /api/notes: newest first; `?limit=N` for a page of N, `?cursor=` the `next` of the
    /// page before, to page through them all (a page ends where `next` is absent).
    func listNotes(_ target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        let limit = try QueryValues.int(target, "limit", default: Int.max, range: 1...Int.max)
        let after = try target.query["cursor"].map(Self.listCursor)
        let reader = libs.reader
        // One more than the page, to know whether another follows.
        let read = try await reader.notes(newestFirst: limit == Int.max ? limit : limit + 1,
                                          after: after.map { (Date(timeIntervalSince1970: $0.created), $0.id) })
        let page = read.prefix(limit)
        var notes: [NoteSummary] = []
        for info in page {
            do {
                notes.append(Self.summary(info, strokeCount: try await libs.strokeCounts.count(of: info, in: reader)))
            } catch LibraryError.noteNotFound {
                continue  // deleted since the list was read
            }
        }
        let next = page.count < read.count ? page.last.map { "\($0.created.timeIntervalSince1970):\($0.id)" } : nil
        return try JSONAnswers.response(NoteList(notes: notes, next: next))
    }

    /// A `next` of `listNotes`: the last note's creation time and id.
    private static func listCursor(_ raw: String) throws(APIError) -> (created: Double, id: String) {
        guard let colon = raw.firstIndex(of: ":"), let created = Double(raw[..<colon]), created.isFinite else {
            throw .badRequest("cursor is the \"next\" of an earlier page of notes, not '\(raw)'")
        }
        return (created, String(raw[raw.index(after: colon)...]))
    }

    /// GET /api/notes/{id}: the summary, strokes, lines (from the note's index) and layout.
    func note(_ id: String, in libs: LibraryConnections) async throws -> ServerResponse {
        let reader = libs.reader
        let info = try await reader.note(id: id)
        let drawing = try await reader.drawing(id: id)
        let indexed = try await reader.indexedWords(noteID: id)
        let layout = PageSegmenter().layout(of: drawing)
        let detail = NoteDetail(summary: Self.summary(info, strokeCount: drawing.strokes.count),
                                strokes: drawing.strokes.map(WireStroke.init),
                                lines: WireConversion.lines(layout: layout, recognitions: nil, words: indexed.words),
                                layout: WireConversion.layout(layout, drawing: drawing))
        return try Self.tagged(JSONAnswers.response(detail), info.revision)
    }

    /// GET /api/notes/{id}.svg?highlight=QUERY: the ink, with the query's hits in this note
    /// boxed (the note's own words searched, as `StrokeRecognizer.search` does).
    func noteSVG(_ id: String, target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        let reader = libs.reader
        let drawing = try await reader.drawing(id: id)
        var options = RenderOptions()
        if let query = target.query["highlight"], !query.trimmingCharacters(in: .whitespaces).isEmpty {
            var index = SearchIndex<Int>()
            index.add(try await reader.words(noteID: id), to: 0)
            let searchOptions = SearchOptions(fullWordsOnly: try QueryValues.bool(target, "fullWords", default: false),
                                              caseMatchingOnly: try QueryValues.bool(target, "case", default: false))
            let hits = index.search(query, options: searchOptions).map(\.hit)
            options.highlights = hits.map { Highlight(rect: $0.bounds.insetBy(dx: -4, dy: -4), label: $0.reading) }
            for id in hits.flatMap(\.strokeIDs) { options.strokeColors[id] = Ink.Color(red: 160, green: 40, blue: 0) }
        }
        let svg = SVGRenderer(options: options).svg(for: drawing)
        return ServerResponse(status: .ok, contentType: "image/svg+xml; charset=utf-8", body: Data(svg.utf8))
    }

    func noteInkML(_ id: String, in libs: LibraryConnections) async throws -> ServerResponse {
        let drawing = try await libs.reader.drawing(id: id)
        let text: String
        do { text = try InkML.write(drawing) } catch { throw APIError.internalError("the note cannot be written as InkML: \(error)") }
        var response = ServerResponse(status: .ok, contentType: "application/inkml+xml; charset=utf-8", body: Data(text.utf8))
        response.headers.add(name: "content-disposition", value: "attachment; filename=\"\(id.filter { $0.isLetter || $0.isNumber || $0 == "-" }).inkml\"")
        return response
    }

    // MARK: Helpers

    /// The note's index, read by its session's recognizer on the recognition pool. A failed
    /// recognition ends the session and is a 500; nothing has been stored by then.
    func recognize(_ drawing: Drawing, noteID: String) async throws -> NoteIndex {
        let session = await sessions.recognizer(for: noteID)
        do {
            return try await recognizing { try await NoteIndexer.index(drawing, with: session) }
        } catch let error as APIError {
            await sessions.end(noteID)
            throw error
        } catch {
            await sessions.end(noteID)
            throw APIError.internalError("recognition failed: \(error)")
        }
    }

    /// Commits the index of the drawing this request saved, stamped with that drawing's checksum:
    /// where another server saved the note again since, the index is not committed (it would be
    /// the old drawing's) and the note waits for that server's index or a reindex.
    func commit(_ index: NoteIndex, of drawing: Drawing, noteID: String, in library: NoteLibrary) async throws {
        try await library.commitIndex(index, noteID: noteID, drawingChecksum: NoteLibrary.checksum(of: drawing))
    }

    func summary(_ id: String, in libs: LibraryConnections) async throws -> NoteSummary {
        let info = try await libs.writer.note(id: id)
        return Self.summary(info, strokeCount: try await libs.strokeCounts.count(of: info, in: libs.writer))
    }

    static func summary(_ info: NoteInfo, strokeCount: Int) -> NoteSummary {
        NoteSummary(id: info.id, title: info.title, strokeCount: strokeCount, created: info.created,
                    modified: info.modified, revision: info.revision, recognitionVersion: info.recognitionVersion)
    }

    /// The answer with the note's revision as its `ETag`, for a later `If-Match`.
    static func tagged(_ response: ServerResponse, _ revision: Int) -> ServerResponse {
        var response = response
        response.headers.replaceOrAdd(name: "etag", value: RevisionPrecondition.entityTag(revision))
        return response
    }
}
