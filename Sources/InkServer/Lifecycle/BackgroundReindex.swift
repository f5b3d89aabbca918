import Foundation
import InkIndex

/// Whether the background reindex runs, and how far it got.
final class ReindexState: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: LibraryRebuilder.Progress?
    private var running = false

    var isRunning: Bool { lock.withLock { running } }
    var lastProgress: LibraryRebuilder.Progress? { lock.withLock { progress } }

    func started() { lock.withLock { running = true } }
    func update(_ progress: LibraryRebuilder.Progress) { lock.withLock { self.progress = progress } }
    func finished() { lock.withLock { running = false } }
}

extension APIResponder {
    /// Recognizes again, in the background, every note indexed by an older recognizer version
    /// (or never, or from a drawing changed since), with half the recognition pool so that
    /// requests keep being answered. Each note's index is replaced in one transaction, so
    /// searches use a note's old index until its new one commits. Cancelling stops it between notes.
    func startReindex() -> Task<Void, Never> {
        reindex.started()
        let rebuilder = LibraryRebuilder(library: library,
                                         indexer: NoteIndexer(recognizer: recognizer, maxCandidates: configuration.maxCandidates),
                                         concurrency: max(1, configuration.recognitionConcurrency / 2),
                                         noteDeadline: configuration.recognitionDeadline, clock: configuration.clock)
        let (state, pool) = (reindex, recognitionPool)
        return Task.detached(priority: .utility) {
            defer { state.finished() }
            _ = try? await pool.onThreads { try await rebuilder.run { state.update($0) } }
        }
    }
}
