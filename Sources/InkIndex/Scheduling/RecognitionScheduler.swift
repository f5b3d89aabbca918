import Foundation

/// Decides when notes are recognized: when the pen has been idle on a note for `idleInterval`
/// (default 2 s) or when the note closes, never on every stroke.
///
/// Each edit restarts the note's idle timer and cancels recognition still running for an older
/// drawing (stale work). The work itself reads the note's latest saved drawing, so the caller
/// saves the record first and then reports the edit. A note being edited keeps its
/// `StrokeRecognizer` until it closes, so each recognition redoes only the lines that changed.
///
/// ```swift
/// let scheduler = RecognitionScheduler(library: library, recognizer: try ShippedRecognizer.loadForIndexing())
/// try await library.save(drawing, id: "n")      // the record, at once
/// await scheduler.drawingChanged(noteID: "n")   // recognition, once the pen rests
/// await scheduler.noteClosed(noteID: "n")       // or now, when the note closes
/// ```
public actor RecognitionScheduler {
    public enum Event: Sendable, Hashable {
        /// The note's index was committed.
        case indexed(noteID: String)
        /// The drawing changed during recognition; nothing was committed.
        case stale(noteID: String)
        /// Recognition was cancelled by a newer edit.
        case cancelled(noteID: String)
        case failed(noteID: String, reason: String)
    }

    /// Indexes one note; returns whether the index was committed (false: the drawing changed).
    public typealias Work = @Sendable (_ noteID: String) async throws -> Bool

    public nonisolated let idleInterval: Duration
    /// Everything the scheduler did, in order (for tests, logs and progress displays).
    public nonisolated let events: AsyncStream<Event>
    private let eventSink: AsyncStream<Event>.Continuation
    private let makeTimer: @Sendable (Duration) -> @Sendable () async throws -> Void
    private let work: Work
    private var generation: [String: Int] = [:]
    private var timers: [String: Task<Void, Never>] = [:]
    private var running: [String: (generation: Int, task: Task<Void, Never>)] = [:]
    private var closed: Set<String> = []
    private let sessionEnder: (@Sendable (String) async -> Void)?

    public init(idleInterval: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock(), work: @escaping Work) {
        self.init(idleInterval: idleInterval, clock: clock, work: work, onClose: nil)
    }

    /// - Parameter onClose: called once a closed note has no recognition pending or running.
    init(idleInterval: Duration, clock: any Clock<Duration>, work: @escaping Work, onClose: (@Sendable (String) async -> Void)?) {
        self.idleInterval = idleInterval
        self.work = work
        sessionEnder = onClose
        makeTimer = Self.timerFactory(clock)
        (events, eventSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1024))
    }

    /// Schedules indexing into `library`: each note being edited is recognized incrementally by
    /// its own `StrokeRecognizer`, dropped when the note closes.
    public init(library: NoteLibrary, recognizer: any LineRecognizing, maxCandidates: Int = 8,
                idleInterval: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock()) {
        let sessions = EditingSessions(recognizer: recognizer, maxCandidates: maxCandidates)
        self.init(idleInterval: idleInterval, clock: clock, work: { noteID in
            let (drawing, checksum) = try await library.indexTarget(noteID: noteID)
            let index: NoteIndex
            do {
                index = try await NoteIndexer.index(drawing, with: await sessions.recognizer(for: noteID))
            } catch {
                await sessions.end(noteID)  // start afresh next time rather than keep a failed state
                throw error
            }
            try Task.checkCancellation()
            return try await library.commitIndex(index, noteID: noteID, drawingChecksum: checksum)
        }, onClose: { await sessions.end($0) })
    }

    // The deadline is taken now, at the edit, not when the timer task first runs.
    private static func timerFactory<C: Clock<Duration>>(_ clock: C) -> @Sendable (Duration) -> @Sendable () async throws -> Void {
        { interval in
            let deadline = clock.now.advanced(by: interval)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
    }

    /// The pen touched the note (a stroke was added, erased or moved): restart its idle timer
    /// and cancel any recognition of an older drawing.
    public func drawingChanged(noteID: String) {
        let current = bump(noteID)
        let sleep = makeTimer(idleInterval)
        timers[noteID] = Task { [weak self] in
            do { try await sleep() } catch { return }
            await self?.start(noteID, generation: current)
        }
    }

    /// The note was closed: recognize its pending changes now.
    public func noteClosed(noteID: String) {
        closed.insert(noteID)
        if let timer = timers.removeValue(forKey: noteID) {
            timer.cancel()
            start(noteID, generation: generation[noteID, default: 0])
        } else if running[noteID] == nil {
            endSession(noteID)
        }
    }

    /// Waits for recognition that has started to finish (pending idle timers are not waited for).
    public func waitUntilIdle() async {
        while let (_, entry) = running.first { await entry.task.value }
    }

    /// Notes with an edit not yet recognized or being recognized.
    public var pendingNoteIDs: Set<String> { Set(timers.keys).union(running.keys) }

    private func endSession(_ noteID: String) {
        closed.remove(noteID)
        if let sessionEnder { Task { await sessionEnder(noteID) } }
    }

    private func bump(_ noteID: String) -> Int {
        closed.remove(noteID)
        timers.removeValue(forKey: noteID)?.cancel()
        running.removeValue(forKey: noteID)?.task.cancel()
        generation[noteID, default: 0] += 1
        return generation[noteID]!
    }

    private func start(_ noteID: String, generation current: Int) {
        guard generation[noteID] == current else { return }
        timers[noteID] = nil
        let work = self.work
        let task = Task { [weak self] in
            let outcome: Event
            do {
                outcome = try await work(noteID) ? .indexed(noteID: noteID) : .stale(noteID: noteID)
            } catch is CancellationError {
                outcome = .cancelled(noteID: noteID)
            } catch {
                outcome = Task.isCancelled ? .cancelled(noteID: noteID) : .failed(noteID: noteID, reason: "\(error)")
            }
            await self?.finish(noteID, generation: current, outcome)
        }
        running[noteID] = (current, task)
    }

    private func finish(_ noteID: String, generation current: Int, _ outcome: Event) {
        if running[noteID]?.generation == current {
            running[noteID] = nil
            if closed.contains(noteID), timers[noteID] == nil { endSession(noteID) }
        }
        eventSink.yield(outcome)
    }
}
