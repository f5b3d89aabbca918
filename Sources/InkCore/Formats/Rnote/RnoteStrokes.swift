import Foundation

/// Reading one stroke component: a brush stroke's path and style, a text stroke's text, and
/// where shapes and images are (they become skipped counts on their page).
extension RnoteReader {
    /// The element a slot holds (`{"brushstroke": {...}}`, ...), or nil where it is not one.
    mutating func item(_ value: NotebookTree, order: Order) throws(NotebookError) -> Item? {
        guard let members = value.members, members.count == 1 else {
            warn("stroke components that are not one stroke variant skipped")
            return nil
        }
        let body = members[0].value
        switch members[0].key {
        case "brushstroke":
            return try brush(body, order: order)
        case "shapestroke":
            if let points = Self.markPoints(body["shape"]) {
                var ink = style(body["style"])
                ink.tool = Self.shapeTool
                return Item(content: .ink(points: points, ink: ink, highlighter: false), anchor: Self.center(of: points), order: order)
            }
            warn("shapes other than lines, arrows and polylines (rectangles, ellipses, curves, polygons) are not read as ink; each is counted as skipped \"shape\"")
            return Item(content: .skipped("shape"), anchor: Self.anchor(body), order: order)
        case "textstroke":
            guard let text = body["text"]?.string else {
                warn("text strokes without text skipped")
                return Item(content: .skipped("text"), anchor: Self.anchor(body), order: order)
            }
            return Item(content: .text(text), anchor: Self.translation(body["transform"]) ?? Self.anchor(body), order: order)
        case "vectorimage", "bitmapimage":
            warn("images (vector and bitmap) are not read; each is counted as skipped \"image\"")
            return Item(content: .skipped("image"), anchor: Self.anchor(body), order: order)
        case let other:
            let kind = String(other.prefix(40))
            warn("strokes of the unknown kind '\(kind)' are not read; each is counted as skipped \"\(kind)\"")
            return Item(content: .skipped(kind), anchor: Self.anchor(body), order: order)
        }
    }

    // MARK: Shapes

    /// The ink tool of a line, arrow or polyline drawn with Rnote's shape tool: kept as a stroke
    /// so that the layout sees it as the mark it is (an underline, an arrow, a bracket), never as
    /// writing.
    static let shapeTool: Ink.Tool = "shape"

    /// A line's start and end, an arrow's start and tip, a polyline's start and path: the points
    /// of a shape that fits the layout as a mark; nil for any other shape, or one whose
    /// coordinates are not finite.
    static func markPoints(_ shape: NotebookTree?) -> [StrokePoint]? {
        func point(_ value: NotebookTree?) -> StrokePoint? {
            guard let pair = value?.array, pair.count == 2, let x = pair[0].finite, let y = pair[1].finite,
                  abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            return StrokePoint(x: x, y: y)
        }
        var points: [StrokePoint?]
        if let line = shape?["line"] {
            points = [point(line["start"]), point(line["end"])]
        } else if let arrow = shape?["arrow"] {
            points = [point(arrow["start"]), point(arrow["tip"])]
        } else if let polyline = shape?["polyline"], let path = polyline["path"]?.array, path.count < 100_000 {
            points = [point(polyline["start"])] + path.map(point)
        } else {
            return nil
        }
        guard points.count >= 2, points.allSatisfy({ $0 != nil }) else { return nil }
        return points.compactMap { $0 }
    }

    // MARK: Brush strokes

    private mutating func brush(_ brush: NotebookTree, order: Order) throws(NotebookError) -> Item {
        let points = try pathPoints(brush["path"])
        guard !points.isEmpty else { return Item(content: .skipped("empty stroke"), anchor: nil, order: order) }
        let highlighter = order.layerRank == 3
        var ink = style(brush["style"])
        if highlighter { ink.tool = .marker }
        return Item(content: .ink(points: points, ink: ink, highlighter: highlighter), anchor: Self.center(of: points), order: order)
    }

    /// The pen input elements of a path, in document coordinates, with each element's pressure
    /// as the point's force. Rnote before 0.5.9 writes the path as a list of segments (`dot`,
    /// `line`, `quadbez`, `cubbez`, each holding its own start and end); later versions as
    /// `{"start": element, "segments": [{"lineto": {"end": element}}, {"quadbezto": {"cp", "end"}},
    /// {"cubbezto": {"cp1", "cp2", "end"}}]}`. Control points are not input and are left out, as
    /// Rnote's own `PenPath::as_elements` does; a bare list of elements is read too.
    private mutating func pathPoints(_ path: NotebookTree?) throws(NotebookError) -> [StrokePoint] {
        var elements: [NotebookTree?] = []
        switch path {
        case .object?:
            let segments = path?["segments"]?.array ?? []
            try reserve(segments.count + 1)
            elements.reserveCapacity(segments.count + 1)
            elements.append(path?["start"])
            for segment in segments { elements.append(Self.segmentElement(segment, start: false)) }
        case .array(let list)?:
            try reserve(list.count + 1)
            elements.reserveCapacity(list.count + 1)
            if list.first?["pos"] != nil {
                elements = list.map { Optional($0) }
            } else if let first = list.first {
                // Old segments: the first one's start, then every segment's end (a dot's element),
                // as Rnote's 0.5.8 to 0.5.9 upgrade does.
                elements.append(Self.segmentElement(first, start: true))
                for segment in list { elements.append(Self.segmentElement(segment, start: false)) }
            }
        default:
            warn("brush strokes without a path dropped")
            return []
        }
        var points: [StrokePoint] = []
        points.reserveCapacity(elements.count)
        for element in elements {
            guard let element, let position = element["pos"]?.array, position.count == 2,
                  let x = position[0].number, let y = position[1].number else {
                warn("path elements without a position dropped")
                continue
            }
            let pressure = element["pressure"]?.number ?? 0.5  // Element::PRESSURE_DEFAULT
            guard x.isFinite, y.isFinite, pressure.isFinite else {
                warn("points whose position or pressure is not a finite number dropped")
                continue
            }
            points.append(StrokePoint(location: CGPoint(x: x, y: y), force: pressure))
        }
        pointCount += points.count
        return points
    }

    /// Checks the limit before `count` more points are read.
    private func reserve(_ count: Int) throws(NotebookError) {
        guard count <= limits.maximumPoints - pointCount else {
            throw NotebookError(.rnote, .tooLarge, "more than \(limits.maximumPoints) points")
        }
    }

    /// The element a segment ends at (or, for the first of the old segment list, starts at).
    private static func segmentElement(_ segment: NotebookTree, start: Bool) -> NotebookTree? {
        guard let members = segment.members, members.count == 1 else { return nil }
        let body = members[0].value
        if members[0].key == "dot" { return body["element"] }
        return start ? body["start"] : body["end"]
    }

    /// `{"smooth": {"stroke_width": 2, "stroke_color": {"r", "g", "b", "a"}}}`, `rough`, `textured`.
    private mutating func style(_ style: NotebookTree?) -> Ink {
        var ink = Ink(tool: .pen, color: .black, width: 2)  // SmoothOptions::default()
        guard let style, !style.isNull else { return ink }
        guard let members = style.members, members.count == 1 else {
            warn("stroke styles that are not one style variant read as the default (smooth, black, width 2)")
            return ink
        }
        let options = members[0].value
        switch members[0].key {
        case "smooth", "rough": ink.tool = .pen
        case "textured": ink.tool = .pencil
        case let other: warn("the unknown stroke style '\(other.prefix(40))' read as smooth")
        }
        if let width = options["stroke_width"]?.finite, width > 0 { ink.width = width }
        if let color = options["stroke_color"], !color.isNull {
            if let parsed = Self.color(color) {
                ink.color = parsed
            } else {
                warn("stroke colours that are not {r, g, b, a} read as black")
            }
        }
        return ink
    }

    /// Rnote's colour: components from 0 to 1; a missing one as in `Color::default()` (black).
    static func color(_ tree: NotebookTree) -> Ink.Color? {
        guard tree.members != nil else { return nil }
        func component(_ name: String, _ fallback: Double) -> UInt8 {
            let value = tree[name]?.finite ?? fallback
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        return Ink.Color(red: component("r", 0), green: component("g", 0), blue: component("b", 0), alpha: component("a", 1))
    }

    // MARK: Where an element is

    /// The centre of the points' bounding box.
    static func center(of points: [StrokePoint]) -> CGPoint? {
        guard var minX = points.first?.location.x, var minY = points.first?.location.y else { return nil }
        var maxX = minX, maxY = minY
        for point in points {
            minX = min(minX, point.location.x)
            maxX = max(maxX, point.location.x)
            minY = min(minY, point.location.y)
            maxY = max(maxY, point.location.y)
        }
        let center = CGPoint(x: minX / 2 + maxX / 2, y: minY / 2 + maxY / 2)
        return center.x.isFinite && center.y.isFinite ? center : nil
    }

    /// The translation of a `{"affine": [...]}` transform: the last column of nalgebra's
    /// column-major 3×3 matrix (9 values), or of the 3×2 one that Rnote 0.15 writes (6 values).
    static func translation(_ transform: NotebookTree?) -> CGPoint? {
        guard let affine = transform?["affine"]?.array else { return nil }
        let indices: (Int, Int)
        switch affine.count {
        case 9: indices = (6, 7)
        case 6: indices = (4, 5)
        default: return nil
        }
        guard let x = affine[indices.0].finite, let y = affine[indices.1].finite else { return nil }
        return CGPoint(x: x, y: y)
    }

    /// A point that places a shape, text or image: its `start` (lines, arrows, curves,
    /// polylines), a `pos`, or the translation of its `transform` (rectangles and ellipses are
    /// centred on it), searched a few levels down (`shape`, `rectangle`, `image`, variant
    /// wrappers). Nil where none is found.
    static func anchor(_ tree: NotebookTree, depth: Int = 0) -> CGPoint? {
        guard depth < 6, let members = tree.members else { return nil }
        for key in ["start", "pos"] {
            if let values = tree[key]?.array, values.count == 2, let x = values[0].finite, let y = values[1].finite {
                return CGPoint(x: x, y: y)
            }
        }
        if let start = tree["start"], let point = anchor(start, depth: depth + 1) { return point }
        if let point = translation(tree["transform"]) { return point }
        for member in members where member.value.members != nil {
            if let point = anchor(member.value, depth: depth + 1) { return point }
        }
        return nil
    }
}
