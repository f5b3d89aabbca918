import Foundation
import Testing
@testable import InkIndex
import InkTools

/// A connection that counts the statements run through it. On PostgreSQL every statement is a
/// round trip to the database server, so what a search costs there is mostly how many it runs.
/// (The library's actor runs every statement; the test reads the count between searches.)
final class CountingConnection: SQLConnection, @unchecked Sendable {
    private let base: Database
    private let lock = NSLock()
    private var count = 0
    var statements: Int { lock.withLock { count } }
    private func counted() { lock.withLock { count += 1 } }

    init(_ base: Database) { self.base = base }

    var dialect: SQLDialect { base.dialect }
    func execute(_ sql: String, _ bindings: [SQLValue]) throws {
        counted()
        try base.execute(sql, bindings)
    }
    func insertReturningID(_ sql: String, _ bindings: [SQLValue]) throws -> Int64 {
        counted()
        return try base.insertReturningID(sql, bindings)
    }
    func forEachRow(_ sql: String, _ bindings: [SQLValue], _ body: (any SQLRow) throws -> Void) throws {
        counted()
        try base.forEachRow(sql, bindings, body)
    }
    func transaction<T>(_ kind: SQLTransactionKind, synchronous: SQLSynchronous?, _ body: () throws -> T) throws -> T {
        try base.transaction(kind, synchronous: synchronous, body)
    }
    func structuralProblems() throws -> [String] { try base.structuralProblems() }
    func storedBytes() throws -> Int { try base.storedBytes() }
    func rebuildIndexes() throws { try base.rebuildIndexes() }
}

/// How many statements a search runs does not grow with its hits: candidates, their words and
/// their relations are each read for a whole batch at once.
@Suite struct LibraryStatementTests {
    /// A library of `notes` notes "grace and peace / see Rom 5:1", an arrow from "grace" to
    /// "peace" in each, opened a second time through a counting connection.
    static func library(notes: Int) async throws -> (NoteLibrary, CountingConnection, URL) {
        let (library, directory) = try makeTemporaryLibrary()
        for n in 0..<notes {
            let id = "n\(n)"
            let drawing = transcribedPage(["grace and peace", "see Rom 5:1"], id: id)
            try await library.add(drawing, id: id)
            let words = try await NoteIndexer(recognizer: TranscriptRecognizer()).index(drawing).words
            var markup = PageMarkup(plain: words.count)
            markup.links = [PageMarkup.Link(kind: .points, mark: PageMarkup.Mark(kind: .arrow, id: 0), ends: [
                PageMarkup.End(role: .from, tokens: [0], strokeIDs: words[0].strokeIDs),
                PageMarkup.End(role: .to, tokens: [2], strokeIDs: words[2].strokeIDs),
            ])]
            let (_, checksum) = try await library.indexTarget(noteID: id)
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words, markup: markup),
                                          noteID: id, drawingChecksum: checksum)
        }
        let counting = CountingConnection(try Database(path: library.path))
        return (NoteLibrary(connection: counting, location: library.path), counting, directory)
    }

    /// The statements of one search, after a first search of the same query (which also counts
    /// the postings of its keys, once a connection).
    static func statements(_ query: String, notes: Int) async throws -> (count: Int, hits: Int) {
        let (library, counting, directory) = try await Self.library(notes: notes)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await library.search(query, limit: 50)
        let before = counting.statements
        let hits = try await library.search(query, limit: 50)
        return (counting.statements - before, hits.count)
    }

    @Test(arguments: ["grace", "grac", "grace and", "Rom 5:1"])
    func aSearchRunsAsManyStatementsForFortyHitsAsForFour(_ query: String) async throws {
        let few = try await Self.statements(query, notes: 4)
        let many = try await Self.statements(query, notes: 40)
        #expect(few.hits == 4 && many.hits == 40)
        #expect(many.count <= few.count + 1, "\(query): \(few.count) statements for 4 hits, \(many.count) for 40")
        #expect(many.count <= 16, "\(query): \(many.count) statements")
    }

    /// Indexing a note runs a few statements a word, however many readings and keys it has.
    @Test func committingAnIndexRunsAFewStatementsAWord() async throws {
        let (library, counting, directory) = try await Self.library(notes: 1)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = ["grace and peace to you", "from God our Father and the Lord"]
        let recognizer = TranscriptScriptedRecognizer(alternatives: ["grace": [("Grace", -0.5), ("groce", -1)], "peace": [("place", -1)]])
        try await library.add(transcribedPage(lines, id: "new"), id: "new")
        let words = try await NoteIndexer(recognizer: recognizer).index(transcribedPage(lines, id: "new")).words
        let (_, checksum) = try await library.indexTarget(noteID: "new")
        let before = counting.statements
        try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words), noteID: "new", drawingChecksum: checksum)
        let statements = counting.statements - before
        #expect(statements <= 3 * words.count + 2 * 12 + 16, "\(statements) statements for \(words.count) words")
        #expect(try await library.search("groce").map(\.noteID) == ["new"])
    }
}
