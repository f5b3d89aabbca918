import Foundation

/// Turns an InkML element tree into a drawing (see `InkML` for the mapping).
struct InkMLReader {
    private struct Context {
        var format: InkMLTraceFormat?
        var brush: Ink?
    }

    /// Where an element is: `ink/traceGroup[0]/trace[3]`, for error messages.
    private struct Location {
        var path: String
        var line: Int
        var column: Int
    }

    private var traceFormats: [String: InkMLTraceFormat] = [:]
    private var contexts: [String: Context] = [:]
    private var brushes: [String: Ink] = [:]
    private var defaultFormat = InkMLTraceFormat.default
    private var currentContext = Context()
    private var strokes: [Stroke] = []
    private var annotations: [String: String] = [:]
    private var strokeMetadata: [(XMLTreeElement, Location)] = []
    private var inkSources: [String: InkMLTraceFormat] = [:]
    private var traceViews = 0
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []

    static func read(_ root: XMLTreeElement) throws(InkMLError) -> (Drawing, [String]) {
        var reader = InkMLReader()
        let location = Location(path: root.localName.description, line: root.line, column: root.column)
        guard root.localName == "ink" else {
            throw reader.invalid(location, "the root element is <\(root.name)>, not <ink>")
        }
        try reader.readDefinitions(of: root, at: location)
        try reader.readContent(of: root, at: location, group: [], context: Context())
        try reader.applyStrokeMetadata()
        return (Drawing(strokes: reader.strokes, annotations: reader.annotations), reader.warnings)
    }

    private func invalid(_ location: Location, _ reason: String) -> InkMLError {
        .invalid(path: location.path, line: location.line, column: location.column, reason: reason)
    }

    private mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    private static func children(of element: XMLTreeElement, at location: Location) -> [(XMLTreeElement, Location)] {
        var counts: [Substring: Int] = [:]
        return element.children.map { child in
            let name = child.localName
            let n = counts[name, default: 0]
            counts[name] = n + 1
            return (child, Location(path: "\(location.path)/\(name)[\(n)]", line: child.line, column: child.column))
        }
    }

    private static func reference(_ raw: String) -> String {
        raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
    }

    /// An element's identifier: `xml:id` as the specification says, or a plain `id`, which
    /// real producers (Tablet PC capture software among them) write instead; said once.
    private mutating func identifier(of element: XMLTreeElement) -> String? {
        if let id = element.attribute("xml:id") { return id }
        guard let id = element.attribute("id") else { return nil }
        warn("'id' read as 'xml:id'")
        return id
    }

    /// All the text inside an element and its descendants, trimmed: what an `annotationXML`
    /// (writer characteristics, a MathML transcription) holds, kept as one annotation.
    private static func allText(of element: XMLTreeElement) -> String {
        var parts: [String] = []
        func visit(_ e: XMLTreeElement) {
            let own = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !own.isEmpty { parts.append(own) }
            e.children.forEach(visit)
        }
        visit(element)
        return parts.joined(separator: " ")
    }

    // MARK: Definitions (first pass, so that references may point forward)

    private mutating func readDefinitions(of ink: XMLTreeElement, at location: Location) throws(InkMLError) {
        for (child, here) in Self.children(of: ink, at: location) {
            switch child.localName {
            case "definitions":
                for (definition, there) in Self.children(of: child, at: here) {
                    try define(definition, at: there)
                }
            case "context", "brush", "inkSource":
                try define(child, at: here)
            case "traceFormat":
                let format = try traceFormat(child, at: here)
                if let id = identifier(of: child) { traceFormats[id] = format }
                defaultFormat = format
            default:
                break
            }
        }
    }

    private mutating func define(_ element: XMLTreeElement, at location: Location) throws(InkMLError) {
        switch element.localName {
        case "traceFormat":
            let format = try traceFormat(element, at: location)
            if let id = identifier(of: element) { traceFormats[id] = format }
        case "brush":
            let ink = try brush(element, at: location)
            if let id = identifier(of: element) { brushes[id] = ink }
        case "context":
            // Contexts are resolved when used, since they may refer to later definitions.
            if let id = identifier(of: element) { contexts[id] = try context(element, at: location) }
        case "inkSource":
            // A capture device's description: its trace format is the one its contexts use.
            for (child, here) in Self.children(of: element, at: location) where child.localName == "traceFormat" {
                let format = try traceFormat(child, at: here)
                if let id = identifier(of: child) { traceFormats[id] = format }
                if let id = identifier(of: element) { inkSources[id] = format }
            }
        default:
            warn("<\(element.localName)> in definitions ignored")
        }
    }

    private mutating func context(_ element: XMLTreeElement, at location: Location) throws(InkMLError) -> Context {
        var result = Context()
        if let ref = element.attribute("contextRef") {
            guard let base = contexts[Self.reference(ref)] else { throw invalid(location, "contextRef '\(ref)' names no earlier context") }
            result = base
        }
        if let ref = element.attribute("inkSourceRef") {
            guard let format = inkSources[Self.reference(ref)] else { throw invalid(location, "inkSourceRef '\(ref)' names no inkSource") }
            result.format = format
        }
        if let ref = element.attribute("traceFormatRef") {
            guard let format = traceFormats[Self.reference(ref)] else { throw invalid(location, "traceFormatRef '\(ref)' names no trace format") }
            result.format = format
        }
        if let ref = element.attribute("brushRef") {
            guard let ink = brushes[Self.reference(ref)] else { throw invalid(location, "brushRef '\(ref)' names no brush") }
            result.brush = ink
        }
        for (child, here) in Self.children(of: element, at: location) {
            switch child.localName {
            case "traceFormat":
                let format = try traceFormat(child, at: here)
                if let id = identifier(of: child) { traceFormats[id] = format }
                result.format = format
            case "brush":
                let ink = try brush(child, at: here)
                if let id = identifier(of: child) { brushes[id] = ink }
                result.brush = ink
            default:
                warn("<\(child.localName)> in a context ignored")
            }
        }
        return result
    }

    private mutating func traceFormat(_ element: XMLTreeElement, at location: Location) throws(InkMLError) -> InkMLTraceFormat {
        var channels: [InkMLChannel] = []
        func add(_ element: XMLTreeElement, at location: Location, intermittent: Bool) throws(InkMLError) {
            for (child, here) in Self.children(of: element, at: location) {
                switch child.localName {
                case "channel":
                    guard let name = child.attribute("name"), !name.isEmpty else { throw invalid(here, "a channel needs a name") }
                    var channel = InkMLChannel(name: name, intermittent: intermittent)
                    if name == "X" { channel.isX = true } else if name == "Y" { channel.isY = true }
                    else if let field = InkMLField(channelName: name) {
                        guard let scale = field.scale(units: child.attribute("units")) else {
                            throw invalid(here, "channel \(name) has units '\(child.attribute("units") ?? "")' that InkIndex cannot convert")
                        }
                        channel.field = field
                        channel.scale = scale
                    } else {
                        warn("channel \(name) dropped: the ink model has no field for it")
                    }
                    channels.append(channel)
                case "intermittentChannels":
                    try add(child, at: here, intermittent: true)
                case "regularChannels":
                    try add(child, at: here, intermittent: intermittent)
                default:
                    warn("<\(child.localName)> in a trace format ignored")
                }
            }
        }
        try add(element, at: location, intermittent: false)
        guard channels.contains(where: \.isX), channels.contains(where: \.isY) else {
            throw invalid(location, "a trace format needs channels X and Y")
        }
        guard !channels.contains(where: { ($0.isX || $0.isY) && $0.intermittent }) else {
            throw invalid(location, "channels X and Y cannot be intermittent")
        }
        // Regular channels come first in every point, whatever the order in the document.
        return InkMLTraceFormat(channels: channels.filter { !$0.intermittent } + channels.filter(\.intermittent))
    }

    private mutating func brush(_ element: XMLTreeElement, at location: Location) throws(InkMLError) -> Ink {
        var ink = Ink()
        if let ref = element.attribute("brushRef") {
            guard let base = brushes[Self.reference(ref)] else { throw invalid(location, "brushRef '\(ref)' names no brush") }
            ink = base
        }
        for (child, here) in Self.children(of: element, at: location) where child.localName == "brushProperty" {
            guard let name = child.attribute("name"), let value = child.attribute("value") else {
                throw invalid(here, "a brushProperty needs a name and a value")
            }
            switch name {
            case "width":
                guard let width = Double(value), width.isFinite else { throw invalid(here, "brush width '\(value)' is not a number") }
                ink.width = width
            case "color":
                guard let color = Ink.Color(hexString: value) else { throw invalid(here, "brush color '\(value)' is not #rrggbb") }
                ink.color = Ink.Color(red: color.red, green: color.green, blue: color.blue, alpha: ink.color.alpha)
            case "transparency":
                guard let t = UInt8(value) else { throw invalid(here, "brush transparency '\(value)' is not 0...255") }
                ink.color.alpha = 255 - t
            case "tool":
                ink.tool = Ink.Tool(rawValue: value)
            default:
                warn("brush property \(name) dropped: the ink model has no field for it")
            }
        }
        return ink
    }

    // MARK: Content (second pass, in document order)

    private mutating func readContent(of element: XMLTreeElement, at location: Location, group: [String], context: Context) throws(InkMLError) {
        let context = try resolvedContext(of: element, at: location, inheriting: context)
        let isRoot = group.isEmpty && element.localName == "ink"
        var groupAnnotations: [String: String] = [:]
        for (child, here) in Self.children(of: element, at: location) {
            switch child.localName {
            case "trace":
                try readTrace(child, at: here, group: group, context: isRoot ? Self.merge(currentContext, over: context) : context)
            case "traceGroup":
                let firstStroke = strokes.count
                let id = identifier(of: child) ?? "#\(firstStroke)"
                guard !id.contains("/") else { throw invalid(here, "traceGroup xml:id '\(id)' contains '/'") }
                try readContent(of: child, at: here, group: group + [id],
                                context: isRoot ? Self.merge(currentContext, over: context) : context)
                if strokes.count == firstStroke { warn("empty traceGroup dropped (\(here.path))") }
            case "annotation":
                let key = child.attribute("type") ?? ""
                if isRoot { Self.insert(child.text, for: key, into: &annotations) }
                else { Self.insert(child.text, for: key, into: &groupAnnotations) }
            case "annotationXML" where isRoot && child.attribute("type") == InkML.strokeMetadataType:
                strokeMetadata.append((child, here))
            case "annotationXML":
                // Kept as text (writer characteristics, a transcription), under its type.
                let key = child.attribute("type") ?? "annotationXML"
                if isRoot { Self.insert(Self.allText(of: child), for: key, into: &annotations) }
                else { Self.insert(Self.allText(of: child), for: key, into: &groupAnnotations) }
            case "traceView" where isRoot:
                readTraceView(child, path: identifier(of: child) ?? "view\(traceViews)")
                traceViews += 1
            case "context":
                if isRoot { currentContext = try self.context(child, at: here) } else { warn("<context> inside a traceGroup ignored") }
            case "definitions", "traceFormat", "brush":
                if !isRoot { warn("<\(child.localName)> inside a traceGroup ignored") }
            default:
                warn("<\(child.localName)> ignored")
            }
        }
        if !isRoot {
            let path = group.joined(separator: "/")
            for (type, value) in groupAnnotations {
                Self.insert(value, for: InkML.groupAnnotationPrefix + path + ":" + type, into: &annotations)
            }
        }
    }

    /// Stroke annotations that trace attributes and groups carry (see `InkML`).
    private static let reservedStrokeKeys: Set<String> = [InkML.xmlIDKey, InkML.traceTypeKey, InkML.groupKey]

    private static let traceAttributes: Set<String> = ["xml:id", "id", "contextRef", "brushRef", "type"]

    /// A `traceView` (a segmentation: which traces form a symbol, a word, an expression) kept as
    /// drawing annotations: `inkml:traceView:<path>` lists the traces it names (their ids, space
    /// separated), and `inkml:traceView:<path>:<type>` its annotations; nested views extend the
    /// path with their own id.
    private mutating func readTraceView(_ element: XMLTreeElement, path: String) {
        var refs: [String] = []
        var nested = 0
        for child in element.children {
            switch child.localName {
            case "traceView":
                if let ref = child.attribute("traceDataRef") { refs.append(Self.reference(ref)) }
                if !child.children.isEmpty {
                    readTraceView(child, path: path + "/" + (identifier(of: child) ?? "view\(nested)"))
                    nested += 1
                }
            case "annotation":
                Self.insert(child.text, for: InkML.traceViewPrefix + path + ":" + (child.attribute("type") ?? ""), into: &annotations)
            case "annotationXML":
                Self.insert(Self.allText(of: child), for: InkML.traceViewPrefix + path + ":" + (child.attribute("type") ?? "annotationXML"),
                            into: &annotations)
            default:
                break
            }
        }
        if let ref = element.attribute("traceDataRef") { refs.insert(Self.reference(ref), at: 0) }
        if !refs.isEmpty { annotations[InkML.traceViewPrefix + path] = refs.joined(separator: " ") }
    }

    private static func merge(_ inner: Context, over outer: Context) -> Context {
        Context(format: inner.format ?? outer.format, brush: inner.brush ?? outer.brush)
    }

    /// Keeps every annotation: a repeated key gets `#2`, `#3`, ... appended.
    private static func insert(_ value: String, for key: String, into annotations: inout [String: String]) {
        var unique = key
        var n = 2
        while annotations[unique] != nil { unique = "\(key)#\(n)"; n += 1 }
        annotations[unique] = value
    }

    /// The context an element works in: the inherited one, overridden by the context and brush
    /// its `contextRef` and `brushRef` name (which must exist).
    private func resolvedContext(of element: XMLTreeElement, at location: Location, inheriting inherited: Context) throws(InkMLError) -> Context {
        var context = inherited
        if let ref = element.attribute("contextRef") {
            guard let named = contexts[Self.reference(ref)] else { throw invalid(location, "contextRef '\(ref)' names no context") }
            context = Self.merge(named, over: context)
        }
        if let ref = element.attribute("brushRef") {
            guard let ink = brushes[Self.reference(ref)] else { throw invalid(location, "brushRef '\(ref)' names no brush") }
            context.brush = ink
        }
        return context
    }

    private mutating func readTrace(_ element: XMLTreeElement, at location: Location, group: [String], context: Context) throws(InkMLError) {
        let context = try resolvedContext(of: element, at: location, inheriting: context)
        for attribute in element.attributes where !Self.traceAttributes.contains(attribute.name) && !attribute.name.hasPrefix("xmlns") {
            warn("trace attribute \(attribute.name) dropped")
        }
        let points: [StrokePoint]
        do {
            points = try InkMLTraceValues.decode(element.text, format: context.format ?? defaultFormat)
        } catch {
            throw invalid(location, "point \(error.point): \(error.reason)")
        }
        var stroke = Stroke(id: UUID(), points: points, ink: context.brush ?? Ink())
        if let xmlID = identifier(of: element) {
            stroke.id = InkML.strokeID(forXMLID: xmlID)
            if UUID(uuidString: xmlID)?.uuidString != xmlID { stroke.annotations[InkML.xmlIDKey] = xmlID }
        } else {
            stroke.id = UUID(deterministicFrom: "inkml-trace#\(strokes.count):\(element.text)")
        }
        if let type = element.attribute("type"), type != "penDown" { stroke.annotations[InkML.traceTypeKey] = type }
        if !group.isEmpty { stroke.annotations[InkML.groupKey] = group.joined(separator: "/") }
        strokes.append(stroke)
    }

    /// Applies InkIndex's per-stroke block: annotations, transform and ids that traces cannot hold.
    private mutating func applyStrokeMetadata() throws(InkMLError) {
        for (block, location) in strokeMetadata {
            for (entry, here) in Self.children(of: block, at: location) where entry.localName == "stroke" {
                guard let raw = entry.attribute("index"), let index = Int(raw), strokes.indices.contains(index) else {
                    throw invalid(here, "stroke index '\(entry.attribute("index") ?? "")' names no trace")
                }
                if let raw = entry.attribute("id") {
                    guard let id = UUID(uuidString: raw) else { throw invalid(here, "stroke id '\(raw)' is not a UUID") }
                    strokes[index].id = id
                }
                if let raw = entry.attribute("transform") {
                    let parts = raw.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                    guard parts.count == 6, parts.allSatisfy(\.isFinite) else { throw invalid(here, "transform '\(raw)' is not six numbers") }
                    strokes[index].transform = StrokeTransform(a: parts[0], b: parts[1], c: parts[2], d: parts[3], tx: parts[4], ty: parts[5])
                }
                for (annotation, _) in Self.children(of: entry, at: here) where annotation.localName == "annotation" {
                    let key = annotation.attribute("type") ?? ""
                    // The writer puts a reserved annotation here only where the trace cannot
                    // carry it, so it takes the place of whatever the trace gave.
                    if Self.reservedStrokeKeys.contains(key) {
                        strokes[index].annotations[key] = annotation.text
                    } else {
                        Self.insert(annotation.text, for: key, into: &strokes[index].annotations)
                    }
                }
            }
        }
    }
}
