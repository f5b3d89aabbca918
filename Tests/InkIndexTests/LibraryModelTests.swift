import Foundation
import Testing
@testable import InkIndex
import InkTools

/// Schema 7: the library keeps which model read each note, and a note read by another model is
/// due for indexing as a note read under an older version is.
@Suite struct LibraryModelTests {
    /// Makes a file what version 6 wrote (SQL; the version is left to the caller).
    static let version7Undone = version8Undone + "ALTER TABLE note_index DROP COLUMN recognition_model;"
    /// What version 11 added, undone (the derived tables it dropped stay dropped): a file as
    /// version 10 left it.
    static let version11Undone = "ALTER TABLE index_problems DROP COLUMN recognition_model; DROP INDEX notes_by_created;"
    /// … and what version 10 wrote: a file as version 9 left it.
    static let version10Undone = version11Undone + "DROP TABLE changes; DROP TABLE change_feed;"
    /// … and what version 9 wrote: a file as version 8 left it.
    static let version9Undone = version10Undone + "ALTER TABLE notes DROP COLUMN revision;"
    /// … and what version 8 wrote: a file as version 7 left it.
    static let version8Undone = version9Undone + "ALTER TABLE note_index DROP COLUMN recognition_languages; DROP TABLE vocabulary; DROP TABLE imported_files; DROP TABLE index_problems;"

    /// The transcript reader under a model's name, standing in for a shipped model.
    struct NamedModelReader: LineRecognizing {
        var recognitionModel: String
        var recognitionVersion = 5
        let base = TranscriptRecognizer(recognitionVersion: 5)
        func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
            try base.recognize(strokes, maxCandidates: maxCandidates)
        }
    }

    @Test func aNoteReadByAnotherModelIsDueForIndexing() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["grace and peace"], id: "n0"), id: "n0")
        try await library.index(noteID: "n0", using: NoteIndexer(recognizer: NamedModelReader(recognitionModel: "research")))
        #expect(try await library.indexModel(noteID: "n0") == "research")
        #expect(try await library.note(id: "n0").recognitionModel == "research")
        #expect(try await library.notesToIndex(version: 5, model: "research").isEmpty)
        #expect(try await library.notesToIndex(version: 5, model: "open") == ["n0"])
        // A recognizer that names no model compares versions only.
        #expect(try await library.notesToIndex(version: 5).isEmpty)

        let open = NoteIndexer(recognizer: NamedModelReader(recognitionModel: "open"))
        let report = try await LibraryRebuilder(library: library, indexer: open).run()
        #expect(report.done == 1)
        #expect(try await library.indexModel(noteID: "n0") == "open")
        #expect(try await library.notesToIndex(version: 5, model: "open").isEmpty)
        #expect(try await library.search("grace").map(\.noteID) == ["n0"])
    }

    /// Each model has its own recognition version: a new research network leaves a library the
    /// open model read alone, and the model that changed reads its own notes again.
    @Test func onlyTheNotesOfTheModelWhoseVersionGrewAreReadAgain() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let open = ShippedModel.open.recognitionVersion, research = ShippedModel.research.recognitionVersion
        for id in ["n0", "n1"] { try await library.add(transcribedPage(["grace and peace"], id: id), id: id) }
        try await library.index(noteID: "n0", using: NoteIndexer(recognizer: NamedModelReader(recognitionModel: "open", recognitionVersion: open)))
        let researchLibrary = NoteIndexer(recognizer: NamedModelReader(recognitionModel: "research", recognitionVersion: research))
        try await library.index(noteID: "n1", using: researchLibrary)

        // The research model's version grows; the open model's does not.
        let newResearch = NoteIndexer(recognizer: NamedModelReader(recognitionModel: "research", recognitionVersion: research + 1))
        let openIndexer = NoteIndexer(recognizer: NamedModelReader(recognitionModel: "open", recognitionVersion: open))
        #expect(try await library.notesToIndex(version: open, model: "open") == ["n1"], "only the note another model read")
        #expect(try await library.notesToIndex(version: research + 1, model: "research") == ["n0", "n1"])
        #expect(try await library.notesToIndex(version: research, model: "research") == ["n0"])

        // An app on the open model: its notes are not read again.
        let (openOnly, openDirectory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: openDirectory) }
        try await openOnly.add(transcribedPage(["grace and peace"], id: "a"), id: "a")
        #expect(try await LibraryRebuilder(library: openOnly, indexer: openIndexer).run().done == 1)
        #expect(try await LibraryRebuilder(library: openOnly, indexer: openIndexer).run().done == 0)
        #expect(try await LibraryRebuilder(library: openOnly, indexer: newResearch).run().done == 1)
    }

    /// The shipped recognizers carry their own model's version; the static one answers for the
    /// default model.
    @Test func shippedRecognizersCarryTheirModelsVersion() throws {
        #expect(try ShippedRecognizer.load(.open).recognitionVersion == ShippedModel.open.recognitionVersion)
        #expect(try ShippedRecognizer.loadForIndexing(.open).recognitionVersion == ShippedModel.open.recognitionVersion)
        #expect(StrokeRecognizer.recognitionVersion == ShippedModel.default.recognitionVersion)
        #expect(StrokeRecognizer(model: .open, preferredLanguages: ["en"], reading: .once).recognitionVersion
                == ShippedModel.open.recognitionVersion)
        #expect(ShippedRecognizer.recognitionVersion == ShippedModel.default.recognitionVersion)
    }

    @Test func migrationFromVersion6RecordsTheResearchModelAndKeepsDrawings() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["see Rom 5"], id: "n0"), id: "n0")
        try await library.index(noteID: "n0", using: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 5)))
        let bytes = try await library.drawingBytes(id: "n0")
        try Database(path: library.path).execute(LibraryModelTests.version7Undone + "PRAGMA user_version = 6;")
        let upgraded = try NoteLibrary(path: library.path)
        #expect(try Database(path: library.path).userVersion == NoteLibrary.schemaVersion)
        #expect(try await upgraded.drawingBytes(id: "n0") == bytes)
        // Every note indexed before schema 7 was read by the only model there was.
        #expect(try await upgraded.indexModel(noteID: "n0") == "research")
        #expect(try await upgraded.notesToIndex(version: 5, model: ShippedModel.research.identifier).isEmpty)
        #expect(try await upgraded.notesToIndex(version: 5, model: ShippedModel.open.identifier) == ["n0"])
        #expect(try await upgraded.check().isHealthy)
        // … and with English, the only language there was.
        #expect(try await upgraded.indexLanguages(noteID: "n0") == [.english])
    }

    @Test func aNoteReadWithOtherLanguagesIsDueForIndexing() async throws {
        struct Reader: LineRecognizing {
            var languages: [RecognitionLanguage]
            var recognitionModel: String { "open" }
            var recognitionVersion: Int { 5 }
            func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
                try TranscriptRecognizer(recognitionVersion: 5).recognize(strokes, maxCandidates: maxCandidates)
            }
        }
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["más gracia"], id: "n0"), id: "n0")
        try await library.index(noteID: "n0", using: NoteIndexer(recognizer: Reader(languages: [.spanish, .english])))
        #expect(try await library.indexLanguages(noteID: "n0") == [.spanish, .english])
        #expect(try await library.note(id: "n0").recognitionLanguages == [.spanish, .english])
        #expect(try await library.notesToIndex(version: 5, model: "open", languages: [.spanish, .english]).isEmpty)
        #expect(try await library.notesToIndex(version: 5, model: "open", languages: [.english, .spanish]) == ["n0"],
                "priority order is part of what was read")
        #expect(try await library.notesToIndex(version: 5, model: "open").isEmpty, "no languages named: not compared")
        let report = try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: Reader(languages: [.portuguese]))).run()
        #expect(report.done == 1)
        #expect(try await library.indexLanguages(noteID: "n0") == [.portuguese])
    }

    @Test func aNeverIndexedNoteHasNoModel() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["amen"], id: "n0"), id: "n0")
        #expect(try await library.indexModel(noteID: "n0") == nil)
        #expect(try await library.note(id: "n0").recognitionModel == nil)
    }
}
