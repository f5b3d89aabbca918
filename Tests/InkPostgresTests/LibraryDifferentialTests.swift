import Foundation
import InkCore
import InkRecognition
import Testing
@testable import InkIndex
@testable import InkPostgres
import InkTestSupport
@testable import InkTools

/// The same notes, indexed the same way, in a SQLite library and a PostgreSQL one: every query
/// must give the same hits, in the same order, with the same scores, strokes, bounds and places.
@Suite(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct LibraryDifferentialTests {
    /// Sermon notes with references, capitals, diacritics, margin notes and words a recognizer
    /// misreads, so that exact, prefix, fuzzy, phrase, split-word and reference search all run.
    static let notes: [(id: String, lines: [String])] = [
        ("hymn", ["Amazing grace how sweet the sound", "that saved a wretch like me"]),
        ("sermon-1", ["ROMANS 8:28 all things work together", "for good to them that love God", "Jn 3:16 for God so loved"]),
        ("sermon-2", ["Grace is a gift", "faith hope and love", "note book for the weekend"]),
        ("psalm", ["Ps 119:105 a lamp unto my feet", "and a light unto my path"]),
        ("notas", ["Jesús es la luz del mundo", "Juan 3:16 porque de tal manera", "Straße für Gnade"]),
        ("prayer", ["PRAYER LIST", "Anna and Peter", "the church in Corinth", "1 Cor 13:4-7 love is patient"]),
    ]

    static let queries: [(text: String, fullWordsOnly: Bool, caseMatchingOnly: Bool)] = [
        ("grace", false, false), ("Grace", false, true), ("gra", false, false), ("gra", true, false),
        ("love", false, false), ("loved", true, false), ("lave", false, false), ("arnazing", false, false),
        ("sweet the sound", false, false), ("God so loved", false, false), ("lamp unto", false, false),
        ("John 3:16", false, false), ("Romans 8", false, false), ("Psalm 119", false, false), ("1 Corinthians 13:5", false, false),
        ("notebook", false, false), ("weekend", true, false), ("jesus", false, false), ("strasse", false, false),
        ("PRAYER", false, true), ("prayer list", false, false), ("Corinth", false, false), ("peter", false, false),
        ("the", false, false), ("a", false, false), ("zzzz", false, false), ("", false, false),
    ]

    private func filled(_ library: NoteLibrary) async throws {
        for (number, note) in Self.notes.enumerated() {
            try await library.add(TranscribedInk.page(note.lines, id: note.id, seed: UInt64(number + 3), strokeIdentity: .byLine),
                                  id: note.id, title: note.id.capitalized, created: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)))
        }
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: MisreadingRecognizer())).run()
    }

    private func pair() async throws -> (sqlite: NoteLibrary, postgres: NoteLibrary, cleanup: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sqlite = try NoteLibrary(path: folder.appendingPathComponent("notes.sqlite").path)
        let cluster = try #require(PostgresTestCluster.shared)
        let postgres = try PostgresLibrary.open(cluster.connectionString(database: try cluster.createDatabase()))
        try await filled(sqlite)
        try await filled(postgres)
        return (sqlite, postgres, { try? FileManager.default.removeItem(at: folder) })
    }

    @Test func everyQueryGivesTheSameHitsInTheSameOrderWithTheSameScores() async throws {
        let (sqlite, postgres, cleanup) = try await pair()
        defer { cleanup() }
        var compared = 0
        for query in Self.queries {
            for filter in [SearchFilter(), .inMargin, .inBody] {
                let a = try await sqlite.search(query.text, fullWordsOnly: query.fullWordsOnly, caseMatchingOnly: query.caseMatchingOnly, filter: filter)
                let b = try await postgres.search(query.text, fullWordsOnly: query.fullWordsOnly, caseMatchingOnly: query.caseMatchingOnly, filter: filter)
                #expect(a == b, "'\(query.text)' (filter \(filter.rawValue)): SQLite \(a.map { "\($0.noteID) \($0.reading) \($0.score)" }), PostgreSQL \(b.map { "\($0.noteID) \($0.reading) \($0.score)" })")
                compared += a.count
            }
            let linkedA = try await sqlite.linked(to: query.text)
            let linkedB = try await postgres.linked(to: query.text)
            #expect(linkedA == linkedB, "linked to '\(query.text)'")
        }
        // The corpus exercises search: most queries find something.
        #expect(compared > 60)
    }

    @Test func recordsWordsAndMaintenanceAgree() async throws {
        let (sqlite, postgres, cleanup) = try await pair()
        defer { cleanup() }
        #expect(try await sqlite.notes().map(\.id) == postgres.notes().map(\.id))
        for note in Self.notes {
            #expect(try await sqlite.drawingBytes(id: note.id) == postgres.drawingBytes(id: note.id))
            #expect(try await sqlite.words(noteID: note.id) == postgres.words(noteID: note.id))
            let region = CGRect(x: 0, y: 0, width: 400, height: 150)
            #expect(try await sqlite.words(noteID: note.id, in: region) == postgres.words(noteID: note.id, in: region))
            let a = try await sqlite.note(id: note.id), b = try await postgres.note(id: note.id)
            #expect(a.title == b.title && a.created == b.created && a.revision == b.revision && a.recognitionVersion == b.recognitionVersion)
        }
        let statsA = try await sqlite.stats(currentVersion: 2), statsB = try await postgres.stats(currentVersion: 2)
        #expect(statsA.notes == statsB.notes && statsA.words == statsB.words && statsA.lines == statsB.lines
                && statsA.terms == statsB.terms && statsA.drawingBytes == statsB.drawingBytes && statsA.outdatedNotes == statsB.outdatedNotes)
        #expect(statsB.fileBytes > 0)
        #expect(try await postgres.check().problems.isEmpty)
        #expect(try await sqlite.vocabularyWords().map(\.word) == postgres.vocabularyWords().map(\.word))
    }

    @Test func revisionsAndDeletesBehaveAlike() async throws {
        let (sqlite, postgres, cleanup) = try await pair()
        defer { cleanup() }
        for library in [sqlite, postgres] {
            let page = TranscribedInk.page(["grace upon grace"], id: "hymn", seed: 9, strokeIdentity: .byLine)
            try await library.save(page, id: "hymn", ifRevision: 1)
            #expect(try await library.revision(id: "hymn") == 2)
            await #expect(throws: LibraryError.staleRevision(id: "hymn", expected: 1, current: 2)) {
                try await library.save(page, id: "hymn", ifRevision: 1)
            }
            await #expect(throws: LibraryError.duplicateNote("psalm")) { try await library.add(page, id: "psalm") }
            try await library.delete(id: "psalm")
            await #expect(throws: LibraryError.noteNotFound("psalm")) { try await library.drawing(id: "psalm") }
            try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: MisreadingRecognizer())).run()
        }
        for query in ["grace", "lamp", "upon grace"] {
            #expect(try await sqlite.search(query).map(\.noteID) == postgres.search(query).map(\.noteID))
        }
        #expect(try await postgres.search("lamp").isEmpty)
    }
}

/// Reads transcripts (`TranscriptRecognizer`) and adds, for each word, its fixed misreadings
/// (`BenchmarkText.misreadings`) as less likely candidates of the line: fuzzy and alternative
/// readings for search to rank.
struct MisreadingRecognizer: LineRecognizing {
    let recognitionVersion = 1

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        var result = try TranscriptRecognizer(recognitionVersion: recognitionVersion).recognize(strokes, maxCandidates: maxCandidates)
        guard let best = result.best else { return result }
        let words = best.text.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            for (k, misread) in BenchmarkText.misreadings(of: word).enumerated() where misread.count == word.count {
                var replaced = words
                replaced[index] = misread
                result.candidates.append(RecognitionCandidate(text: replaced.joined(separator: " "),
                                                              logProbability: -0.7 - 0.9 * Double(k) - 0.05 * Double(index),
                                                              characterStrokeIDs: best.characterStrokeIDs))
            }
        }
        return result
    }
}
