import Foundation

/// Brings a library's index up to a recognizer's version: every note indexed by an older
/// version (or never, or from a drawing that has changed since) is recognized again, oldest
/// index first. Notes are never migrated or rewritten; each note's derived rows are replaced in
/// one transaction, so searches keep using the old index of a note until its new one commits.
///
/// ```swift
/// let rebuilder = LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: recognizer))
/// let report = try await rebuilder.run { print("\($0.done)/\($0.total)") }
/// ```
public struct LibraryRebuilder: Sendable {
    public struct Progress: Sendable, Hashable {
        public var total: Int
        public var done = 0
        /// Notes whose drawing changed while they were recognized (they are picked up again).
        public var stale = 0
        /// Notes that could not be indexed, with the reason.
        public var failures: [String: String] = [:]
        /// Notes whose recognition ran past `noteDeadline` (marked with `markIndexProblem`).
        public var timedOut: [String] = []
        /// The note whose new index was committed last (as progress reports come, one a note).
        public var lastCommitted: String?
    }

    public let library: NoteLibrary
    public let indexer: NoteIndexer
    /// Notes recognized at once (recognition runs off the library's actor, one task per note).
    public var concurrency: Int
    /// How long one note's recognition may take; past it the note is marked
    /// (`NoteLibrary.markIndexProblem`), keeps its old index and the others go on. Nil: no limit.
    public var noteDeadline: Duration?
    /// The clock of `noteDeadline`.
    public var clock: any Clock<Duration>
    /// Where set, notes are claimed in batches that no other process sharing the store holds
    /// (`IndexClaims`), until none is left, instead of all read from the library at once: any
    /// number of servers and workers then share a reindex, each note read by one of them.
    package var claims: (any IndexClaims)?

    public init(library: NoteLibrary, indexer: NoteIndexer, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                noteDeadline: Duration? = nil, clock: any Clock<Duration> = ContinuousClock()) {
        self.library = library
        self.indexer = indexer
        self.concurrency = max(1, concurrency)
        self.noteDeadline = noteDeadline
        self.clock = clock
    }

    /// Reindexes the notes that need it (all notes with `force`). Cancelling the calling task
    /// stops it between notes; what was committed stays committed. With `claims` (and not
    /// `force`), it claims batches of notes until none that needs reading is left unclaimed.
    @discardableResult
    public func run(force: Bool = false, progress: @Sendable (Progress) -> Void = { _ in }) async throws -> Progress {
        if let claims, !force { return try await runClaiming(claims, progress: progress) }
        let ids = try await library.notesToIndex(version: indexer.recognitionVersion, model: indexer.recognitionModel,
                                                languages: indexer.languages,
                                                force: force, forcedBefore: Date())
        var state = Progress(total: ids.count)
        progress(state)
        try await index(ids, into: &state, progress: progress)
        return state
    }

    /// Batches of `concurrency × 4` claimed notes, each batch's claims held until its notes are
    /// done. A note that failed is not claimed again by this run (it would fail again).
    private func runClaiming(_ claims: any IndexClaims, progress: @Sendable (Progress) -> Void) async throws -> Progress {
        var state = Progress(total: 0)
        progress(state)
        do {
            var tried = Set<String>()
            while true {
                let batch = try await claims.claim(limit: concurrency * 4, version: indexer.recognitionVersion,
                                                   model: indexer.recognitionModel, languages: indexer.languages)
                    .filter { !tried.contains($0) }
                guard !batch.isEmpty else { break }
                tried.formUnion(batch)
                state.total += batch.count
                try await index(batch, into: &state, progress: progress)
            }
            try await claims.finish()
        } catch {
            try? await claims.finish()
            throw error
        }
        return state
    }

    private func index(_ ids: [String], into state: inout Progress, progress: @Sendable (Progress) -> Void) async throws {
        let library = self.library, indexer = self.indexer, deadline = noteDeadline, clock = self.clock
        try await withThrowingTaskGroup(of: (String, Result<Bool, any Error>).self) { group in
            var next = ids.makeIterator()
            func addNext() -> Bool {
                guard let id = next.next() else { return false }
                group.addTask {
                    do {
                        guard let deadline else { return (id, .success(try await library.index(noteID: id, using: indexer))) }
                        return (id, .success(try await Deadline.run(within: deadline, clock: clock) {
                            try await library.index(noteID: id, using: indexer)
                        }))
                    }
                    catch is CancellationError { throw CancellationError() }
                    catch { return (id, .failure(error)) }
                }
                return true
            }
            for _ in 0..<concurrency where !addNext() { break }
            while let (id, result) = try await group.next() {
                try Task.checkCancellation()
                state.done += 1
                state.lastCommitted = nil
                switch result {
                case .success(let committed):
                    if committed { state.lastCommitted = id } else { state.stale += 1 }
                case .failure(let exceeded as Deadline.Exceeded):
                    state.timedOut.append(id)
                    try? await library.markIndexProblem(noteID: id, reason: "\(exceeded)", recognitionVersion: indexer.recognitionVersion,
                                                        recognitionModel: indexer.recognitionModel)
                case .failure(let error): state.failures[id] = "\(error)"
                }
                progress(state)
                _ = addNext()
            }
        }
    }
}
