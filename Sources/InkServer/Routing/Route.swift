import Foundation
import NIOHTTP1

/// What a request asks for, once its path and method are known to fit.
enum Route: Sendable, Hashable {
    case page
    case staticFile(String)
    case recognize
    case listNotes
    case createNote
    case importFile
    case batch
    case getNote(String)
    case updateNote(String)
    case deleteNote(String)
    case noteSVG(String)
    case noteInkML(String)
    case noteReadings(String)
    case search
    case changes
    case health

    /// Whether the route needs the token, where one is set: every API call, reads included,
    /// but the page, its files and the minimal health check.
    var needsToken: Bool {
        switch self {
        case .page, .staticFile, .health: false
        default: true
        }
    }
}

/// Maps a method and path to a `Route`: unknown paths are 404, known paths with another method
/// 405 (with the methods that are allowed).
enum Router {
    /// The resources the API has, before the method is considered.
    private enum Resource {
        case page, staticFile(String), recognize, notes, importFile, note(String), noteSVG(String), noteInkML(String), noteReadings(String), search, changes, health

        var allowed: [HTTPMethod] {
            switch self {
            case .recognize, .importFile: [.POST]
            case .notes: [.GET, .POST]
            case .note: [.GET, .PUT, .DELETE]
            default: [.GET]
            }
        }
    }

    static func route(_ method: HTTPMethod, _ target: RequestTarget) throws(APIError) -> Route {
        guard let resource = resource(target.segments) else {
            throw .notFound("nothing at /\(target.segments.joined(separator: "/"))")
        }
        switch (resource, method) {
        case (.page, .GET): return .page
        case (.staticFile(let name), .GET): return .staticFile(name)
        case (.recognize, .POST): return .recognize
        case (.importFile, .POST): return .importFile
        case (.notes, .GET): return .listNotes
        case (.notes, .POST): return .createNote
        case (.note(let id), .GET): return .getNote(id)
        case (.note(let id), .PUT): return .updateNote(id)
        case (.note(let id), .DELETE): return .deleteNote(id)
        case (.note("batch"), .POST): return .batch
        case (.noteSVG(let id), .GET): return .noteSVG(id)
        case (.noteInkML(let id), .GET): return .noteInkML(id)
        case (.noteReadings(let id), .GET): return .noteReadings(id)
        case (.search, .GET): return .search
        case (.changes, .GET): return .changes
        case (.health, .GET): return .health
        default: throw .methodNotAllowed(method, allowed: resource.allowed)
        }
    }

    private static func resource(_ segments: [String]) -> Resource? {
        switch segments.count {
        case 0: return .page
        case 1 where segments[0] == "index.html": return .page
        case 2 where segments[0] == "static": return .staticFile(segments[1])
        case 2 where segments[0] == "api":
            switch segments[1] {
            case "recognize": return .recognize
            case "import": return .importFile
            case "notes": return .notes
            case "search": return .search
            case "changes": return .changes
            case "health": return .health
            default: return nil
            }
        case 3 where segments[0] == "api" && segments[1] == "notes" && !segments[2].isEmpty:
            let id = segments[2]
            if id.hasSuffix(".svg"), id.count > 4 { return .noteSVG(String(id.dropLast(4))) }
            if id.hasSuffix(".inkml"), id.count > 6 { return .noteInkML(String(id.dropLast(6))) }
            return .note(id)
        case 4 where segments[0] == "api" && segments[1] == "notes" && !segments[2].isEmpty && segments[3] == "readings":
            return .noteReadings(segments[2])
        default: return nil
        }
    }
}
