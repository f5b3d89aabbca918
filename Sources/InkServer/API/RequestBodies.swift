import Foundation
import InkIndex
import InkWire

/// Reads a request body into a drawing (and a title): JSON wire strokes, or an InkML document
/// (`Content-Type: application/inkml+xml`, the title from `?title=`). Refuses malformed bodies
/// with 400 and drawings past the limits with 413, before anything is recognized or stored.
enum RequestBodies {
    static let inkMLTypes: Set<String> = ["application/inkml+xml", "application/xml", "text/xml"]

    static func note(_ request: ServerRequest, target: RequestTarget, limits: ServerLimits) throws(APIError) -> (title: String?, drawing: Drawing) {
        if let type = request.contentType, inkMLTypes.contains(type) {
            let drawing = try inkML(request.body, limits: limits)
            return (target.query["title"], drawing)
        }
        // The common shape read in one pass (`WireStrokesScanner`); anything else decoded the
        // general way, which also words the errors.
        let body: WireNoteBody
        if let scanned = WireStrokesScanner.scan(request.body) {
            body = WireNoteBody(title: scanned.title, strokes: scanned.strokes)
        } else {
            body = try decode(WireNoteBody.self, from: request.body)
        }
        let drawing = try drawing(body.strokes, limits: limits)
        return (body.title ?? target.query["title"], drawing)
    }

    static func strokes(_ request: ServerRequest, limits: ServerLimits) throws(APIError) -> Drawing {
        if let type = request.contentType, inkMLTypes.contains(type) { return try inkML(request.body, limits: limits) }
        if let scanned = WireStrokesScanner.scan(request.body) { return try drawing(scanned.strokes, limits: limits) }
        return try drawing(try decode(WireStrokes.self, from: request.body).strokes, limits: limits)
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(APIError) -> T {
        guard !body.isEmpty else { throw .badRequest("the body is empty; send JSON") }
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw .badRequest("the body is not the JSON expected: \(WireDecodingError.describe(error))")
        } catch {
            throw .badRequest("the body is not JSON: \(error)")
        }
    }

    private static func inkML(_ body: Data, limits: ServerLimits) throws(APIError) -> Drawing {
        var xmlLimits = XMLLimits()
        xmlLimits.maximumBytes = limits.maxBodyBytes
        let drawing: Drawing
        do {
            drawing = try InkML.read(body, limits: xmlLimits).drawing
        } catch {
            throw .badRequest("the body is not InkML InkIndex can read: \(error)")
        }
        try check(drawing, limits: limits)
        return drawing
    }

    static func drawing(_ strokes: [WireStroke], limits: ServerLimits) throws(APIError) -> Drawing {
        let drawing = Drawing(wire: strokes)
        try check(drawing, limits: limits)
        var seen = Set<UUID>()
        for stroke in drawing.strokes where !seen.insert(stroke.id).inserted {
            throw .badRequest("stroke id \(stroke.id) appears twice; every stroke needs its own id")
        }
        return drawing
    }

    static func check(_ drawing: Drawing, limits: ServerLimits) throws(APIError) {
        guard drawing.strokes.count <= limits.maxStrokesPerNote else {
            throw .payloadTooLarge("\(drawing.strokes.count) strokes, more than the limit of \(limits.maxStrokesPerNote) per note")
        }
        if let (index, stroke) = drawing.strokes.enumerated().first(where: { $0.element.points.count > limits.maxPointsPerStroke }) {
            throw .payloadTooLarge("stroke \(index) has \(stroke.points.count) points, more than the limit of \(limits.maxPointsPerStroke) per stroke")
        }
        if let issue = drawing.validate(limit: 1).first {
            throw .badRequest("the drawing holds a value that is not a finite number: \(issue)")
        }
    }
}
