import Foundation

/// Waits for a folder to be quiet before acting on its changes: each `changed()` restarts a
/// timer of `quiet`, and `settle` runs when it ends, so a notebook still being written (many
/// writes, a save by rename) is read once, after its last write. `settle` never runs twice at
/// once: a change during a settle runs it again after, once the folder is quiet again. The
/// clock is injected, so tests run in virtual time.
///
/// ```swift
/// let debouncer = ChangeDebouncer(quiet: .seconds(1)) { await session.syncQuietly(folder) }
/// for await _ in changes { await debouncer.changed() }
/// ```
actor ChangeDebouncer {
    let quiet: Duration
    private let clock: any Clock<Duration>
    private let settle: @Sendable () async -> Void
    private var timer: Task<Void, Never>?
    private var settling = false
    private var changedWhileSettling = false
    /// How many times `settle` has run.
    private(set) var settled = 0

    init(quiet: Duration, clock: any Clock<Duration> = ContinuousClock(), settle: @escaping @Sendable () async -> Void) {
        self.quiet = quiet
        self.clock = clock
        self.settle = settle
    }

    /// Something under the folder changed. O(1).
    func changed() {
        timer?.cancel()
        if settling { changedWhileSettling = true }
        timer = Task { [clock, quiet] in
            do { try await clock.sleep(for: quiet) } catch { return }
            await self.fire()
        }
    }

    private func fire() async {
        timer = nil
        guard !settling else { changedWhileSettling = true; return }
        settling = true
        await settle()
        settled += 1
        settling = false
        if changedWhileSettling {
            changedWhileSettling = false
            changed()
        }
    }
}
