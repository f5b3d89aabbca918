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

    /// Folders as people keep them: notebooks that are symbolic links, a link to a folder, a link
    /// back up (a loop), a broken link, other files; and a folder named through a link.
    @Test func symbolicLinksAreFollowedAndWhatIsSkippedIsSaid() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("Real"), folder = root.appendingPathComponent("Notebooks")
        let files = FileManager.default
        try files.createDirectory(at: real, withIntermediateDirectories: true)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.notebook(["10 10 20 12 30 15", "5 5 9 9"]).utf8).write(to: real.appendingPathComponent("Romans.xopp"))
        try Data(Self.notebook(["1 1 8 8"]).utf8).write(to: real.appendingPathComponent("Psalms.xopp"))
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Linked.xopp").path, withDestinationPath: real.appendingPathComponent("Psalms.xopp").path)
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("more").path, withDestinationPath: real.path)
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: folder.path)
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("gone.xopp").path, withDestinationPath: root.appendingPathComponent("nowhere").path)
        try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data().write(to: folder.appendingPathComponent("empty.xopp"))

        // Linked.xopp (1 page) and more/ (Romans 2 pages, Psalms 1 page): 4 notes.
        let added = try Binary.run(["library", "--db", root.appendingPathComponent("a.sqlite").path, "add", folder.path, "--no-index"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("added 4 notes"), "\(added.stdout)")
        #expect(added.stdout.contains("summary: added=4 removed=0 files-read=3 files-unchanged=0 files-skipped=4 files-failed=0"), "\(added.stdout)")
        for said in ["a broken link", "a link to a folder already read (a loop)", "not a format InkIndex reads", "empty"] {
            #expect(added.stderr.contains(said), "\(said): \(added.stderr)")
        }

        // The folder itself named through a link reads the same.
        let link = root.appendingPathComponent("LinkToNotebooks")
        try files.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        let throughLink = try Binary.run(["library", "--db", root.appendingPathComponent("b.sqlite").path, "add", link.path, "--no-index", "--json"])
        #expect(throughLink.status == 0, "\(throughLink.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(throughLink.stdout.utf8)) as? [String: Any])
        #expect(summary["added"] as? Int == 4 && summary["filesRead"] as? Int == 3, "\(throughLink.stdout)")
        #expect((summary["skipped"] as? [[String: String]])?.map { $0["path"] ?? "" }.sorted()
                == ["empty.xopp", "gone.xopp", "loop", "notes.txt"], "\(throughLink.stdout)")
    }

    /// A folder holding a notebook of every app read, first as copies, then as symbolic links
    /// (to files and to a tablet's folder): the same notes and pages either way.
    @Test func aFolderOfEveryFormatByCopyAndByLink() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("InkCoreTests/Fixtures")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-formats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        let copies = root.appendingPathComponent("Copies"), links = root.appendingPathComponent("Links")
        try files.createDirectory(at: copies, withIntermediateDirectories: true)
        try files.createDirectory(at: links, withIntermediateDirectories: true)
        // (fixture, pages as notes)
        let notebooks: [(String, Int)] = [
            ("Xournal/two-pages.xopp", 2), ("Remarkable/v6.rm", 1), ("Remarkable/notebook.rmdoc", 3),
            ("Remarkable/xochitl", 3 + 2 + 2), ("Rnote/rnote-0.13.0-fixed.rnote", 2), ("Saber/saber-v19.sbn2", 2),
            ("PDF/classic.pdf", 2),
        ]
        for (name, _) in notebooks {
            let source = fixtures.appendingPathComponent(name)
            try files.copyItem(at: source, to: copies.appendingPathComponent(source.lastPathComponent))
            try files.createSymbolicLink(atPath: links.appendingPathComponent(source.lastPathComponent).path, withDestinationPath: source.path)
        }
        let notes = notebooks.map(\.1).reduce(0, +)
        // A tablet folder holds three notebooks, each read through its UUID.content.
        let filesRead = notebooks.count - 1 + 3
        for folder in [copies, links] {
            let db = root.appendingPathComponent("\(folder.lastPathComponent).sqlite").path
            let added = try Binary.run(["library", "--db", db, "add", folder.path, "--no-index", "--json"])
            #expect(added.status == 0, "\(folder.lastPathComponent): \(added.stderr)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
            #expect(summary["added"] as? Int == notes, "\(folder.lastPathComponent): \(added.stdout)")
            #expect(summary["filesRead"] as? Int == filesRead && (summary["failedFiles"] as? [Any])?.isEmpty != false, "\(added.stdout)")
            let list = try Binary.run(["library", "--db", db, "list"])
            for title in ["two-pages.xopp, page 2", "v6.rm", "Sermon notes, page 3", "Old notebook, page 2",
                          "rnote-0.13.0-fixed.rnote, page 2", "saber-v19.sbn2, page 1", "classic.pdf, page 1"] {
                #expect(list.stdout.contains(title), "\(title) in \(list.stdout)")
            }
            let unchanged = try Binary.run(["library", "--db", db, "sync", folder.path, "--no-index"])
            #expect(unchanged.stdout.contains("read 0 changed files (\(filesRead) unchanged)"), "\(unchanged.stdout)")
        }
    }

    /// A notebook that cannot be read fails alone: the others are stored, the summary says so,
    /// and the exit status is 1 for a script to see; a later sync keeps the others.
    @Test func aFileThatFailsMakesTheExitStatusOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-failing-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Notebooks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(Self.notebook(["1 1 8 8"]).utf8).write(to: folder.appendingPathComponent("Good.xopp"))
        try Data("<xournal><page".utf8).write(to: folder.appendingPathComponent("Cut.xopp"))
        let db = root.appendingPathComponent("library.sqlite").path

        let added = try Binary.run(["library", "--db", db, "add", folder.path, "--no-index"])
        #expect(added.status == 1, "\(added.stdout) \(added.stderr)")
        #expect(added.stdout.contains("summary: added=1 removed=0 files-read=1 files-unchanged=0 files-skipped=0 files-failed=1"), "\(added.stdout)")
        #expect(added.stderr.contains("could not import Notebooks/Cut.xopp"), "\(added.stderr)")
        let synced = try Binary.run(["library", "--db", db, "sync", folder.path, "--no-index", "--json"])
        #expect(synced.status == 1)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any])
        #expect(summary["filesUnchanged"] as? Int == 1 && summary["removed"] as? Int == 0, "\(synced.stdout)")
        #expect((summary["failedFiles"] as? [[String: String]])?.first?["path"] == "Notebooks/Cut.xopp", "\(synced.stdout)")
        #expect(try Binary.run(["library", "--db", db, "list"]).stdout.contains("Good.xopp"))
    }
}
