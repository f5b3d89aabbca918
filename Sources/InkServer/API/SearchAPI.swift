import Foundation
import InkIndex
import InkWire

/// `GET /api/search?q=&fullWords=&case=&limit=`: hits across the library, best first, on a
/// reader connection (searches never wait for writes).
extension APIResponder {
    static let maxSearchLimit = 1_000

    func search(_ target: RequestTarget, in libs: LibraryConnections) async throws -> ServerResponse {
        guard let query = target.query["q"] else { throw APIError.badRequest("q is missing: /api/search?q=words") }
        let fullWords = try QueryValues.bool(target, "fullWords", default: false)
        let matchCase = try QueryValues.bool(target, "case", default: false)
        let limit = try QueryValues.int(target, "limit", default: 20, range: 1...Self.maxSearchLimit)
        let reader = libs.reader
        let hits = try await reader.search(query, fullWordsOnly: fullWords, caseMatchingOnly: matchCase, limit: limit)
        // Read with the hits, not cached: another server may have renamed a note.
        let titles = try await reader.titles(ofNotes: Set(hits.map(\.noteID)))
        let answer = SearchAnswer(query: query, hits: hits.map {
            SearchAnswer.Hit(noteID: $0.noteID, title: titles[$0.noteID] ?? "", strokeIDs: $0.strokeIDs,
                             bounds: WireRect($0.bounds), reading: $0.reading, score: $0.score)
        })
        return ServerResponse(status: .ok, contentType: JSONAnswers.contentType, body: try answer.jsonData())
    }
}
