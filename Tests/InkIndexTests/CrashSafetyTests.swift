import Foundation
import Testing
import InkTestSupport
@testable import InkTools
@testable import InkIndex
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `inkindex` executable next to the test bundle (swift test builds it), or nil.
enum CrashHarness {
    static let executable: URL? = BuiltExecutable.inkindex(for: "CrashSafetyTests")

    static func recognizer(version: Int) -> TranscriptRecognizer {
        // The same recognizer as `inkindex library --recognizer transcript:VERSION`.
        TranscriptRecognizer(recognitionVersion: version, alternativeLogProbability: -Double(version))
    }
}

@Suite(.enabled(if: CrashHarness.executable != nil)) struct CrashSafetyTests {
    @Test func killingAReindexMidwayLosesNoInkAndLeavesNoPartialNote() async throws {
        let clock = ContinuousClock(), start = clock.now
        let (library, directory) = try makeTemporaryLibrary("crash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let noteCount = 120
        // No references: ScriptureParser is slow in debug builds and not what is tested here.
        let lines = ["amazing grace how sweet the sound", "that saved a wretch like me", "once was lost but now am found", "was blind but now I see"]
        var drawings: [String: Drawing] = [:]
        var batch: [(id: String, title: String, drawing: Drawing)] = []
        for n in 0..<noteCount {
            let id = String(format: "note-%04d", n)
            drawings[id] = transcribedPage(lines, id: id, seed: UInt64(n))
            batch.append((id, "", drawings[id]!))
        }
        _ = try await library.add(batch)
        let recordBefore = try await Dictionary(uniqueKeysWithValues: drawings.keys.asyncMap { ($0, try await library.drawingBytes(id: $0)) })
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: CrashHarness.recognizer(version: 1)), concurrency: 1).run()

        // Reindex to version 2 in a child process and kill it once some notes are done.
        let child = Process()
        child.executableURL = CrashHarness.executable
        child.arguments = ["library", "--db", library.path, "--recognizer", "transcript:2", "--jobs", "1", "reindex"]
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        let observer = try Database(path: library.path, readOnly: true)
        var doneAtKill = 0
        for _ in 0..<4000 {
            doneAtKill = Int(try observer.scalarInt("SELECT count(*) FROM note_index WHERE recognition_version = 2") ?? 0)
            if doneAtKill >= 5 || !child.isRunning { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal, "the reindex finished before it could be killed")
        #expect(doneAtKill > 0 && doneAtKill < noteCount)

        print("CrashSafetyTests: SIGKILL after \(doneAtKill) of \(noteCount) notes were reindexed, \(clock.now - start) in")
        // Reopen: every note's record is byte-identical; each index is wholly v1 or wholly v2.
        let reopened = try NoteLibrary(path: library.path)
        let v1 = NoteIndexer(recognizer: CrashHarness.recognizer(version: 1)), v2 = NoteIndexer(recognizer: CrashHarness.recognizer(version: 2))
        var versions: [Int: Int] = [:]
        for (id, drawing) in drawings {
            #expect(try await reopened.drawingBytes(id: id) == recordBefore[id])
            let state = try #require(try await reopened.indexState(noteID: id))
            versions[state.recognitionVersion, default: 0] += 1
            let expected = try await (state.recognitionVersion == 1 ? v1 : v2).index(drawing).words
            let stored = try await reopened.words(noteID: id)
            #expect(stored.count == expected.count)
            #expect(zip(stored, expected).allSatisfy { $0.strokeIDs == $1.strokeIDs && $0.readings.map(\.text) == $1.readings.map(\.text)
                && zip($0.readings, $1.readings).allSatisfy { abs($0.probability - $1.probability) < 1e-5 } }, "note \(id) has a mixed index")
        }
        #expect(versions[2, default: 0] > 0 && versions[1, default: 0] > 0)
        #expect(try await reopened.check().isHealthy)

        // A new reindex completes the work.
        let report = try await LibraryRebuilder(library: reopened, indexer: v2, concurrency: 2).run()
        #expect(report.total == versions[1] && report.failures.isEmpty)
        #expect(try await reopened.stats().recognitionVersions == [2: noteCount])
        #expect(try await reopened.search("grace", limit: 10_000).count == noteCount)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
