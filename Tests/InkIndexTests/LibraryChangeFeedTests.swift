import Foundation
import Testing
@testable import InkIndex
import InkTestSupport
import InkTools

/// The change feed a device syncs from: every write and every change of a note's index, in
/// order, each note once at its latest change, deletions as tombstones until pruned.
@Suite struct LibraryChangeFeedTests {
    private func page(_ words: String) -> Drawing {
        TranscribedInk.page([words], id: words, seed: 1, strokeIdentity: .byLine)
    }

    @Test func writesAndIndexingEnterTheFeedInOrderEachNoteOnce() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await library.changes(since: 0).changes.isEmpty)
        #expect(try await library.latestChangePosition() == 0)

        try await library.add(page("grace"), id: "a", title: "A")
        try await library.add(page("faith"), id: "b", title: "B")
        let afterAdds = try await library.changes(since: 0)
        #expect(afterAdds.changes.map(\.noteID) == ["a", "b"])
        #expect(afterAdds.changes.map(\.kind) == [.created, .created])
        #expect(afterAdds.changes.map(\.revision) == [1, 1] && afterAdds.changes.allSatisfy { $0.recognitionVersion == nil })
        let cursor = afterAdds.next

        // An edit, a first index, a delete: each note once, at its latest change.
        try await library.save(page("grace upon grace"), id: "a")
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run()
        try await library.delete(id: "b")
        let since = try await library.changes(since: cursor)
        #expect(since.changes.map(\.noteID) == ["a", "b"])
        #expect(since.changes.map(\.kind) == [.indexed, .deleted])
        #expect(since.changes[0].revision == 2 && since.changes[0].recognitionVersion != nil)
        #expect(since.changes[1].revision == 1 && since.changes[1].recognitionVersion == nil)
        #expect(since.changes.map(\.position) == since.changes.map(\.position).sorted())
        #expect(since.next == since.changes.last?.position && !since.hasMore)

        // Indexed again: reindexed. Nothing new after the last cursor: an empty page, the same cursor.
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run(force: true)
        let reindexed = try await library.changes(since: since.next)
        #expect(reindexed.changes.map(\.kind) == [.reindexed])
        let quiet = try await library.changes(since: reindexed.next)
        #expect(quiet.changes.isEmpty && quiet.next == reindexed.next)
        #expect(try await library.latestChangePosition() == reindexed.next)
    }

    @Test func pagesAreCutAtTheLimitAndFollowOn() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        for n in 0..<7 { try await library.add(page("note \(n)"), id: "n\(n)") }
        var seen: [String] = []
        var cursor: Int64 = 0
        var pages = 0
        repeat {
            let page = try await library.changes(since: cursor, limit: 3)
            seen += page.changes.map(\.noteID)
            cursor = page.next
            pages += 1
            if !page.hasMore { break }
        } while pages < 10
        #expect(seen == (0..<7).map { "n\($0)" })
        #expect(pages == 3)
    }

    @Test func prunedTombstonesAskOldCursorsToResync() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(page("one"), id: "one")
        let early = try await library.changes(since: 0).next
        try await library.add(page("two"), id: "two")
        try await library.delete(id: "one", at: Date(timeIntervalSince1970: 1_000))
        try await library.delete(id: "two", at: Date())
        let beforePrune = try await library.changes(since: early)
        #expect(beforePrune.changes.map(\.kind) == [.deleted, .deleted])

        #expect(try await library.pruneTombstones(before: Date(timeIntervalSince1970: 2_000)) == 1)
        // A device that last looked before the pruned deletion may have missed it.
        await #expect(throws: LibraryError.self) { try await library.changes(since: early) }
        do {
            _ = try await library.changes(since: early)
        } catch let LibraryError.resyncRequired(cursor, oldestKept) {
            #expect(cursor == early && oldestKept > early)
        }
        // From 0, a device lists everything again: the tombstone still kept.
        let fresh = try await library.changes(since: 0)
        #expect(fresh.changes.map(\.noteID) == ["two"] && fresh.changes[0].kind == .deleted)
        // A cursor after the pruned tombstone is fine.
        #expect(try await library.changes(since: fresh.next).changes.isEmpty)
    }

    @Test func notesOfAnOlderSchemaEnterTheFeedAsCreated() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(page("first"), id: "first", created: Date(timeIntervalSince1970: 100))
        try await library.add(page("second"), id: "second", created: Date(timeIntervalSince1970: 50))
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run()
        // Back to schema 9, as a file written before the feed.
        let db = try Database(path: library.path)
        try db.execute(LibraryModelTests.version10Undone)
        try db.setUserVersion(9)
        let reopened = try NoteLibrary(path: library.path)
        let feed = try await reopened.changes(since: 0).changes
        #expect(feed.map(\.noteID) == ["second", "first"], "oldest first")
        #expect(feed.allSatisfy { $0.kind == .created && $0.recognitionVersion == 1 })
    }

    @Test func aFolderImportAndItsRemovalsAreInTheFeed() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.importFile(identity: "week1.xopp", contentHash: 1,
                                     pages: [("p1", "week1, page 1", page("one")), ("p2", "week1, page 2", page("two"))])
        let cursor = try await library.changes(since: 0).next
        try await library.importFile(identity: "week1.xopp", contentHash: 2, pages: [("p1", "week1, page 1", page("one more"))])
        let changes = try await library.changes(since: cursor).changes
        #expect(changes.map(\.noteID) == ["p1", "p2"] && changes.map(\.kind) == [.updated, .deleted])
    }
}
