import Foundation
import InkIndex

/// A fast path for the HTTP API's strokes, the body the C library and `POST /api/recognize`
/// take most: `{"strokes": [{"id"?: UUID, "points": [[x, y], [x, y, t], [x, y, t, pressure],
/// ...], "annotations"?: {...}}], "id"?: "...", "title"?: "..."}` read in one pass over the
/// bytes (`JSONByteReader`), without `JSONDecoder`'s boxing of every number. A page of ten
/// lines (10,000 points) took 30 ms through JSONSerialization and JSONDecoder.
///
/// It reads only what it decodes exactly as `JSONDecoder` reads `WireNoteBody` (known keys once
/// each; numbers of at most 15 significant digits without exponent); for anything else it
/// returns nil, and the caller decodes the general way, which also gives the error messages.
/// O(bytes).
///
/// ```swift
/// if let body = WireStrokesScanner.scan(data) { let drawing = Drawing(wire: body.strokes) }
/// ```
package enum WireStrokesScanner {
    package struct Body {
        package var strokes: [WireStroke]
        package var id: String?
        package var title: String?
    }

    package static func scan(_ data: Data) -> Body? {
        data.withUnsafeBytes { raw in
            var reader = JSONByteReader(raw.bindMemory(to: UInt8.self))
            return body(&reader)
        }
    }

    private static func body(_ reader: inout JSONByteReader) -> Body? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var strokes: [WireStroke]?, id: String?, title: String?
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.string(), reader.consume(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "strokes" where strokes == nil: guard let v = strokeList(&reader) else { return nil }; strokes = v
                case "id" where id == nil: guard let v = reader.string() else { return nil }; id = v
                case "title" where title == nil: guard let v = reader.string() else { return nil }; title = v
                default: return nil
                }
            } while reader.consume(UInt8(ascii: ","))
            guard reader.consume(UInt8(ascii: "}")) else { return nil }
        }
        guard let strokes, reader.isAtEnd else { return nil }
        return Body(strokes: strokes, id: id, title: title)
    }

    private static func strokeList(_ reader: inout JSONByteReader) -> [WireStroke]? {
        guard reader.consume(UInt8(ascii: "[")) else { return nil }
        var strokes: [WireStroke] = []
        if reader.consume(UInt8(ascii: "]")) { return strokes }
        repeat {
            guard let stroke = stroke(&reader) else { return nil }
            strokes.append(stroke)
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "]")) else { return nil }
        return strokes
    }

    private static func stroke(_ reader: inout JSONByteReader) -> WireStroke? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var id: UUID??, points: [WirePoint]?, annotations: [String: String]??
        repeat {
            guard let key = reader.string(), reader.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "id" where id == nil:
                if reader.literal("null") { id = .some(nil) } else {
                    guard let text = reader.string(), let uuid = UUID(uuidString: text) else { return nil }
                    id = uuid
                }
            case "points" where points == nil: guard let v = pointList(&reader) else { return nil }; points = v
            case "annotations" where annotations == nil:
                if reader.literal("null") { annotations = .some(nil) } else {
                    guard let v = stringMap(&reader) else { return nil }
                    annotations = v
                }
            default: return nil
            }
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")), let points else { return nil }
        return WireStroke(id: id ?? nil, points: points, annotations: annotations ?? nil)
    }

    private static func pointList(_ reader: inout JSONByteReader) -> [WirePoint]? {
        guard reader.consume(UInt8(ascii: "[")) else { return nil }
        var points: [WirePoint] = []
        if reader.consume(UInt8(ascii: "]")) { return points }
        repeat {
            guard reader.consume(UInt8(ascii: "[")), let x = reader.number(), reader.consume(UInt8(ascii: ",")),
                  let y = reader.number() else { return nil }
            var extra: [Double?] = []
            while extra.count < 2, reader.consume(UInt8(ascii: ",")) {
                if reader.literal("null") { extra.append(nil) } else {
                    guard let v = reader.number() else { return nil }
                    extra.append(v)
                }
            }
            guard reader.consume(UInt8(ascii: "]")) else { return nil }
            points.append(WirePoint(x: x, y: y, t: extra.first ?? nil, pressure: extra.count > 1 ? extra[1] : nil))
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "]")) else { return nil }
        return points
    }

    private static func stringMap(_ reader: inout JSONByteReader) -> [String: String]? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var map: [String: String] = [:]
        if reader.consume(UInt8(ascii: "}")) { return map }
        repeat {
            guard let key = reader.string(), map[key] == nil, reader.consume(UInt8(ascii: ":")), let value = reader.string() else { return nil }
            map[key] = value
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")) else { return nil }
        return map
    }
}
