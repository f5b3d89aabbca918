import Foundation

/// A fast path for the dataset format's common case: one pass over the UTF-8 bytes of a line
/// `{"id": ..., "writer": ..., "text": ..., "strokes": [[[x, y, t], ...], ...]}`, without
/// building Foundation objects.
///
/// It accepts only what it can decode exactly as `JSONSerialization` would (known keys once
/// each, numbers of at most 15 significant digits without exponent, points of two or three
/// values); for anything else it returns nil and `DatasetReader` takes the general path, which
/// also produces the error messages. O(line length).
struct DatasetLineScanner {
    struct Fields {
        var id: String
        var writer: String?
        var text: String
        var strokes: [[(x: Double, y: Double, t: Double?)]]
    }

    private var reader: JSONByteReader

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { reader = JSONByteReader(bytes) }

    static func scan(_ line: String) -> Fields? {
        var line = line
        return line.withUTF8 { bytes in
            var scanner = DatasetLineScanner(bytes)
            return scanner.object()
        }
    }

    private mutating func object() -> Fields? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var id: String?, text: String?, writer: String??, strokes: [[(x: Double, y: Double, t: Double?)]]?
        repeat {
            guard let key = reader.string(), reader.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "id" where id == nil: guard let v = reader.string() else { return nil }; id = v
            case "text" where text == nil: guard let v = reader.string() else { return nil }; text = v
            case "writer" where writer == nil:
                if reader.literal("null") { writer = .some(nil) } else { guard let v = reader.string() else { return nil }; writer = v }
            case "strokes" where strokes == nil: guard let v = strokeList() else { return nil }; strokes = v
            default: return nil
            }
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")), let id, let text, let strokes else { return nil }
        guard reader.isAtEnd else { return nil }
        return Fields(id: id, writer: writer ?? nil, text: text, strokes: strokes)
    }

    private mutating func strokeList() -> [[(x: Double, y: Double, t: Double?)]]? {
        guard reader.consume(UInt8(ascii: "[")) else { return nil }
        var strokes: [[(x: Double, y: Double, t: Double?)]] = []
        if reader.consume(UInt8(ascii: "]")) { return strokes }
        repeat {
            guard reader.consume(UInt8(ascii: "[")) else { return nil }
            var points: [(x: Double, y: Double, t: Double?)] = []
            if !reader.consume(UInt8(ascii: "]")) {
                repeat {
                    guard reader.consume(UInt8(ascii: "[")), let x = reader.number(), reader.consume(UInt8(ascii: ",")), let y = reader.number() else { return nil }
                    var t: Double?
                    if reader.consume(UInt8(ascii: ",")) {
                        if !reader.literal("null") {
                            guard let v = reader.number() else { return nil }
                            t = v
                        }
                    }
                    guard reader.consume(UInt8(ascii: "]")) else { return nil }
                    points.append((x, y, t))
                } while reader.consume(UInt8(ascii: ","))
                guard reader.consume(UInt8(ascii: "]")) else { return nil }
            }
            strokes.append(points)
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "]")) else { return nil }
        return strokes
    }
}
