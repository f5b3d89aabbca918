import Foundation
import InkIndex
import InkWire
import NIOHTTP1

/// `POST /api/notes/batch`: many notes in one request, for a device back online.
extension APIResponder {
    /// Checks the count first (413 for more than `maxNotesPerBatch`, nothing stored), then each
    /// note against the limits (that note alone answered 400 or 413), stores every note that
    /// passed in one transaction (`NoteLibrary.saveBatch`: one wait for the disk), and answers
    /// each note's status in the order sent. The notes are recognized afterwards, in the
    /// background: the change feed says when each is indexed.
    func batch(_ request: ServerRequest, in libs: LibraryConnections) async throws -> ServerResponse {
        let body = try RequestBodies.decode(WireBatchBody.self, from: request.body)
        let limit = configuration.limits.maxNotesPerBatch
        guard body.notes.count <= limit else {
            throw APIError.payloadTooLarge("\(body.notes.count) notes, more than the limit of \(limit) a batch; nothing was stored")
        }
        guard !body.notes.isEmpty else { throw APIError.badRequest("the batch holds no notes: {\"notes\": [...]}") }
        var results = [WireBatchResult?](repeating: nil, count: body.notes.count)
        var accepted: [(index: Int, note: BatchNote)] = []
        var ids = Set<String>()
        for (index, sent) in body.notes.enumerated() {
            let id = sent.id ?? UUID().uuidString
            guard !id.isEmpty, ids.insert(id).inserted else {
                results[index] = WireBatchResult(id: id, status: 400, error: "bad_request", detail: "a note's id is given once a batch, and not empty")
                continue
            }
            do {
                let drawing = try RequestBodies.drawing(sent.strokes, limits: configuration.limits)
                accepted.append((index, BatchNote(id: id, title: sent.title, drawing: drawing, ifRevision: sent.ifMatch)))
            } catch {
                results[index] = WireBatchResult(id: id, status: Int(error.status.code), error: error.code, detail: error.detail)
            }
        }
        let notes = accepted.map(\.note)
        let outcomes = try await writeLock.run { try await libs.writer.saveBatch(notes) }
        await feedWatch.signal(libs.name)
        var stored: [String] = []
        for ((index, note), outcome) in zip(accepted, outcomes) {
            switch outcome {
            case .created(let revision), .updated(let revision):
                let status = if case .created = outcome { 201 } else { 200 }
                results[index] = WireBatchResult(id: note.id, status: status, revision: revision, etag: "\"\(revision)\"")
                libs.strokeCounts.forget(note.id)
                stored.append(note.id)
            case .stale(let current):
                results[index] = WireBatchResult(id: note.id, status: 412, revision: current, etag: "\"\(current)\"", error: "precondition_failed",
                                                 detail: "note '\(note.id)' is at revision \(current), not \(note.ifRevision ?? 0)")
            case .notFound:
                results[index] = WireBatchResult(id: note.id, status: 404, error: "not_found", detail: "no note with id '\(note.id)'")
            }
        }
        indexInBackground(stored, in: libs)
        return try JSONAnswers.response(BatchAnswer(results: results.compactMap { $0 }))
    }

    /// Recognizes the notes on the recognition pool, as many at once as it reads
    /// (`recognitionConcurrency`: one note at a time left a core idle), and commits each index
    /// (skipped where the note changed again since; its own write indexes it), waking the change
    /// feed's long polls as each is committed.
    private func indexInBackground(_ ids: [String], in libs: LibraryConnections) {
        guard !ids.isEmpty else { return }
        let width = max(1, configuration.recognitionConcurrency)
        Task.detached(priority: .utility) { [self] in
            await withTaskGroup(of: Void.self) { group in
                for (n, id) in ids.enumerated() {
                    if n >= width { await group.next() }
                    group.addTask { [self] in
                        guard let target = try? await libs.writer.indexTarget(noteID: id),
                              let index = try? await recognize(target.drawing, noteID: libs.scoped(id)) else { return }
                        _ = try? await writeLock.run { try await libs.writer.commitIndex(index, noteID: id, drawingChecksum: target.checksum) }
                        await feedWatch.signal(libs.name)
                    }
                }
            }
        }
    }
}
