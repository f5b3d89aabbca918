import Foundation
import InkIndex
import InkTestSupport
import Testing
@testable import inkindex

/// `library watch`: changes are acted on once the folder is quiet (virtual time), and a running
/// watch follows a notebook changed, replaced by rename and deleted (the built binary, inotify).
@Suite struct LibraryWatchTests {
    /// The settles a debouncer ran, counted.
    actor Count {
        var value = 0
        func add() { value += 1 }
    }

    /// Yields until `condition` holds (bounded, so a failure fails rather than hangs).
    static func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
        for _ in 0..<100_000 {
            if await condition() { return true }
            await Task.yield()
        }
        return false
    }

    @Test func aBurstOfWritesIsSyncedOnceAfterTheFolderIsQuiet() async {
        let clock = VirtualClock(), count = Count()
        let debouncer = ChangeDebouncer(quiet: .seconds(1), clock: clock) { await count.add() }
        await debouncer.changed()
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(600))
        await debouncer.changed() // still being written: the wait starts again
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(900))
        for _ in 0..<1_000 { await Task.yield() }
        #expect(await count.value == 0, "1.5 s after the first write, 0.9 s after the last: not yet")
        clock.advance(by: .milliseconds(200))
        #expect(await Self.eventually { await count.value == 1 })

        // A second burst is a second sync.
        await debouncer.changed()
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(await Self.eventually { await count.value == 2 })
        #expect(await debouncer.settled == 2)
    }

    @Test(.enabled(if: Binary.url != nil && FileManager.default.fileExists(atPath: "/proc/sys/fs/inotify")))
    func aRunningWatchFollowsChangesRenamesAndDeletions() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-watch-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Notebooks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let romans = folder.appendingPathComponent("Romans.xopp"), psalms = folder.appendingPathComponent("Psalms.xopp")
        try Data(LibrarySyncCLITests.notebook(["10 10 20 12 30 15"]).utf8).write(to: romans)
        try Data(LibrarySyncCLITests.notebook(["1 1 8 8"]).utf8).write(to: psalms)
        let db = root.appendingPathComponent("library.sqlite").path

        let watch = Process()
        watch.executableURL = Binary.url
        watch.arguments = ["library", "--db", db, "watch", folder.path, "--debounce", "0.2", "--no-index"]
        let output = Pipe()
        watch.standardOutput = output
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { if watch.isRunning { watch.terminate() } }

        /// The titles in the library once `expected` holds, within 15 s.
        func titles(becoming expected: @escaping ([String]) -> Bool) async throws -> [String] {
            var titles: [String] = []
            for _ in 0..<150 {
                let list = try Binary.run(["library", "--db", db, "list"])
                titles = list.stdout.split(separator: "\n").map { String($0.split(separator: "\t").last ?? "") }.sorted()
                if expected(titles) { return titles }
                try await Task.sleep(for: .milliseconds(100))
            }
            return titles
        }
        #expect(try await titles { $0 == ["Psalms.xopp", "Romans.xopp"] } == ["Psalms.xopp", "Romans.xopp"])

        // A page added to a notebook, saved in place.
        try Data(LibrarySyncCLITests.notebook(["10 10 20 12 30 15", "5 5 9 9"]).utf8).write(to: romans)
        // (A page whose ink did not change keeps its note and title, as `library sync` does.)
        let afterEdit = try await titles { $0.count == 3 }
        #expect(afterEdit == ["Psalms.xopp", "Romans.xopp", "Romans.xopp, page 2"], "\(afterEdit)")

        // Replaced by rename, as apps save: written beside, then moved over the old file.
        let temporary = folder.appendingPathComponent(".Psalms.xopp.tmp")
        try Data(LibrarySyncCLITests.notebook(["1 1 8 8", "2 2 4 4", "3 3 6 6"]).utf8).write(to: temporary)
        #expect(rename(temporary.path, psalms.path) == 0)
        #expect(try await titles { $0.count == 5 }.filter { $0.hasPrefix("Psalms") }.count == 3)

        // Deleted.
        try FileManager.default.removeItem(at: romans)
        let afterDelete = try await titles { $0.count == 3 }
        #expect(afterDelete.count == 3 && afterDelete.allSatisfy { $0.hasPrefix("Psalms.xopp") }, "\(afterDelete)")

        watch.terminate()
        watch.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("summary: added=2 removed=0"), "\(printed)")
    }
}
