import InkIndex
import NIOHTTP1

/// A note's revision as an HTTP entity tag, and the `If-Match` precondition on it (RFC 9110
/// §13.1.1), so that two devices editing one note cannot silently overwrite each other: a `PUT`
/// or `DELETE` that names a revision other than the note's latest is answered 412 and changes
/// nothing. Without `If-Match`, the last writer wins.
enum RevisionPrecondition: Equatable, Sendable {
    /// No `If-Match`: any revision.
    case none
    /// `If-Match: *`: the note must exist (which a 404 already says where it does not).
    case any
    /// The revisions named by strong entity tags; weak tags never match (strong comparison).
    case revisions(Set<Int>)

    /// `"7"` for revision 7.
    static func entityTag(_ revision: Int) -> String { "\"\(revision)\"" }

    init(_ request: ServerRequest) {
        let values = request.headers["if-match"]
        guard !values.isEmpty else { self = .none; return }
        var revisions: Set<Int> = []
        for value in values {
            for tag in value.split(separator: ",") {
                let tag = tag.trimmingCharacters(in: .whitespaces)
                if tag == "*" { self = .any; return }
                guard tag.count >= 2, tag.first == "\"", tag.last == "\"", let revision = Int(tag.dropFirst().dropLast()) else { continue }
                revisions.insert(revision)
            }
        }
        self = .revisions(revisions)
    }

    /// The revision to save over, or nil for any; throws 412 where `current` is not named.
    func revision(given current: Int, noteID: String) throws(APIError) -> Int? {
        guard case .revisions(let allowed) = self else { return nil }
        guard allowed.contains(current) else { throw APIError.preconditionFailed(noteID: noteID, current: current) }
        return current
    }
}

extension APIError {
    static func preconditionFailed(noteID: String, current: Int) -> APIError {
        APIError(status: .preconditionFailed, code: "precondition_failed",
                 detail: "note '\(noteID)' is at revision \(current), which If-Match does not name: it was changed since it was read; nothing was changed",
                 headers: ["etag": RevisionPrecondition.entityTag(current)])
    }
}
