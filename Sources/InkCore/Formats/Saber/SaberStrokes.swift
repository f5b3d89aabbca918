import Foundation

/// Reading one Saber stroke map: `{"p": points, "i": page, "ty": pen, "pe": pressure enabled,
/// "c": ARGB colour, "s": size, "ox"/"oy": offset, "shape": null or a shape name, ...}`.
extension SaberReader {
    /// Shapes the shape pen stores by their geometry instead of points.
    static let shapeNames: Set<String> = ["circle", "rect", "ellipse", "polygon", "arrow", "line", "dimension", "shapeCustom"]

    mutating func readStroke(_ tree: NotebookTree, into page: inout InkNotebook.Page,
                             ids: inout NotebookStrokeIDs) throws(NotebookError) {
        guard tree.members != nil else {
            warn("strokes that are not maps dropped")
            return
        }
        switch tree["shape"] {
        case nil, .null?:
            break
        case .string("calligraphy")?:
            break  // a calligraphy pen's points
        case .string(let name)? where Self.shapeNames.contains(name) || tree["p"]?.array == nil:
            warn("shapes (circles, rectangles, ellipses, polygons) are not read as ink; each is counted as skipped \"shape\"")
            page.skip("shape")
            return
        case .string(let name)?:
            warn("strokes of the unknown shape '\(name.prefix(40))' read by their points")
        case let other?:
            warn("strokes whose shape is \(other.kindName) read by their points")
        }
        if tree["type"]?.string == "ShapeStroke" {
            page.skip("shape")
            return
        }

        let pen = tree["ty"]?.string
        let tool: Ink.Tool
        switch pen {
        case nil, "Pen", "fountainPen", "calligraphyPen", "CalligraphyPen": tool = .fountainPen
        case "ballpointPen", "ShapePen": tool = .pen
        case "Pencil", "pencilPen": tool = .pencil
        case "Highlighter": tool = .marker
        case "Eraser":
            page.skip("eraser")
            return
        case "LaserPointer":
            page.skip("laser pointer")
            return
        case let other?:
            warn("strokes of the unknown pen '\(other.prefix(40))' read as ballpoint pen strokes")
            tool = .pen
        }
        if tree["shape"]?.string == "calligraphy" && pen == nil {
            warn("calligraphy strokes read as fountain pen strokes")
        }

        let points = try strokePoints(tree)
        guard !points.isEmpty else {
            page.skip("empty stroke")
            return
        }
        var ink = Ink(tool: tool, color: color(tree["c"]), width: 10)  // StrokeOptions.defaultSize
        if let size = tree["s"]?.finite, size > 0 { ink.width = size }
        page.drawing.strokes.append(Stroke(id: ids.next(points: points), points: points, ink: ink))
        if tool == .marker { page.highlighterStrokes += 1 }
    }

    /// `c`: a 32-bit ARGB colour (`Color.value`, written as int32 or int64 in BSON, so possibly
    /// negative); black where absent.
    private mutating func color(_ tree: NotebookTree?) -> Ink.Color {
        guard let tree, !tree.isNull else { return .black }
        guard let value = tree.number.flatMap({ Int64(exactly: $0) }), value >= -(1 << 31), value <= 0xFFFF_FFFF else {
            warn("colours that are not 32-bit ARGB numbers read as black")
            return .black
        }
        let argb = UInt32(truncatingIfNeeded: value)
        return Ink.Color(red: UInt8(truncatingIfNeeded: argb >> 16), green: UInt8(truncatingIfNeeded: argb >> 8),
                         blue: UInt8(truncatingIfNeeded: argb), alpha: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// The points with the stroke's offset added: maps `{x, y, p}` (before version 13) or binary
    /// float32 `x, y[, pressure]` (13 and later); whichever a point is, it is read as such. The
    /// pressure becomes the force, but for the neutral 0.5 and strokes whose pen had pressure
    /// off (`pe`), which have none.
    private mutating func strokePoints(_ tree: NotebookTree) throws(NotebookError) -> [StrokePoint] {
        guard let list = tree["p"]?.array else {
            if tree["p"] != nil { warn("strokes whose points are not a list dropped") }
            return []
        }
        guard list.count <= limits.maximumPoints - pointCount else {
            throw NotebookError(.saber, .tooLarge, "more than \(limits.maximumPoints) points")
        }
        var dx = tree["ox"]?.number ?? 0, dy = tree["oy"]?.number ?? 0
        if !dx.isFinite || !dy.isFinite {
            warn("stroke offsets that are not finite numbers read as 0")
            dx = 0
            dy = 0
        }
        // Saber's pens without pressure store the neutral 0.5 (before version 12) or nothing.
        let pressureEnabled = tree["pe"]?.bool ?? true
        var points: [StrokePoint] = []
        points.reserveCapacity(list.count)
        for entry in list {
            guard let (x, y, pressure) = point(entry) else {
                warn("points that are neither {x, y, p} maps nor 8 or 12 bytes of float32 dropped")
                continue
            }
            let location = CGPoint(x: x + dx, y: y + dy)
            guard location.x.isFinite, location.y.isFinite, pressure?.isFinite ?? true else {
                warn("points whose position or pressure is not a finite number dropped")
                continue
            }
            points.append(StrokePoint(location: location, force: pressureEnabled && pressure != 0.5 ? pressure : nil))
        }
        pointCount += points.count
        return points
    }

    private func point(_ entry: NotebookTree) -> (Double, Double, Double?)? {
        switch entry {
        case .binary(let range):
            guard range.count == 8 || range.count == 12, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
            func float(_ k: Int) -> Double {
                let o = range.lowerBound + 4 * k
                let bits = UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
                return Double(Float(bitPattern: bits))
            }
            return (float(0), float(1), range.count == 12 ? float(2) : nil)
        case .object:
            guard let x = entry["x"]?.number, let y = entry["y"]?.number else { return nil }
            let pressure = entry["p"]?.number
            return (x, y, pressure)
        case .array(let values) where values.count == 2 || values.count == 3:
            guard let x = values[0].number, let y = values[1].number else { return nil }
            return (x, y, values.count == 3 ? values[2].number : nil)
        default:
            return nil
        }
    }
}
