import Foundation
import InkIndex
import InkWire
import NIOHTTP1

/// `GET /api/changes?since=CURSOR&limit=N&wait=SECONDS`: the library's change feed, for devices
/// that sync (`NoteLibrary.changes(since:limit:)`; Docs/Sync.md).
extension APIResponder {
    /// The changes after `since` (0, the default, reads the whole feed: every note once, and the
    /// deletions remembered), at most `limit` (1–10,000, default 1,000), oldest first, with the
    /// cursor to ask from next. With `wait`, an empty answer waits up to that many seconds
    /// (at most `maxChangeWait`) for a change: this server's writes wake it at once, other
    /// servers' within `changeFeedPollInterval`. A cursor older than the deletions remembered
    /// is 410 `resync_required`: list everything again from 0.
    func changes(_ target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        let since = try Self.cursor(target)
        let limit = try QueryValues.int(target, "limit", default: 1_000, range: 1...10_000)
        let maxWait = configuration.maxChangeWait
        let wait = try QueryValues.int(target, "wait", default: 0, range: 0...Int(maxWait.components.seconds))
        try await pruneTombstonesIfDue(libs)
        var answer = try await feedAnswer(since: since, limit: limit, in: libs)
        if answer.isEmpty, wait > 0 {
            answer = try await waitForChanges(after: answer, since: since, limit: limit, for: .seconds(wait), clock: configuration.clock, in: libs)
        }
        return ServerResponse(status: .ok, contentType: JSONAnswers.contentType, body: answer.body)
    }

    /// After an empty answer, looks again each time this server writes to the library or the
    /// feed passes `since` (`ChangeFeedWatch`, which reads the newest position every
    /// `changeFeedPollInterval` for all the polls of a library), until a change comes or `wait`
    /// is over.
    private func waitForChanges<C: Clock<Duration>>(after empty: FeedAnswer, since: Int64, limit: Int, for wait: Duration, clock: C,
                                                   in libs: LibraryConnections) async throws -> FeedAnswer {
        let deadline = clock.now.advanced(by: wait)
        var answer = empty
        while answer.isEmpty, clock.now < deadline, !Task.isCancelled {
            await feedWatch.wait(libs.name, after: since, timeout: clock.now.duration(to: deadline), clock: clock,
                                 pollInterval: configuration.changeFeedPollInterval,
                                 newestPosition: { try? await libs.reader.latestChangePosition() })
            answer = try await feedAnswer(since: since, limit: limit, in: libs)
        }
        return answer
    }

    /// The answer's body for a page of the feed, read and encoded once for all the polls that
    /// ask for the same page at the same time (`SingleFlight`): one write wakes them together.
    private func feedAnswer(since: Int64, limit: Int, in libs: LibraryConnections) async throws -> FeedAnswer {
        try await feedReads.run(FeedPageKey(library: libs.name, since: since, limit: limit)) {
            let page = try await self.changePage(since: since, limit: limit, in: libs)
            let changes = page.changes.map {
                WireChange(id: $0.noteID, kind: $0.kind.rawValue, revision: $0.revision, recognitionVersion: $0.recognitionVersion, at: $0.at)
            }
            let body = try JSONAnswers.encoder().encode(ChangeFeedAnswer(changes: changes, next: String(page.next), more: page.hasMore))
            return FeedAnswer(isEmpty: changes.isEmpty, body: body)
        }
    }

    private func changePage(since: Int64, limit: Int, in libs: LibraryConnections) async throws -> ChangePage {
        do {
            return try await libs.reader.changes(since: since, limit: limit)
        } catch LibraryError.resyncRequired(let cursor, let oldestKept) {
            throw APIError(status: .gone, code: "resync_required",
                           detail: "cursor \(cursor) is older than the deletions this library remembers (from \(oldestKept)); "
                               + "list everything again: GET /api/changes?since=0")
        }
    }

    private static func cursor(_ target: RequestTarget) throws(APIError) -> Int64 {
        guard let raw = target.query["since"], !raw.isEmpty else { return 0 }
        guard let value = Int64(raw), value >= 0 else {
            throw .badRequest("since is a cursor from an earlier answer's \"next\" (or 0), not '\(raw)'")
        }
        return value
    }

    /// Forgets tombstones older than `tombstoneRetention`, at most once per
    /// `tombstonePruneInterval` a library.
    private func pruneTombstonesIfDue(_ libs: LibraryConnections) async throws {
        let now = configuration.now()
        guard libs.tombstonePruning.isDue(at: now) else { return }
        let retention = Double(configuration.tombstoneRetention.components.seconds)
        try await writeLock.run {
            _ = try await libs.writer.pruneTombstones(before: now.addingTimeInterval(-retention))
        }
    }
}

/// A page of the feed as answered: its JSON, and whether it holds no change.
struct FeedAnswer: Sendable {
    var isEmpty: Bool
    var body: Data
}

/// Which page of which library's feed: the key under which polls share one read.
struct FeedPageKey: Hashable, Sendable {
    var library: String
    var since: Int64
    var limit: Int
}

/// `GET /api/notes/{id}/readings`: the server's readings of a note, for devices.
extension APIResponder {
    /// The note's lines, words, candidates and bounds as its index holds them, with the model,
    /// version and languages that read them. Its `ETag` names the note's revision and the
    /// index's version and time, so `If-None-Match` answers 304 while neither changed.
    func noteReadings(_ id: String, request: ServerRequest, in libs: LibraryConnections) async throws -> ServerResponse {
        let reader = libs.reader
        // The note's row carries its index's version, time, model and languages.
        let info = try await reader.note(id: id)
        let tag = "\"r\(info.revision).v\(info.recognitionVersion ?? 0).\(Int64(((info.indexedAt?.timeIntervalSince1970 ?? 0) * 1000).rounded()))\""
        if request.headers.first(name: "if-none-match") == tag {
            var unchanged = ServerResponse(status: .notModified, contentType: JSONAnswers.contentType, body: Data())
            unchanged.headers.replaceOrAdd(name: "etag", value: tag)
            return unchanged
        }
        let drawing = try await reader.drawing(id: id)
        let indexed = try await reader.indexedWords(noteID: id)
        let lines = info.recognitionVersion == nil ? [] : WireConversion.lines(layout: PageSegmenter().layout(of: drawing), recognitions: nil,
                                                                             words: indexed.words)
        let readings = NoteReadings(id: id, revision: info.revision, recognitionModel: info.recognitionModel,
                                    recognitionVersion: info.recognitionVersion, languages: (info.recognitionLanguages ?? []).map(\.code),
                                    indexedAt: info.indexedAt, lines: lines)
        var response = try JSONAnswers.response(readings)
        response.headers.replaceOrAdd(name: "etag", value: tag)
        return response
    }
}
