import Foundation
import Testing
@testable import InkIndex

/// The keys a connection holds in memory (`LibraryKeys`): brought up to date with the terms
/// added since, also where ids commit out of order (other servers on PostgreSQL), and started
/// over where the table was emptied and refilled (ids reused).
@Suite struct LibraryKeysTests {
    private func database() throws -> (Database, URL) {
        let (library, directory) = try makeTemporaryLibrary()
        return (try Database(path: library.path), directory)
    }

    private func add(_ id: Int64, _ key: String, to db: Database) throws {
        try db.execute("INSERT INTO terms(id, key, reading) VALUES (?, ?, ?)", [.int(id), .text(key), .text(key)])
    }

    private func found(_ keys: LibraryKeys, _ word: String, depth: Int = 1) -> [String] {
        keys.sharingVariant(with: word, depth: depth).map(\.key).sorted()
    }

    @Test func termsAddedSinceAreReadAndFuzzyKeysFound() throws {
        let (db, directory) = try database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = LibraryKeys()
        try add(1, "grace", to: db)
        try add(2, "grase", to: db)
        try keys.refresh(in: db)
        #expect(found(keys, "grace") == ["grace", "grase"])
        try add(3, "graces", to: db)
        try add(4, "peace", to: db)
        try keys.refresh(in: db)
        #expect(keys.count == 4)
        #expect(found(keys, "grace") == ["grace", "graces", "grase"])
        #expect(found(keys, "grace", depth: 0) == ["grace", "graces"])  // "graces" loses one letter to "grace"
    }

    @Test func anIdCommittedLateIsReadWhenItAppears() throws {
        let (db, directory) = try database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = LibraryKeys()
        try add(1, "faith", to: db)
        try add(3, "hope", to: db)  // 2 is still in another server's transaction
        try keys.refresh(in: db)
        #expect(keys.count == 2)
        try add(2, "love", to: db)
        try keys.refresh(in: db)
        #expect(found(keys, "love") == ["love"])
        #expect(keys.count == 3)
    }

    @Test func aTableEmptiedAndRefilledIsReadAgain() throws {
        let (db, directory) = try database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = LibraryKeys()
        try add(1, "word", to: db)
        try add(2, "light", to: db)
        try keys.refresh(in: db)
        // A repair empties the derived tables; reindexing gives the same ids to other keys.
        try db.execute("DELETE FROM terms")
        try add(1, "darkness", to: db)
        try add(2, "night", to: db)
        try keys.refresh(in: db)
        #expect(keys.count == 2)
        #expect(found(keys, "word").isEmpty)
        #expect(found(keys, "nigth", depth: 2) == ["night"])
        try db.execute("DELETE FROM terms")
        try keys.refresh(in: db)
        #expect(keys.count == 0)
    }
}
