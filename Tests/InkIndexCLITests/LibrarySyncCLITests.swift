import Foundation
import Testing
import InkTestSupport

/// `inkindex library add FOLDER`, then `library sync FOLDER` after one notebook changed and one
/// was deleted: the counts a user sees.
@Suite(.enabled(if: Binary.url != nil)) struct LibrarySyncCLITests {
    static func notebook(_ strokes: [String]) -> String {
        "<?xml version=\"1.0\"?><xournal fileversion=\"4\">" + strokes.map {
            "<page width=\"100\" height=\"100\"><layer><stroke tool=\"pen\" color=\"#000000ff\" width=\"1.4\">\($0)</stroke></layer></page>"
        }.joined() + "</xournal>"
    }

    @Test func addThenSyncUpdatesChangedPagesAndRemovesDeletedFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-sync-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Notebooks")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("week1"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let romans = folder.appendingPathComponent("week1/Romans.xopp"), psalms = folder.appendingPathComponent("Psalms.xopp")
        try Data(Self.notebook(["10 10 20 12 30 15", "5 5 9 9"]).utf8).write(to: romans)
        try Data(Self.notebook(["1 1 8 8"]).utf8).write(to: psalms)
        let db = root.appendingPathComponent("library.sqlite").path

        let added = try Binary.run(["library", "--db", db, "add", folder.path, "--no-index"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("added 3 notes"), "\(added.stdout)")

        let unchanged = try Binary.run(["library", "--db", db, "sync", folder.path, "--no-index"])
        #expect(unchanged.stdout.contains("read 0 changed files (2 unchanged): 0 notes new or changed, 0 removed"), "\(unchanged.stdout)")

        try Data(Self.notebook(["10 10 20 12 30 15 40 20", "5 5 9 9"]).utf8).write(to: romans)
        try FileManager.default.removeItem(at: psalms)
        let synced = try Binary.run(["library", "--db", db, "sync", folder.path, "--no-index"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("read 1 changed files (0 unchanged): 1 notes new or changed, 1 removed"), "\(synced.stdout)")
        let list = try Binary.run(["library", "--db", db, "list"])
        #expect(list.stdout.split(separator: "\n").count == 2, "\(list.stdout)")
        #expect(list.stdout.contains("Romans.xopp, page 1") && list.stdout.contains("Romans.xopp, page 2"))
    }
}
