import Foundation
import InkCore
import Testing
@testable import InkIndex
@testable import InkPostgres
import InkTestSupport
@testable import InkTools

/// `NoteLibrary.copy(to:)` between SQLite and PostgreSQL: every record arrives byte for byte and
/// back again; a copy run twice changes nothing; a note the destination holds is never changed.
@Suite(.enabled(if: PostgresTestCluster.shared != nil, Comment(rawValue: PostgresTestCluster.unavailable)))
struct LibraryCopyTests {
    private func records(_ library: NoteLibrary) async throws -> [NoteRecord] {
        try await library.records(after: "", limit: 10_000)
    }

    @Test func everyRecordGoesToPostgreSQLAndBackByteForByte() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try NoteLibrary(path: folder.appendingPathComponent("a.sqlite").path)
        for (k, id) in ["hymn", "sermon", "psalm", "Jesús’ «note» 3:16"].enumerated() {
            try await original.add(TranscribedInk.page(["grace number \(k)", "a lamp unto my feet"], id: id, seed: UInt64(k), strokeIdentity: .byLine),
                                   id: id, title: "Title \(k)", created: Date(timeIntervalSince1970: 1_700_000_000.25 + Double(k)))
        }
        try await original.save(TranscribedInk.page(["grace again"], id: "hymn", seed: 9, strokeIdentity: .byLine), id: "hymn",
                                at: Date(timeIntervalSince1970: 1_800_000_000.5))
        try await original.addVocabulary(["Nehemiah", "Corinth"])
        _ = try await original.importFile(identity: "notebooks/a.xopp", contentHash: 0xDEAD_BEEF,
                                          pages: [(id: "page-1", title: "Page 1", drawing: TranscribedInk.page(["page one"], id: "p", seed: 1, strokeIdentity: .byLine))])

        let cluster = try #require(PostgresTestCluster.shared)
        let shared = try PostgresLibrary.open(cluster.connectionString(database: try cluster.createDatabase()), library: "copied")
        let there = try await original.copy(to: shared)
        #expect(there.copied == 5 && there.alreadyThere == 0 && there.conflicting.isEmpty)
        let vocabulary = try await original.vocabularyWords()
        #expect(vocabulary.count > 2 && there.vocabularyWords == vocabulary.count && there.importedFiles == 1, "\(there)")
        #expect(try await records(shared) == records(original))
        #expect(try await shared.vocabularyWords() == original.vocabularyWords())
        #expect(try await shared.importedFiles() == original.importedFiles())
        #expect(try await shared.revision(id: "hymn") == 2)
        // Nothing is indexed by a copy: every note waits for a reader.
        #expect(try await shared.notesToIndex(version: 1).count == 5)

        let back = try NoteLibrary(path: folder.appendingPathComponent("b.sqlite").path)
        #expect(try await shared.copy(to: back).copied == 5)
        #expect(try await records(back) == records(original))
        #expect(try await back.check().problems.isEmpty)

        // Again: nothing new, nothing changed.
        let again = try await original.copy(to: shared)
        #expect(again.copied == 0 && again.alreadyThere == 5 && again.vocabularyWords == 0 && again.importedFiles == 0)

        // A note the destination holds with other contents stays as it is there, and is reported.
        try await shared.save(TranscribedInk.page(["edited there"], id: "psalm", seed: 4, strokeIdentity: .byLine), id: "psalm")
        let edited = try await shared.drawingBytes(id: "psalm")
        let conflict = try await original.copy(to: shared)
        #expect(conflict.conflicting == ["psalm"] && conflict.alreadyThere == 4)
        #expect(try await shared.drawingBytes(id: "psalm") == edited)
    }
}
