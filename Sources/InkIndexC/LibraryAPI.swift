import Foundation
import InkIndex
import InkWire

/// `inkindex_library`: a `NoteLibrary` and how its notes are read, behind a blocking,
/// cancellable gate.
final class LibraryHandle: @unchecked Sendable {
    let library: NoteLibrary
    let options: CReadingOptions
    let gate = CallGate()

    init(_ library: NoteLibrary, options: CReadingOptions) {
        self.library = library
        self.options = options
    }

    static let handles = HandleTable<LibraryHandle>(kind: "library", base: 0x3000_0000)

    static func from(_ pointer: OpaquePointer?) throws -> LibraryHandle {
        try handles.object(pointer)
    }

    /// `body` on the library, in the gate.
    func run<T: Sendable>(_ body: @escaping @Sendable (NoteLibrary) async throws -> T) throws -> T {
        try gate.run { [library] in try await body(library) }
    }
}

/// The C progress callback and its context, carried into the indexing task.
private struct ProgressCallback: @unchecked Sendable {
    var function: (@convention(c) (UnsafeMutableRawPointer?, Int64, Int64) -> Int32)?
    var context: UnsafeMutableRawPointer?
}

@_cdecl("inkindex_library_open")
public func inkindex_library_open(_ path: UnsafePointer<CChar>?, _ options: UnsafePointer<CChar>?, _ error: CErrorOut) -> OpaquePointer? {
    cValue(error) {
        let path = try CStrings.required(path, "path")
        let options = try CReadingOptions(json: try CStrings.optional(options, "options_json"))
        _ = LibrarySetup.done
        let library = try NoteLibrary(path: path, searchPolicy: .standard(forModel: options.model.identifier))
        return LibraryHandle.handles.insert(LibraryHandle(library, options: options))
    }
}

@_cdecl("inkindex_library_close")
public func inkindex_library_close(_ library: OpaquePointer?) {
    LibraryHandle.handles.remove(library)
}

@_cdecl("inkindex_library_add")
public func inkindex_library_add(_ library: OpaquePointer?, _ note: UnsafePointer<CChar>?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try LibraryHandle.from(library)
        let note = try CInput.note(json: try CStrings.required(note, "note_json"))
        let id = try handle.run { try await $0.add(note.drawing, id: note.id ?? UUID().uuidString, title: note.title ?? "") }
        return CStrings.owned(id)
    }
}

/// `inkindex_library_import_file`'s answer.
private struct ImportAnswer: Encodable {
    struct Note: Encodable {
        var id: String
        var title: String
        var added: Bool
    }
    var notes: [Note]
    var warnings: [String]
}

@_cdecl("inkindex_library_import_file")
public func inkindex_library_import_file(_ library: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                         _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try LibraryHandle.from(library)
        let path = try CStrings.required(path, "path")
        let read = try CInput.pages(path: path)
        let pages = read.pages.map { (id: $0.id.uuidString, title: $0.title, drawing: $0.drawing) }
        let notes = try handle.run { library in
            var notes: [ImportAnswer.Note] = []
            let new = try await pages.asyncFilter { try await !library.contains(id: $0.id) }
            _ = try await library.add(new)   // one transaction: all or none
            for page in pages where !new.contains(where: { $0.id == page.id }) {
                try await library.save(page.drawing, id: page.id, title: page.title)
            }
            for page in pages { notes.append(.init(id: page.id, title: page.title, added: new.contains { $0.id == page.id })) }
            return notes
        }
        return try CStrings.json(ImportAnswer(notes: notes, warnings: read.warnings))
    }
}

extension Array where Element: Sendable {
    /// The elements `isIncluded` keeps, asked in order.
    fileprivate func asyncFilter(_ isIncluded: (Element) async throws -> Bool) async rethrows -> [Element] {
        var kept: [Element] = []
        for element in self where try await isIncluded(element) { kept.append(element) }
        return kept
    }
}

@_cdecl("inkindex_library_replace")
public func inkindex_library_replace(_ library: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ note: UnsafePointer<CChar>?,
                                     _ ifRevision: Int64, _ error: CErrorOut) -> Int32 {
    cStatus(error) {
        let handle = try LibraryHandle.from(library)
        let id = try CStrings.required(id, "id"), note = try CInput.note(json: try CStrings.required(note, "note_json"))
        guard ifRevision >= 0 else { throw CFailure(.invalidArgument, "if_revision is negative") }
        if let other = note.id, other != id { throw CFailure(.badInput, "the note's id '\(other)' is not '\(id)'") }
        try handle.run { library in
            // `save` would add a note that is not there; replacing one that is not is an error here.
            guard try await library.contains(id: id) else { throw LibraryError.noteNotFound(id) }
            try await library.save(note.drawing, id: id, title: note.title, ifRevision: ifRevision == 0 ? nil : Int(ifRevision))
        }
    }
}

@_cdecl("inkindex_library_delete")
public func inkindex_library_delete(_ library: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ error: CErrorOut) -> Int32 {
    cStatus(error) {
        let handle = try LibraryHandle.from(library)
        let id = try CStrings.required(id, "id")
        try handle.run { library in
            guard try await library.contains(id: id) else { throw LibraryError.noteNotFound(id) }
            try await library.delete(id: id)
        }
    }
}

@_cdecl("inkindex_library_notes")
public func inkindex_library_notes(_ library: OpaquePointer?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try LibraryHandle.from(library)
        let notes = try handle.run { try await $0.notes() }
        return try CStrings.json(["notes": notes.sorted { ($0.modified, $0.id) > ($1.modified, $1.id) }])
    }
}

@_cdecl("inkindex_library_index")
public func inkindex_library_index(_ library: OpaquePointer?,
                                   _ progress: (@convention(c) (UnsafeMutableRawPointer?, Int64, Int64) -> Int32)?,
                                   _ context: UnsafeMutableRawPointer?, _ indexed: UnsafeMutablePointer<Int64>?,
                                   _ error: CErrorOut) -> Int32 {
    cStatus(error) {
        let handle = try LibraryHandle.from(library)
        try LibrarySetup.requireResources()
        let options = handle.options, gate = handle.gate
        let indexer = NoteIndexer(recognizer: try ShippedRecognizer.loadForIndexing(options.model, languages: options.languages,
                                                                                  vocabulary: options.vocabulary, reading: options.plan))
        let callback = ProgressCallback(function: progress, context: context)
        let report = try handle.run { library in
            try await LibraryRebuilder(library: library, indexer: indexer).run { state in
                guard let function = callback.function else { return }
                if function(callback.context, Int64(state.done), Int64(state.total)) != 0 { gate.cancel() }
            }
        }
        indexed?.pointee = Int64(report.done - report.failures.count - report.timedOut.count)
        if !report.failures.isEmpty {
            let listed = report.failures.sorted { $0.key < $1.key }.prefix(5).map { "\($0.key): \($0.value)" }
            throw CFailure(.store, "\(report.failures.count) notes could not be indexed (the others were): \(listed.joined(separator: "; "))")
        }
    }
}

@_cdecl("inkindex_library_search")
public func inkindex_library_search(_ library: OpaquePointer?, _ query: UnsafePointer<CChar>?, _ flags: UInt32, _ limit: Int32,
                                    _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try LibraryHandle.from(library)
        let text = try CStrings.required(query, "query"), options = try SearchFlags(flags)
        guard limit >= 0 else { throw CFailure(.invalidArgument, "limit is negative") }
        try LibrarySetup.requireResources()  // a query reads the book names of scripture references
        let limit = limit == 0 ? 20 : Int(limit)
        let answer = try handle.run { library in
            let hits = try await library.search(text, fullWordsOnly: options.fullWordsOnly, caseMatchingOnly: options.caseMatchingOnly,
                                                filter: options.filter, limit: limit)
            let titles = try await library.titles(ofNotes: Set(hits.map(\.noteID)))
            return SearchAnswer(query: text, hits: hits.map {
                SearchAnswer.Hit(noteID: $0.noteID, title: titles[$0.noteID] ?? "", strokeIDs: $0.strokeIDs,
                                 bounds: WireRect($0.bounds), reading: $0.reading, score: $0.score)
            })
        }
        return CStrings.owned(try answer.jsonData())
    }
}

@_cdecl("inkindex_library_check")
public func inkindex_library_check(_ library: OpaquePointer?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try LibraryHandle.from(library)
        let report = try handle.run { try await $0.check() }
        return try CStrings.json(CheckAnswer(notesChecked: report.notesChecked, problems: report.problems, healthy: report.isHealthy))
    }
}

/// `inkindex_library_check`'s answer.
private struct CheckAnswer: Encodable {
    var notesChecked: Int
    var problems: [String]
    var healthy: Bool
}

@_cdecl("inkindex_library_cancel")
public func inkindex_library_cancel(_ library: OpaquePointer?) {
    (try? LibraryHandle.from(library))?.gate.cancel()
}
