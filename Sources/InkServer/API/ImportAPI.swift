import Foundation
import InkIndex
import InkWire

/// `POST /api/import?name=FILE`: a file's bytes as sent (a notebook of Xournal++, reMarkable
/// `.rm`/`.rmdoc`, Rnote, Saber, a PDF's ink annotations, or an InkML, JSON or `.ink` drawing),
/// each page a note.
extension APIResponder {
    /// Reads the file (the format from `name`'s extension, else from its bytes), checks every
    /// page against the limits, recognizes them all, then stores them in one transaction with
    /// their indexes: a file that cannot be read, or a page past the limits, stores nothing.
    /// Page ids derive from the name, so sending a changed file under the same name updates its
    /// notes (and deletes those of pages it no longer has) instead of adding new ones.
    func importFile(_ request: ServerRequest, target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        guard let name = target.query["name"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty, name.utf8.count <= 255 else {
            throw APIError.badRequest("say the file's name: POST /api/import?name=lecture.rnote (at most 255 bytes)")
        }
        guard !request.body.isEmpty else { throw APIError.badRequest("the body is empty; send the file's bytes") }
        let identity = "import/\(name)"
        let read: (notes: [DrawingFile.Note], warnings: [String])
        do {
            read = try DrawingFile.readNotes(request.body, fileName: name, fileIdentity: identity)
        } catch let error as NotebookError where error.kind == .tooLarge {
            throw APIError.payloadTooLarge("\(name): \(error)")
        } catch DrawingFile.Failure.unknownExtension {
            throw APIError.badRequest("cannot tell the format of \(name) from its name or its bytes (known: \(DrawingFile.Format.knownExtensions))")
        } catch {
            throw APIError.badRequest("\(name) cannot be read: \(error)")
        }
        for note in read.notes { try RequestBodies.check(note.drawing, limits: configuration.limits) }
        var indexes: [NoteIndex] = []
        for note in read.notes { indexes.append(try await recognize(note.drawing, noteID: libs.scoped(note.id.uuidString))) }
        let recognized = indexes
        try await writeLock.run {
            try await libs.writer.importFile(identity: identity, contentHash: Xournal.contentHash(of: request.body),
                                             pages: read.notes.map { ($0.id.uuidString, $0.title, $0.drawing) })
            for (note, index) in zip(read.notes, recognized) {
                try await commit(index, of: note.drawing, noteID: note.id.uuidString, in: libs.writer)
            }
        }
        await feedWatch.signal(libs.name)
        var summaries: [NoteSummary] = []
        for note in read.notes {
            libs.strokeCounts.forget(note.id.uuidString)
            summaries.append(try await summary(note.id.uuidString, in: libs))
        }
        return try JSONAnswers.response(ImportedNotes(notes: summaries, warnings: read.warnings))
    }
}
