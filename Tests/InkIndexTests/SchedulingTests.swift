import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

/// Counts the notes it is asked to index; optionally "recognizes" for a long virtual time.
private final class CountingWork: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    let clock: VirtualClock
    let duration: Duration?

    init(clock: VirtualClock, duration: Duration? = nil) {
        self.clock = clock
        self.duration = duration
    }

    var noteIDs: [String] { lock.withLock { calls } }

    func run(_ noteID: String) async throws -> Bool {
        lock.withLock { calls.append(noteID) }
        if let duration { try await clock.sleep(for: duration) }
        return true
    }
}

@Suite struct SchedulingTests {
    @Test func recognizesOnlyOnceThePenHasBeenIdle() async throws {
        let clock = VirtualClock()
        let work = CountingWork(clock: clock)
        let scheduler = RecognitionScheduler(clock: clock) { try await work.run($0) }
        var events = scheduler.events.makeAsyncIterator()
        // Strokes every 0.5 s for 3 s: no recognition while writing.
        for _ in 0..<6 {
            await scheduler.drawingChanged(noteID: "n")
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(500))
        }
        #expect(work.noteIDs.isEmpty)
        clock.advance(by: .milliseconds(1499))
        #expect(work.noteIDs.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(await events.next() == .indexed(noteID: "n"))
        #expect(work.noteIDs == ["n"])
        #expect(await scheduler.pendingNoteIDs.isEmpty)
    }

    @Test func theIdleIntervalIsConfigurable() async throws {
        let clock = VirtualClock()
        let work = CountingWork(clock: clock)
        let scheduler = RecognitionScheduler(idleInterval: .seconds(5), clock: clock) { try await work.run($0) }
        var events = scheduler.events.makeAsyncIterator()
        await scheduler.drawingChanged(noteID: "n")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        #expect(work.noteIDs.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(await events.next() == .indexed(noteID: "n"))
    }

    @Test func closingANoteRecognizesItAtOnce() async throws {
        let clock = VirtualClock()
        let work = CountingWork(clock: clock)
        let scheduler = RecognitionScheduler(clock: clock) { try await work.run($0) }
        var events = scheduler.events.makeAsyncIterator()
        await scheduler.drawingChanged(noteID: "a")
        await scheduler.drawingChanged(noteID: "b")
        await scheduler.noteClosed(noteID: "a")
        #expect(await events.next() == .indexed(noteID: "a"))
        #expect(work.noteIDs == ["a"])
        // Closing a note without pending edits does nothing.
        await scheduler.noteClosed(noteID: "a")
        await scheduler.waitUntilIdle()
        #expect(work.noteIDs == ["a"])
        #expect(await scheduler.pendingNoteIDs == ["b"])
    }

    @Test func anEditCancelsStaleRecognition() async throws {
        let clock = VirtualClock()
        let work = CountingWork(clock: clock, duration: .seconds(10))
        let scheduler = RecognitionScheduler(clock: clock) { try await work.run($0) }
        var events = scheduler.events.makeAsyncIterator()
        await scheduler.drawingChanged(noteID: "n")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        await clock.waitForSleepers(1)  // recognition is under way
        #expect(work.noteIDs == ["n"])
        await scheduler.drawingChanged(noteID: "n")
        #expect(await events.next() == .cancelled(noteID: "n"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        #expect(await events.next() == .indexed(noteID: "n"))
        #expect(work.noteIDs == ["n", "n"])
    }

    @Test func onlyChangedLinesAreRecognizedAgain() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = VirtualClock()
        let recognizer = TranscriptScriptedRecognizer()
        let scheduler = RecognitionScheduler(library: library, recognizer: recognizer, clock: clock)
        var events = scheduler.events.makeAsyncIterator()
        var drawing = transcribedPage(["first line here", "second line", "third line"], id: "n")
        try await library.save(drawing, id: "n")
        await scheduler.drawingChanged(noteID: "n")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        #expect(await events.next() == .indexed(noteID: "n"))
        let linesBefore = Set(PageSegmenter().layout(of: drawing).lines.map { Set($0.strokeIDs) })
        let callsBefore = recognizer.callCount
        #expect(callsBefore == linesBefore.count)

        // Add a word at the end of the second line.
        let added = TranscribedInk(seed: 9).line("again", origin: CGPoint(x: 900, y: 200), idPrefix: "added")
        drawing.strokes += added
        try await library.save(drawing, id: "n")
        await scheduler.drawingChanged(noteID: "n")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        #expect(await events.next() == .indexed(noteID: "n"))
        // Only the lines whose strokes changed (the one the word joined, and any the layout
        // formed from its strokes) are recognized again.
        let changed = PageSegmenter().layout(of: drawing).lines.filter { !linesBefore.contains(Set($0.strokeIDs)) }
        #expect(!changed.isEmpty && changed.count < linesBefore.count)
        #expect(recognizer.callCount == callsBefore + changed.count)
        #expect(Set(recognizer.recognizedLines.suffix(changed.count).joined()).isSuperset(of: added.map(\.id)))
        #expect(try await library.search("again").map(\.noteID) == ["n"])
        #expect(try await library.drawing(id: "n") == drawing)
        // The library holds what the note's own StrokeRecognizer reads.
        let own = StrokeRecognizer(recognizer: TranscriptScriptedRecognizer())
        await own.updateDrawing(drawing)
        #expect(try await library.words(noteID: "n") == (await own.wordTokens))
    }
}
