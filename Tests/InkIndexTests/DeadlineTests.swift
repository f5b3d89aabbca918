import Foundation
import Testing
@testable import InkIndex
import InkTools

@Suite struct DeadlineTests {
    @Test func workWithinTheLimitReturnsItsValue() async throws {
        let clock = VirtualClock()
        #expect(try await Deadline.run(within: .seconds(5), clock: clock) { 42 } == 42)
    }

    @Test func pastTheLimitTheCallerIsAnsweredAndTheWorkCancelled() async throws {
        let clock = VirtualClock()
        let cancelled = AsyncFlag()
        let run = Task {
            try await Deadline.run(within: .seconds(5), clock: clock) {
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
                cancelled.set()
                return 0
            }
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await #expect(throws: Deadline.Exceeded(limit: .seconds(5))) { try await run.value }
        try await cancelled.wait()
    }

    @Test func cancellingTheCallerCancelsTheWork() async throws {
        let clock = VirtualClock()
        let cancelled = AsyncFlag()
        let run = Task {
            try await Deadline.run(within: .seconds(60), clock: clock) {
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
                cancelled.set()
                return 0
            }
        }
        await clock.waitForSleepers(1)
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        try await cancelled.wait()
    }

    /// A reindex gives each note the deadline: the one that stalls is marked, the others are
    /// indexed, and the marked note is not tried again until its drawing changes.
    @Test func aReindexMarksTheNoteItCannotFinishAndGoesOn() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["grace and peace"], id: "ok"), id: "ok")
        try await library.add(transcribedPage(["endless hatching"], id: "slow"), id: "slow")
        let clock = VirtualClock()
        let stalling = StallingRecognizer(stallsOn: "hatching")
        let rebuilder = LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: stalling), concurrency: 2,
                                         noteDeadline: .seconds(20), clock: clock)
        let run = Task { try await rebuilder.run() }
        // The good note finishes; then time moves on until the slow one is given up. Time is
        // advanced again and again, since the slow note's timer may start sleeping only after an
        // advance (a loaded machine, the whole suite at once): each advance fires the sleepers
        // then due. Two minutes of real time at most.
        for _ in 0..<24_000 where try await library.indexState(noteID: "ok") == nil { try await Task.sleep(for: .milliseconds(5)) }
        for _ in 0..<24_000 where stalling.cancellations == 0 {
            clock.advance(by: .seconds(20))
            try await Task.sleep(for: .milliseconds(5))
        }
        let report = try await run.value
        #expect(report.timedOut == ["slow"])
        #expect(report.failures.isEmpty)
        #expect(try await library.search("grace").map(\.noteID) == ["ok"])
        #expect(try await library.indexProblems().map(\.noteID) == ["slow"])
        #expect(try await library.notesToIndex(version: 5).isEmpty, "a marked note waits for a change")
        #expect(try await library.notesToIndex(version: 5, force: true).contains("slow"))
        #expect(try await library.check().problems.contains { $0.contains("'slow' could not be indexed") })
        #expect(stalling.cancellations == 1, "the stalled recognition was cancelled, not left running")

        // A changed drawing is tried again; indexing it clears the mark.
        try await library.save(transcribedPage(["short now"], id: "slow"), id: "slow")
        #expect(try await library.notesToIndex(version: 5) == ["slow"])
        try await library.index(noteID: "slow", using: NoteIndexer(recognizer: TranscriptRecognizer(recognitionVersion: 5)))
        #expect(try await library.indexProblems().isEmpty)
    }

    /// A note one model could not read waits for that model's next version, not for another
    /// model's: schema 11 keeps the model with the problem.
    @Test func aProblemOfOneModelDoesNotKeepAnotherFromTrying() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await library.add(transcribedPage(["endless hatching"], id: "slow"), id: "slow")
        try await library.markIndexProblem(noteID: "slow", reason: "over the deadline", recognitionVersion: 24, recognitionModel: "research")
        #expect(try await library.indexProblems().map(\.recognitionModel) == ["research"])
        #expect(try await library.notesToIndex(version: 24, model: "research").isEmpty)
        #expect(try await library.notesToIndex(version: 25, model: "research") == ["slow"])
        #expect(try await library.notesToIndex(version: 23, model: "open") == ["slow"], "another model tries it")
        #expect(try await library.notesToIndex(version: 23).isEmpty, "a recognizer that names no model compares versions only")
        // A problem recorded without a model (as before schema 11) holds every model back.
        try await library.markIndexProblem(noteID: "slow", reason: "over the deadline", recognitionVersion: 24)
        #expect(try await library.notesToIndex(version: 23, model: "open").isEmpty)
    }
}

/// Set once, awaited by tests (a minute at most).
final class AsyncFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    func wait() async throws {
        for _ in 0..<12_000 where !lock.withLock({ isSet }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(lock.withLock { isSet })
    }
}
