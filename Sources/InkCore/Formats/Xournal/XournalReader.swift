import Foundation

/// Turns a Xournal++ element tree into pages (see `Xournal` for the mapping).
struct XournalReader {
    struct Document {
        var title: String?
        var creator: String?
        var fileVersion: Int?
        var pages: [XournalNotebook.Page]
        var warnings: [String]
    }

    private let fileIdentity: String
    /// Xournal++ takes a document without a version for version 1 (old Xournal).
    private let fileVersion: Int
    private var warnings: [String] = []
    private var warned: Set<String> = []

    private init(fileIdentity: String, fileVersion: Int) {
        self.fileIdentity = fileIdentity
        self.fileVersion = fileVersion
    }

    static func read(_ root: XMLTreeElement, fileIdentity: String, packageFileVersion: Int?) throws(XournalError) -> Document {
        guard root.localName == "xournal" else {
            throw .notXournal(reason: "the XML root is <\(root.name)>, not <xournal>")
        }
        let declared = root.attribute("fileversion").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let version = packageFileVersion ?? declared
        var reader = XournalReader(fileIdentity: fileIdentity, fileVersion: version ?? 1)
        // Old Xournal wrote only its version; Xournal++ names such files the same way.
        let creator = root.attribute("creator") ?? root.attribute("version").map { "Xournal " + $0 }
        var document = Document(title: nil, creator: creator, fileVersion: version, pages: [], warnings: [])
        for child in root.children {
            switch child.localName {
            case "title":
                document.title = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
            case "preview":
                break  // a thumbnail of the first page
            case "page":
                let page = try reader.readPage(child, number: document.pages.count + 1)
                document.pages.append(page)
            default:
                reader.warn("<\(child.localName)> ignored")
            }
        }
        document.warnings = reader.warnings
        return document
    }

    private mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    // MARK: Pages and layers

    private mutating func readPage(_ element: XMLTreeElement, number: Int) throws(XournalError) -> XournalNotebook.Page {
        let width = try Self.dimension("width", of: element, page: number)
        let height = try Self.dimension("height", of: element, page: number)
        let id = DrawingFile.pageID(fileIdentity: fileIdentity, pageNumber: number)
        var page = XournalNotebook.Page(id: id, number: number, width: width, height: height)
        var strokeIndex = 0
        // Strokes of this page so far with the same coordinate text, so that identical strokes
        // still get distinct ids.
        var seen: [String: Int] = [:]
        for child in element.children {
            switch child.localName {
            case "background":
                page.background = background(child)
            case "layer":
                // Early Xournal++ files put the audio timestamp in a <timestamp> before its stroke.
                var timestamp: XMLTreeElement?
                for item in child.children {
                    switch item.localName {
                    case "stroke":
                        let index = strokeIndex
                        strokeIndex += 1
                        try readStroke(item, index: index, timestamp: timestamp, page: &page, seen: &seen)
                        timestamp = nil
                    case "text":
                        readText(item, page: &page)
                        timestamp = nil
                    case "image":
                        page.skipped.images += 1
                    case "teximage":
                        page.skipped.latex += 1
                        if let source = item.attribute("text") {
                            Self.insert(source, for: Xournal.latexKey, into: &page.drawing.annotations)
                        }
                    case "timestamp":
                        timestamp = item
                    default:
                        page.skipped.other += 1
                        warn("<\(item.localName)> in a layer ignored")
                    }
                }
            default:
                warn("<\(child.localName)> in a page ignored")
            }
        }
        return page
    }

    private static func dimension(_ name: String, of element: XMLTreeElement, page: Int) throws(XournalError) -> Double {
        guard let raw = element.attribute(name) else {
            throw .invalidPage(page: page, line: element.line, reason: "the page has no \(name)")
        }
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else {
            throw .invalidPage(page: page, line: element.line, reason: "\(name) '\(raw)' is not a number of points")
        }
        return value
    }

    private mutating func background(_ element: XMLTreeElement) -> XournalNotebook.Background {
        let type = element.attribute("type") ?? ""
        var color: Ink.Color?
        if let raw = element.attribute("color") {
            let name = raw.trimmingCharacters(in: .whitespaces)
            color = name.hasPrefix("#") ? Ink.Color(hexString: name) : Self.backgroundColors[name.lowercased()].map(Self.opaque)
            if color == nil { warn("background colors that are neither #rrggbbaa nor a Xournal paper color dropped") }
        }
        if type == "pixmap" || type == "pdf" { warn("\(type) backgrounds are not read; only their type is kept") }
        return XournalNotebook.Background(type: type, color: color, style: element.attribute("style"))
    }

    // MARK: Strokes

    private static let strokeAttributes: Set<String> = ["tool", "color", "width", "ts", "fn"]

    private mutating func readStroke(_ element: XMLTreeElement, index: Int, timestamp: XMLTreeElement?,
                                     page: inout XournalNotebook.Page, seen: inout [String: Int]) throws(XournalError) {
        let tool = element.attribute("tool") ?? "pen"
        // Whiteout is not writing; its points are not even parsed.
        guard tool != "eraser" else {
            page.skipped.erasers += 1
            return
        }
        let locations = try Self.locations(element.text, page: page.number, stroke: index, line: element.line)
        guard !locations.isEmpty else {
            page.skipped.other += 1
            warn("strokes without points dropped")
            return
        }
        let highlighter = tool == "highlighter"
        if !highlighter && tool != "pen" { warn("stroke tool '\(tool)' kept as written") }
        var ink = Ink(tool: highlighter ? .marker : Ink.Tool(rawValue: tool))
        ink.color = inkColor(element.attribute("color"), highlighter: highlighter, of: "stroke")
        let (nominal, perPoint) = pointWidths(element.attribute("width"), points: locations.count)
        ink.width = nominal
        var points: [StrokePoint] = []
        points.reserveCapacity(locations.count)
        for (k, location) in locations.enumerated() {
            var point = StrokePoint(location: location)
            if let perPoint {
                point.size = CGSize(width: perPoint[k], height: perPoint[k])
                if let nominal, nominal > 0 { point.force = perPoint[k] / nominal }
            }
            points.append(point)
        }
        var annotations: [String: String] = [:]
        if let ts = element.attribute("ts") ?? timestamp?.attribute("ts") {
            annotations[Xournal.timestampKey] = ts
            if let value = Double(ts.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 {
                // Milliseconds since the recording began; seconds before file version 4.
                points[0].time = fileVersion >= 4 ? value / 1000 : value
            } else {
                warn("stroke timestamps that are not numbers kept only as annotations")
            }
        }
        if let fn = element.attribute("fn") ?? timestamp?.attribute("fn"), !fn.isEmpty {
            annotations[Xournal.audioFileKey] = fn
        }
        for attribute in element.attributes where !Self.strokeAttributes.contains(attribute.name) {
            // Xournal++ writes these defaults on every stroke; only other values are lost.
            if (attribute.name == "fill" && attribute.value == "-1") || (attribute.name == "capStyle" && attribute.value == "round") {
                continue
            }
            warn("stroke attribute \(attribute.name) dropped")
        }
        // From the coordinates rather than the position in the page, so that a stroke keeps its
        // id (and its recognized words) when strokes before it are added or erased.
        let occurrence = seen[element.text, default: 0]
        seen[element.text] = occurrence + 1
        let id = UUID(deterministicFrom: "xournal-stroke:\(page.id.uuidString):\(occurrence):\(element.text)")
        page.drawing.strokes.append(Stroke(id: id, points: points, ink: ink, annotations: annotations))
        if highlighter { page.highlighterStrokes += 1 }
    }

    /// The stroke text: x y pairs separated by white space. O(text length).
    static func locations(_ text: String, page: Int, stroke: Int, line: Int) throws(XournalError) -> [CGPoint] {
        var values: [Double] = []
        for token in text.utf8.split(whereSeparator: XournalContainer.isSpace) {
            guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else {
                let shown = String(decoding: token.prefix(40), as: UTF8.self)
                throw .malformedStroke(page: page, stroke: stroke, line: line,
                                       reason: "value \(values.count + 1), '\(shown)', is not a finite number")
            }
            values.append(value)
        }
        guard values.count % 2 == 0 else {
            throw .malformedStroke(page: page, stroke: stroke, line: line,
                                   reason: "has \(values.count) number\(values.count == 1 ? "" : "s"); coordinates come in x y pairs")
        }
        var locations: [CGPoint] = []
        locations.reserveCapacity(values.count / 2)
        for k in stride(from: 0, to: values.count, by: 2) {
            locations.append(CGPoint(x: values[k], y: values[k + 1]))
        }
        return locations
    }

    /// The nominal width, and each point's width where the attribute gives them: Xournal and
    /// Xournal++ write one value per segment (points − 1; the last point repeats the last
    /// segment's), other writers one per point. Any other count, or a value that is not a
    /// positive number, leaves only the nominal width.
    private mutating func pointWidths(_ raw: String?, points count: Int) -> (nominal: Double?, perPoint: [Double]?) {
        guard let raw else { return (nil, nil) }
        var values: [Double] = []
        for token in raw.utf8.split(whereSeparator: XournalContainer.isSpace) {
            guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite, value >= 0 else {
                warn("stroke widths that are not numbers ignored")
                return (values.first, nil)
            }
            values.append(value)
        }
        guard let nominal = values.first else { return (nil, nil) }
        let extra = Array(values.dropFirst())
        if extra.isEmpty { return (nominal, nil) }
        guard extra.allSatisfy({ $0 > 0 }) else {
            warn("pressure widths that are not positive ignored; the nominal width is kept")
            return (nominal, nil)
        }
        if extra.count == count { return (nominal, extra) }
        if extra.count == count - 1, let last = extra.last { return (nominal, extra + [last]) }
        warn("pressure widths whose count fits neither the points nor the segments ignored; the nominal width is kept")
        return (nominal, nil)
    }

    // MARK: Text

    private mutating func readText(_ element: XMLTreeElement, page: inout XournalNotebook.Page) {
        page.skipped.texts += 1
        var color: Ink.Color?
        if let raw = element.attribute("color") { color = inkColor(raw, highlighter: false, of: "text") }
        let text = element.text
        page.texts.append(XournalNotebook.TypedText(
            text: text, x: Self.number("x", of: element) ?? 0, y: Self.number("y", of: element) ?? 0,
            font: element.attribute("font"), size: Self.number("size", of: element), color: color))
        if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            Self.insert(text, for: Xournal.textKey, into: &page.drawing.annotations)
        }
    }

    private static func number(_ name: String, of element: XMLTreeElement) -> Double? {
        guard let raw = element.attribute(name), let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// Keeps every value: a repeated key gets `#2`, `#3`, ... appended (as InkML annotations do).
    private static func insert(_ value: String, for key: String, into annotations: inout [String: String]) {
        var unique = key
        var n = 2
        while annotations[unique] != nil { unique = "\(key)#\(n)"; n += 1 }
        annotations[unique] = value
    }

    // MARK: Colors

    private mutating func inkColor(_ raw: String?, highlighter: Bool, of what: String) -> Ink.Color {
        guard let raw else { return .black }
        if let color = Self.color(raw, highlighter: highlighter) { return color }
        warn("\(what) colors that are neither #rrggbbaa nor a Xournal color name read as black")
        return .black
    }

    /// `#rrggbb`, `#rrggbbaa` or one of Xournal's pen color names; a named highlighter color is
    /// half transparent, as Xournal draws it.
    static func color(_ raw: String, highlighter: Bool) -> Ink.Color? {
        let name = raw.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("#") { return Ink.Color(hexString: name) }
        guard let rgb = penColors[name.lowercased()] else { return nil }
        var color = opaque(rgb)
        if highlighter { color.alpha = 0x80 }
        return color
    }

    private static func opaque(_ rgb: UInt32) -> Ink.Color {
        Ink.Color(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// Xournal's pen colors, which Xournal++ also reads.
    private static let penColors: [String: UInt32] = [
        "black": 0x000000, "blue": 0x3333cc, "red": 0xff0000, "green": 0x008000, "gray": 0x808080,
        "lightblue": 0x00c0ff, "lightgreen": 0x00ff00, "magenta": 0xff00ff, "orange": 0xff8000,
        "yellow": 0xffff00, "white": 0xffffff,
    ]

    /// Xournal's paper colors: the same names as some pen colors, paler.
    private static let backgroundColors: [String: UInt32] = [
        "white": 0xffffff, "blue": 0xa0e8ff, "pink": 0xffc0d4, "green": 0x80ffc0, "orange": 0xffc080, "yellow": 0xffff80,
    ]
}
