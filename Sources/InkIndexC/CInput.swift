import Foundation
import InkIndex
import InkWire

/// The JSON a C caller passes: options, drawings and notes (`inkindex.h`, "Conventions").
enum CInput {
    /// A drawing: InkIndex's JSON drawing (as `inkindex convert` writes it), or the HTTP API's
    /// strokes (`{"strokes": [{"points": [[x, y, t], ...]}]}`).
    static func drawing(json: String) throws -> Drawing {
        let data = Data(json.utf8)
        if let body = WireStrokesScanner.scan(data) { return Drawing(wire: body.strokes) }
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            throw CFailure(.badInput, "a drawing is a JSON object with \"strokes\" (malformed JSON, or not an object)")
        }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do { return try decoder.decode(Drawing.self, from: data) } catch let asDrawing {
            do { return Drawing(wire: try JSONDecoder().decode(WireStrokes.self, from: data).strokes) } catch let asStrokes {
                throw CFailure(.badInput, "not a drawing: as the HTTP API's strokes, \(CFailure(asStrokes).message); "
                                   + "as InkIndex's JSON drawing, \(CFailure(asDrawing).message)")
            }
        }
    }

    /// A drawing from InkML bytes.
    static func drawing(inkML bytes: UnsafePointer<CChar>?, length: Int) throws -> Drawing {
        guard let bytes else { throw CFailure(.invalidArgument, "bytes is NULL") }
        guard length >= 0 else { throw CFailure(.invalidArgument, "length is negative") }
        do { return try InkML.read(Data(bytes: bytes, count: length)).drawing } catch {
            throw CFailure(.badInput, "not InkML: \(error)")
        }
    }

    /// A note: `{"id"?: "...", "title"?: "...", "strokes": [...]}`.
    static func note(json: String) throws -> (id: String?, title: String?, drawing: Drawing) {
        if let body = WireStrokesScanner.scan(Data(json.utf8)), body.id?.isEmpty != true {
            return (body.id, body.title, Drawing(wire: body.strokes))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw CFailure(.badInput, "a note is a JSON object: {\"id\": ..., \"title\": ..., \"strokes\": [...]}")
        }
        let id = object["id"] as? String, title = object["title"] as? String
        if object["id"] != nil, id == nil || id!.isEmpty { throw CFailure(.badInput, "a note's id is a non-empty string") }
        if object["title"] != nil, title == nil { throw CFailure(.badInput, "a note's title is a string") }
        guard object["strokes"] != nil else { throw CFailure(.badInput, "a note has strokes (an empty list for none)") }
        return (id, title, try drawing(json: json))
    }

    /// The pages of the file at `path` (any format InkIndex reads), each with an id stable for
    /// the file's absolute path and page number and a title "name, page n" (the name alone for
    /// one page), as `inkindex library add` makes notes of them (`DrawingFile.readNotes`).
    static func pages(path: String) throws -> (pages: [(id: UUID, number: Int, title: String, drawing: Drawing)], warnings: [String]) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let read: (notes: [DrawingFile.Note], warnings: [String])
        do { read = try DrawingFile.readNotes(from: url, fileIdentity: url.path) } catch { throw CFailure(.badInput, "\(path): \(error)") }
        return (read.notes.map { ($0.id, $0.number, $0.title, $0.drawing) }, read.warnings)
    }

    /// Stroke ids: a JSON array of UUID strings.
    static func strokeIDs(json: String) throws -> Set<UUID> {
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else {
            throw CFailure(.badInput, "stroke ids are a JSON array of UUID strings")
        }
        return Set(try array.map { element in
            guard let text = element as? String, let id = UUID(uuidString: text) else {
                throw CFailure(.badInput, "'\(element)' is not a stroke id (a UUID string)")
            }
            return id
        })
    }
}

/// How a recognizer, or a library's indexer, reads: `{"model", "languages", "vocabulary",
/// "reading"}`, each optional.
struct CReadingOptions {
    var model: ShippedModel = .default
    var languages: [RecognitionLanguage] = [.english]
    var vocabulary: [String] = []
    var plan: ReadingPlan? = nil

    static let keys: Set<String> = ["model", "languages", "vocabulary", "reading"]

    /// The options of `json` (the defaults for nil); an unknown key, model, language or reading
    /// is an error, not ignored.
    init(json: String?) throws {
        guard let json, !json.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw CFailure(.badInput, "options are a JSON object: {\"model\": \"open\", \"languages\": [\"en\"], ...}")
        }
        if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw CFailure(.invalidArgument, "unknown option '\(unknown)' (known: \(Self.keys.sorted().joined(separator: ", ")))")
        }
        if let name = object["model"] {
            guard let name = name as? String, let model = ShippedModel(rawValue: name) else {
                throw CFailure(.modelUnavailable, "unknown model '\(name)' (shipped: \(ShippedModel.allCases.map(\.identifier).joined(separator: ", ")))")
            }
            self.model = model
        }
        if let codes = object["languages"] {
            guard let codes = codes as? [String], !codes.isEmpty else { throw CFailure(.invalidArgument, "languages is a non-empty list of codes") }
            for code in codes where RecognitionLanguage(code: code) == nil {
                throw CFailure(.invalidArgument, "'\(code)' is not a shipped language (inkindex_models() lists them)")
            }
            languages = RecognitionLanguage.resolve(codes)
        }
        if let words = object["vocabulary"] {
            guard let words = words as? [String] else { throw CFailure(.invalidArgument, "vocabulary is a list of strings") }
            vocabulary = words
        }
        if let reading = object["reading"] {
            switch reading as? String {
            case "standard": plan = nil
            case "once": plan = .once
            default: throw CFailure(.invalidArgument, "reading is \"standard\" or \"once\"")
            }
        }
    }
}
